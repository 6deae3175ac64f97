import ArgumentParser
import ReviewFeature

struct Due: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "due",
    abstract: "What is due now, per state, and when the next card is.",
    discussion: """
      The counts are what a review session would show now: learning and relearning cards that are due, and
      new and review cards that are due only as many as the bookcase's daily limits leave today (a review day
      starts at 04:00 local time). "next" is the earliest due time of a card that is not due yet.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase.", completion: Completions.bookCase)
  var bookcase: String?

  @Flag(help: "Print JSON instead of text.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCaseID = try await session.bookCaseID(bookcase)
    let due = await FeatureRun(DueReducer(), state: .init(bookCaseID: bookCaseID), storage: session.storage).send(.onAppear)
    if let error = due.error { throw Failure(error) }
    guard let counts = due.counts else { throw Failure("the due cards were not counted") }
    Streams.out(json ? JSONShapes.due(counts) : Listings.due(counts))
  }
}
