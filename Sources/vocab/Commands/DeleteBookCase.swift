import ArgumentParser
import BookCaseFeature

struct DeleteBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-bookcase",
    abstract: "Delete a bookcase and every word in it.",
    discussion: "Asks for confirmation on a terminal; when stdin is not a terminal, --yes is required.",
    aliases: ["delete"]
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  @Flag(help: "Print what was changed as JSON.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    let run = FeatureRun(
      BookCaseListReducer(), state: .init(bookCases: [bookCase]), storage: session.storage
    )
    let list = await run.send(.deleteRequested(bookCase))
    let deleted = try await run.answer(
      list.destination?.confirmDelete, yes: yes, terminal: session.terminal,
      confirm: { .destination(.presented(.confirmDelete($0))) }, dismiss: .destination(.dismiss),
      deleted: \.delegate.deleted, error: \.error
    )
    Streams.out(
      json ? JSONShapes.bookCase(deleted) : "Deleted bookcase “\(deleted.name)” and \(deleted.wordCountPhrase).\n")
  }
}
