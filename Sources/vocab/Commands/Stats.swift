import ArgumentParser
import ReviewFeature

struct Stats: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Reviews per day, retention, and cards per state.",
    discussion: """
      A review day runs from 04:00 to 04:00 local time and is named by the date it began. Retention is the
      share of reviews of cards in the review state that were not rated again.
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
    let run = await FeatureRun(StatsReducer(), state: .init(bookCaseID: bookCaseID), storage: session.storage).send(.onAppear)
    if let error = run.error { throw Failure(error) }
    guard let stats = run.stats else { throw Failure("the statistics were not read") }
    Streams.out(json ? JSONShapes.stats(stats) : Listings.stats(stats, terminal: session.terminal))
  }
}
