import ArgumentParser
import BookCaseFeature

struct AddWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-word",
    abstract: "Add a word to a bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Argument(help: "The word or phrase being learnt.")
  var term: String

  @Argument(help: "What it means.")
  var meaning: String

  @Option(help: "An example sentence.")
  var example: String = ""

  @Option(help: "A note to yourself.")
  var note: String = ""

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    let run = FeatureRun(WordEditorReducer(), state: .init(addingTo: bookCase.id), storage: session.storage)
    await run.send(
      .termChanged(term), .meaningChanged(meaning), .exampleChanged(example), .noteChanged(note),
      .saveButtonTapped
    )
    let word = try run.outcome(\.delegate.added, or: \.error)
    Streams.out("Added word \(word.id) “\(word.term)” to “\(bookCase.name)”.\n")
  }
}
