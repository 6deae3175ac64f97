import ArgumentParser
import BookCaseFeature
import ReviewFeature
import Storage

struct List: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the bookcases with their word and due card counts, or the words of one bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase is listed.", completion: Completions.bookCase)
  var bookcase: String?

  @Option(help: "With a bookcase: only its words with this tag (any case).")
  var tag: String?

  @Option(help: "With a bookcase: the order of its words (added, term, updated).")
  var sort: WordListing.Order = .added

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  func validate() throws {
    if bookcase == nil, tag != nil || sort != .added {
      throw ValidationError("--tag and --sort list a bookcase's words: name the bookcase.")
    }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    if let bookcase {
      let bookCase = try await session.bookCase(bookcase)
      let detail = await FeatureRun(
        BookCaseDetailReducer(), state: .init(bookCase: bookCase, listing: WordListing(tag: tag, order: sort)),
        storage: session.storage
      ).send(.onAppear)
      if let error = detail.error { throw Failure(error) }
      Streams.out(Listings.words(of: detail.bookCase, detail.words, json: json, terminal: session.terminal))
    } else {
      let list = await FeatureRun(BookCaseListReducer(), state: .init(), storage: session.storage)
        .send(.onAppear)
      if let error = list.error { throw Failure(error) }
      let due = await FeatureRun(DueReducer(), state: .init(bookCaseID: nil), storage: session.storage).send(.onAppear)
      if let error = due.error { throw Failure(error) }
      let dueByBookCase = due.counts?.byBookCase.mapValues(\.all) ?? [:]
      Streams.out(Listings.bookCases(list.bookCases, due: dueByBookCase, json: json, terminal: session.terminal))
    }
  }
}

extension WordListing.Order: ExpressibleByArgument {}
