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

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let form = await FeatureRun(
      BookCaseFormReducer(), state: .init(name: name, description: description), storage: session.storage
    ).send(.saveButtonTapped)
    if let error = form.error { throw Failure(error) }
    guard let bookCase = form.savedBookCase else { throw Failure("the bookcase was not saved") }
    Streams.out("Created bookcase “\(bookCase.name)” (id \(bookCase.id)).\n")
  }
}
