import ArgumentParser
import BookCaseFeature
import Storage

struct Restore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "restore",
    abstract: "Replace the database with a backup, after backing up the database as it is.",
    discussion: """
      The backup must be a vocab database of a version this vocab knows; anything else is refused and nothing
      changes. An older backup is migrated after it is restored. Asks for confirmation on a terminal; when
      stdin is not a terminal, --yes is required.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The backup to restore (made by `vocab backup` or before a migration).", completion: .file())
  var backup: String

  @Flag(name: [.short, .long], help: "Restore without asking.")
  var yes = false

  @MainActor
  func run() async throws {
    let environment = Environment.current()
    let location = try DatabaseLocation.resolve(option: global.db, environment: environment)
    try location.prepare()
    let run = FeatureRun(backupsOf: location)
    let state = await run.send(.restoreRequested(from: backup))
    guard let confirmation = state.destination?.confirmRestore, let goAhead = confirmation.confirmButton?.action
    else { throw Failure("the restore could not be requested") }
    let refusal = "not restoring \(backup)"
    let terminal = Terminal.current(environment: environment)
    guard try Confirmation.isConfirmed(confirmation, refusal: refusal, yes: yes, terminal: terminal) else {
      await run.send(.destination(.dismiss))
      throw Failure("cancelled; nothing was restored")
    }
    await run.send(.destination(.presented(.confirmRestore(goAhead))))
    // Not `location.failure`: a refused backup is no reason to choose another database.
    let report = try run.outcome(\.delegate.restored, or: \.error) { Failure($0.description) }
    var output = "Restored \(report.path) from \(report.restoredFrom).\n"
    if let previous = report.previousBackupPath {
      output += "The database as it was: \(previous)\n"
    }
    if report.migration.didMigrate {
      output += "Then \(report.migration.summary).\n"
    }
    Streams.out(output)
  }
}
