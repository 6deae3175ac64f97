import ArgumentParser
import BookCaseFeature

struct Refresh: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh",
    abstract: "Reload and print the bookcases (or one bookcase's words); with --watch, keep printing on each change.",
    discussion: "With --watch, the listing is printed again whenever the database changes, also from another process, until interrupted (Ctrl-C exits with 0) or until the bookcase watched is deleted (exit 1)."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase is shown.", completion: Completions.bookCase)
  var bookcase: String?

  @Flag(help: "Print JSON instead of a table (one document per line).")
  var json = false

  @Flag(help: "Print again each time the data changes, until interrupted.")
  var watch = false

  @MainActor
  func run() async throws {
    if watch { Watch.listenForTheEnd() }
    let session = try Session.open(global)
    if let bookcase {
      let bookCase = try await session.bookCase(bookcase)
      let run = FeatureRun(BookCaseDetailReducer(), state: .init(bookCase: bookCase), storage: session.storage)
      try await Watch.show(run, refresh: .refreshWords, watch: watch ? .task : nil, terminal: session.terminal) { detail throws(Failure) in
        if let error = detail.error { throw Failure(error) }
        return detail.isLoading
          ? nil : Listings.words(of: detail.bookCase, detail.words, json: json, terminal: session.terminal)
      } isGone: { $0.isBookCaseGone }
    } else {
      let run = FeatureRun(BookCaseListReducer(), state: .init(), storage: session.storage)
      try await Watch.show(run, refresh: .refreshBookCases, watch: watch ? .task : nil, terminal: session.terminal) { list throws(Failure) in
        if let error = list.error { throw Failure(error) }
        return list.isLoading ? nil : Listings.bookCases(list.bookCases, json: json, terminal: session.terminal)
      }
    }
  }
}
