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

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    let run = FeatureRun(
      BookCaseListReducer(), state: .init(bookCases: [bookCase]), storage: session.storage
    )
    guard let pending = await run.send(.deleteRequested(bookCase)).bookCaseToDelete else {
      throw Failure("the deletion of “\(bookCase.name)” could not be requested")
    }
    let words = pending.wordCount == 1 ? "its 1 word" : "its \(pending.wordCount) words"
    let what = "bookcase “\(pending.name)” (id \(pending.id)) and \(words)"
    guard try Confirmation.delete(what, yes: yes, terminal: session.terminal) else {
      await run.send(.deleteCancelled)
      throw Failure("cancelled; nothing was deleted")
    }
    let list = await run.send(.deleteConfirmed)
    if let error = list.error { throw Failure(error) }
    Streams.out("Deleted bookcase “\(pending.name)” and \(words).\n")
  }
}
