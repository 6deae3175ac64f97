import ArgumentParser

struct DeleteBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-bookcase",
    abstract: "Delete a bookcase and every word in it.",
    discussion: "Asks for confirmation on a terminal; when stdin is not a terminal, --yes is required.",
    aliases: ["delete"]
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.")
  var bookcase: String

  @Flag(name: [.short, .long], help: "Delete without asking.")
  var yes = false

  func run() async throws {
  }
}
