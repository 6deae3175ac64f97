import ArgumentParser
import BookCaseFeature
import SearchFeature
import SearchKeys
import Storage

struct Search: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find words in every bookcase by any part of their term, reading, meaning, example or note.",
    discussion: """
      Case, accents, width and katakana/hiragana are ignored (`cafe` finds `café`, `こーひー` finds `コーヒー`); \
      Hangul initial consonants alone (`ㅎㄱ`) match syllable initials (`학교`). The query is text, never syntax: \
      quotes, `*`, `AND` and the like are searched for as written. Best matches first: the term itself, terms \
      starting with it, other term and reading matches, then meaning, example and note. Put `--` before a query \
      that starts with `-`.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "What to look for.")
  var query: String

  @Option(help: "Only the words of this bookcase (its name or id).", completion: Completions.bookCase)
  var bookcase: String?

  @Option(help: "Only the words with this tag (any case).")
  var tag: String?

  @Option(help: "Where to look: term, reading, meaning, example, note or any.")
  var field: SearchField = .any

  @Option(help: "At most this many words, the best first.")
  var limit = 100

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  func validate() throws {
    if query.isEmpty { throw ValidationError("The query is empty: say what to look for.") }
    if limit < 1 { throw ValidationError("--limit must be at least 1.") }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCaseID = try await session.bookCaseID(bookcase)
    let search = await FeatureRun(
      SearchReducer(),
      state: .init(search: WordSearch(query, bookCaseID: bookCaseID, tag: tag, field: field, limit: limit)),
      storage: session.storage
    ).send(.searchSubmitted)
    if let error = search.error { throw Failure(error) }
    if json {
      Streams.out(JSONShapes.foundWords(search.results))
      return
    }
    let list = await FeatureRun(BookCaseListReducer(), state: .init(), storage: session.storage).send(.onAppear)
    if let error = list.error { throw Failure(error) }
    Streams.out(
      Listings.found(
        search.results, query: SearchQuery(query), fields: field.fields, in: Array(list.bookCases), terminal: session.terminal))
  }
}

extension SearchField: ExpressibleByArgument {}
