import ArgumentParser
import BookCaseFeature

struct RenameBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-bookcase",
    abstract: "Rename a bookcase, and optionally change its description."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Argument(help: "Its new name.")
  var newName: String

  @Option(help: "A new description (the old one is kept when omitted).")
  var description: String?

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    let run = FeatureRun(BookCaseFormReducer(), state: .init(renaming: bookCase), storage: session.storage)
    await run.send(.nameChanged(newName))
    if let description { await run.send(.descriptionChanged(description)) }
    await run.send(.saveButtonTapped)
    let renamed = try run.outcome(\.delegate.renamed, or: \.error)
    Streams.out("Renamed bookcase \(renamed.id) from “\(bookCase.name)” to “\(renamed.name)”.\n")
  }
}
