import ArgumentParser
import BookCaseFeature
import ReviewFeature

struct Show: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one word with every field whole, and the bookcase it is in."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Flag(help: "Print JSON instead of text (the word with its card).")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let detail = await FeatureRun(WordDetailReducer(), state: .init(wordID: wordID), storage: session.storage)
      .send(.onAppear)
    if let error = detail.error { throw Failure(error) }
    guard let word = detail.word, let bookCase = detail.bookCase else { throw Failure("word \(wordID) was not read") }
    guard json else { return Streams.out(Listings.word(word, in: bookCase, terminal: session.terminal)) }
    let card = await FeatureRun(CardReducer(), state: .init(wordID: wordID), storage: session.storage).send(.onAppear)
    if let error = card.error { throw Failure(error) }
    guard let stored = card.card else { throw Failure("the card of word \(wordID) was not read") }
    Streams.out(JSONShapes.word(word, card: stored))
  }
}
