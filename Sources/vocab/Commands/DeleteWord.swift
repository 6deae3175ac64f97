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

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(WordEditorReducer(), state: .init(wordID: wordID), storage: session.storage)
    if let error = await run.send(.loadWord).error { throw Failure(error) }
    guard let word = await run.send(.deleteButtonTapped).wordToDelete else {
      throw Failure("the deletion of word \(wordID) could not be requested")
    }
    guard try Confirmation.delete("word \(word.id) “\(word.term)”", yes: yes, terminal: session.terminal) else {
      await run.send(.deleteCancelled)
      throw Failure("cancelled; nothing was deleted")
    }
    let editor = await run.send(.deleteConfirmed)
    if let error = editor.error { throw Failure(error) }
    Streams.out("Deleted word \(word.id) “\(word.term)”.\n")
  }
}
