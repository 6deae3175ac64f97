import ArgumentParser
import BookCaseFeature

struct AddBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-bookcase",
    abstract: "Create a bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The new bookcase's name (unique, ignoring case).")
  var name: String

  @Option(help: "A description of the bookcase.")
  var description: String = ""

  @Flag(help: "Print what was changed as JSON.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(
      BookCaseFormReducer(), state: .init(name: name, description: description), storage: session.storage
    )
    await run.send(.saveButtonTapped)
    let bookCase = try run.outcome(\.delegate.created, or: \.error)
    Streams.out(json ? JSONShapes.bookCase(bookCase) : "Created bookcase “\(bookCase.name)” (id \(bookCase.id)).\n")
  }
}
