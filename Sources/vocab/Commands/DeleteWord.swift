import ArgumentParser

struct DeleteWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-word",
    abstract: "Delete a word.",
    discussion: "Asks for confirmation on a terminal; when stdin is not a terminal, --yes is required."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).")
  var wordID: Int64

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  func run() async throws {
  }
}
