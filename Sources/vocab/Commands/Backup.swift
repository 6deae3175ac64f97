import ArgumentParser
import BookCaseFeature
import Storage

struct Backup: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Make a consistent copy of the database, safe to take while vocab is in use.",
    discussion: """
      Without PATH the copy goes beside the database, named with its schema version and the time
      (vocab.sqlite3.v4-20261123T090000Z.bak). The copy keeps the database's permissions, and is written
      under a temporary name and renamed, so an interrupted backup leaves no copy or a complete one.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "Where to write the copy; it must not exist yet.", completion: .file())
  var path: String?

  @MainActor
  func run() async throws {
    let location = try DatabaseLocation.resolve(option: global.db, environment: Environment.current())
    let run = FeatureRun(backupsOf: location)
    await run.send(.backupRequested(to: path))
    let backup = try run.outcome(\.delegate.backedUp, or: \.error, as: location.failure)
    Streams.out("Backed up \(location.path) to \(backup).\n")
  }
}

extension FeatureRun<BackupReducer.State, BackupReducer.Action> {
  /// The backup feature driven against the database at `location` (which it does not open or migrate).
  init(backupsOf location: DatabaseLocation) {
    self.init(BackupReducer(), state: .init(databasePath: location.path)) {
      $0.backupClient = .live(path: location.path)
    }
  }
}
