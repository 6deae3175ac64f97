import ArgumentParser

struct AddWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add-word",
    abstract: "Add a word to a bookcase."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.")
  var bookcase: String

  @Argument(help: "The word or phrase being learnt.")
  var term: String

  @Argument(help: "What it means.")
  var meaning: String

  @Option(help: "An example sentence.")
  var example: String = ""

  @Option(help: "A note to yourself.")
  var note: String = ""

  func run() async throws {
  }
}
