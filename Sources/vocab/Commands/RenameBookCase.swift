import ArgumentParser

struct RenameBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename-bookcase",
    abstract: "Rename a bookcase, and optionally change its description."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.")
  var bookcase: String

  @Argument(help: "Its new name.")
  var newName: String

  @Option(help: "A new description (the old one is kept when omitted).")
  var description: String?

  func run() async throws {
  }
}
