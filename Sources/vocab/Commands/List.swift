import ArgumentParser

struct List: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the bookcases with their word counts, or the words of one bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase is listed.")
  var bookcase: String?

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  func run() async throws {
  }
}
