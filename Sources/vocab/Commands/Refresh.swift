import ArgumentParser

struct Refresh: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "refresh",
    abstract: "Reload and print the bookcases (or one bookcase's words); with --watch, keep printing on each change.",
    discussion: "With --watch, the listing is printed again whenever the database changes, also from another process, until interrupted (Ctrl-C exits with 0)."
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase is shown.")
  var bookcase: String?

  @Flag(help: "Print JSON instead of a table (one document per line).")
  var json = false

  @Flag(help: "Print again each time the data changes, until interrupted.")
  var watch = false

  func run() async throws {
  }
}
