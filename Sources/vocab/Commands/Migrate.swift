import ArgumentParser

struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Apply pending schema migrations (after a backup), show their status, or show what would run."
  )

  @OptionGroup var global: GlobalOptions

  @Flag(help: "Show applied and pending migrations and whether their checksums match; change nothing.")
  var status = false

  @Flag(help: "Show which migrations would be applied; change nothing.")
  var dryRun = false

  func validate() throws {
    if status, dryRun {
      throw ValidationError("--status and --dry-run cannot be combined.")
    }
  }

  func run() async throws {
  }
}
