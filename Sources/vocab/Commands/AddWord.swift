import ArgumentParser
import BookCaseFeature

struct AddWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-word",
    abstract: "Add a word to a bookcase.",
    discussion: """
      A term the bookcase already has (the same term and reading, ignoring case and Unicode normalisation) is
      added all the same, with a note on stderr naming the word already there; --unique refuses it instead.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Argument(help: "The word or phrase being learnt.")
  var term: String

  @Argument(help: "What it means.")
  var meaning: String

  @Option(help: "How it is read or pronounced (furigana, pinyin, romanisation).")
  var reading: String = ""

  @Option(help: "An example sentence.")
  var example: String = ""

  @Option(help: "A note to yourself.")
  var note: String = ""

  @Option(name: .customLong("tag"), help: "A tag (one word; `jlpt::n3` for a hierarchy). Repeat for more.")
  var tags: [String] = []

  @Flag(help: "Refuse a term the bookcase already has, instead of adding it beside that word.")
  var unique = false

  @Flag(help: "Print the word added as JSON.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    var editor = WordEditorReducer.State(addingTo: bookCase.id)
    editor.duplicates = unique ? .refuse : .report
    let run = FeatureRun(WordEditorReducer(), state: editor, storage: session.storage)
    await run.send(.termChanged(term), .readingChanged(reading), .meaningChanged(meaning), .exampleChanged(example))
    for tag in tags { await run.send(.tagAdded(tag)) }
    await run.send(.noteChanged(note), .saveButtonTapped)
    if case let .termAlreadyInBookCase(term, wordID)? = run.store.state.error {
      throw Failure("“\(term)” is already in “\(bookCase.name)” as word \(wordID); nothing was added (--unique)")
    }
    let word = try run.outcome(\.delegate.added, or: \.error)
    if let existing = run.sent(\.delegate.termAlreadyThere) {
      Streams.err("vocab: note: “\(existing.term)” is already in “\(bookCase.name)” as word \(existing.id)\n")
    }
    Streams.out(json ? JSONShapes.word(word) : "Added word \(word.id) “\(word.term)” to “\(bookCase.name)”.\n")
  }
}
