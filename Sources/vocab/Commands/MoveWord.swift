import ArgumentParser
import BookCaseFeature

struct MoveWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move-word",
    abstract: "Move a word to another bookcase (its id, guid and tags stay)."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Argument(help: "The bookcase to move it to, by name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Flag(help: "Print the word as JSON.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let found = await FeatureRun(WordDetailReducer(), state: .init(wordID: wordID), storage: session.storage)
      .send(.onAppear)
    if let error = found.error { throw Failure(error) }
    guard let word = found.word, let from = found.bookCase else { throw Failure("word \(wordID) was not read") }
    let target = try await session.bookCase(bookcase)
    let run = FeatureRun(BookCaseDetailReducer(), state: .init(bookCase: from), storage: session.storage)
    await run.send(.moveWordRequested(word, to: target.id))
    if let error = run.store.state.error { throw Failure(error) }
    let moved = run.sent(\.delegate.wordMoved) ?? word
    Streams.out(
      json
        ? JSONShapes.word(moved)
        : from.id == target.id
          ? "Word \(word.id) “\(word.term)” is already in “\(target.name)”.\n"
          : "Moved word \(word.id) “\(word.term)” from “\(from.name)” to “\(target.name)”.\n")
  }
}
