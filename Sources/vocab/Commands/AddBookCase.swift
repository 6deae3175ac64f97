import ArgumentParser

struct AddBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-bookcase",
    abstract: "Create a bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The new bookcase's name (unique, ignoring case).")
  var name: String

  @Option(help: "A description of the bookcase.")
  var description: String = ""

  func run() async throws {
  }
}
