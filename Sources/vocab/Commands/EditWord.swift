import ArgumentParser

struct EditWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit-word",
    abstract: "Change a word's term, meaning, example or note.",
    discussion: "Fields not given keep their value; pass an empty string to clear the example or note."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).")
  var wordID: Int64

  @Option(help: "The new term.")
  var term: String?

  @Option(help: "The new meaning.")
  var meaning: String?

  @Option(help: "The new example sentence.")
  var example: String?

  @Option(help: "The new note.")
  var note: String?

  func validate() throws {
    if term == nil, meaning == nil, example == nil, note == nil {
      throw ValidationError("Nothing to change: give at least one of --term, --meaning, --example, --note.")
    }
  }

  func run() async throws {
  }
}
