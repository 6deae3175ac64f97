import ArgumentParser
import BookCaseFeature

struct DeleteWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-word",
    abstract: "Delete a word.",
    discussion: "Asks for confirmation on a terminal; when stdin is not a terminal, --yes is required."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  @Flag(help: "Print what was changed as JSON.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(WordEditorReducer(), state: .init(wordID: wordID), storage: session.storage)
    if let error = await run.send(.loadWord).error { throw Failure(error) }
    let editor = await run.send(.deleteButtonTapped)
    let word = try await run.answer(
      editor.destination?.confirmDelete, yes: yes, terminal: session.terminal,
      confirm: { .destination(.presented(.confirmDelete($0))) }, dismiss: .destination(.dismiss),
      deleted: \.delegate.deleted, error: \.error
    )
    Streams.out(json ? JSONShapes.word(word) : "Deleted word \(word.id) “\(word.term)”.\n")
  }
}
