import ArgumentParser
import BookCaseFeature

struct EditWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit-word",
    abstract: "Change a word's term, meaning, example or note.",
    discussion: "Fields not given keep their value; pass an empty string to clear the example or note."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Option(help: "The new term.")
  var term: String?

  @Option(help: "The new meaning.")
  var meaning: String?

  @Option(help: "The new example sentence.")
  var example: String?

  @Option(help: "The new note.")
  var note: String?

  func validate() throws {
    if term == nil, meaning == nil, example == nil, note == nil {
      throw ValidationError("Nothing to change: give at least one of --term, --meaning, --example, --note.")
    }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(WordEditorReducer(), state: .init(wordID: wordID), storage: session.storage)
    if let error = await run.send(.loadWord).error { throw Failure(error) }
    if let term { await run.send(.termChanged(term)) }
    if let meaning { await run.send(.meaningChanged(meaning)) }
    if let example { await run.send(.exampleChanged(example)) }
    if let note { await run.send(.noteChanged(note)) }
    await run.send(.saveButtonTapped)
    let word = try run.outcome(\.delegate.updated, or: \.error)
    Streams.out("Updated word \(word.id) “\(word.term)”.\n")
  }
}
