/// Why a database could not be opened or migrated. Every refusal happens before anything is written.
public enum MigrationError: Error, Equatable, Sendable {
  case cannotOpen(path: String, reason: String)
  /// A device, FIFO, socket or directory: refused before SQLite opens it.
  case notARegularFile(path: String)
  case notADatabase(path: String)
  /// A WAL database that cannot be written here, whose `-wal` holds committed changes and has no `-shm`:
  /// SQLite could read it only by ignoring those changes.
  case unreadableLog(path: String)
  case foreignApplication(path: String, applicationID: Int32)
  case newerDatabase(path: String, version: Int, latestKnown: Int)
  case checksumMismatch(path: String, version: Int, name: String)
  case missingMigration(path: String, version: Int, appliedAfter: Int)
  case readOnly(path: String, pendingVersions: [Int])
  case invalidMigrationFile(fileName: String, reason: String)
  case forbiddenStatement(version: Int, name: String, statement: String)
  case migrationFailed(version: Int, name: String, message: String, sql: String)
  case foreignKeyViolation(version: Int, name: String, table: String)
  case backupFailed(path: String, message: String)
  /// A file offered for a restore that is no vocab database: empty, or failing SQLite's check.
  case notABackup(path: String, reason: String)
  case restoreFailed(path: String, message: String)
  /// SQLite failed while opening, inspecting or migrating the file: its kind says what to do.
  case database(path: String, failure: DatabaseFailure)
}

extension MigrationError {
  /// The file at the path is no vocab database at all: the fix is to choose another path. The front end says how,
  /// naming the way the path was chosen (an option, an environment variable).
  public var isTheWrongFile: Bool {
    switch self {
    case .notARegularFile, .notADatabase, .foreignApplication: true
    default: false
    }
  }
}

extension MigrationError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .cannotOpen(path, reason):
      return "cannot open the database at \(path): \(reason)"
    case let .notARegularFile(path):
      return "\(path) is not a regular file, so it cannot be a database; it was left unchanged."
    case let .unreadableLog(path):
      return "\(path) cannot be read safely: its write-ahead log \(path)-wal holds committed changes, and without "
        + "write access SQLite cannot build the index (\(path)-shm) it needs to read them; it was left unchanged. "
        + "Run any vocab command on it once where the file and its directory are writable."
    case let .notADatabase(path):
      return "\(path) is not a SQLite database; it was left unchanged."
    case let .foreignApplication(path, applicationID):
      let owner = applicationID == 0 ? "has tables but no application id" : "has application id \(applicationID)"
      return "\(path) is a SQLite database of another application (it \(owner)); it was left unchanged."
    case let .newerDatabase(path, version, latestKnown):
      return "\(path) was migrated to version \(version) by a newer vocab, but this one knows versions up to "
        + "\(latestKnown); it was left unchanged. Use the newer vocab or restore a backup."
    case let .checksumMismatch(path, version, name):
      return "migration \(version.paddedVersion)_\(name).sql was changed after it was applied to \(path); "
        + "it was left unchanged. Restore the original migration file: released migrations are never edited."
    case let .missingMigration(path, version, appliedAfter):
      return "the history of \(path) lacks migration \(version) although migration \(appliedAfter) was applied; "
        + "it was left unchanged. Restore the database from a backup."
    case let .readOnly(path, pendingVersions):
      let versions = pendingVersions.map(String.init).joined(separator: ", ")
      return "\(path) is read-only but needs migration \(versions); make it writable or open it with a vocab "
        + "of its version."
    case let .invalidMigrationFile(fileName, reason):
      return "the migration file \(fileName) is not usable: \(reason)"
    case let .forbiddenStatement(version, name, statement):
      return "migration \(version.paddedVersion)_\(name).sql contains “\(statement)”, which cannot run inside the "
        + "migration's transaction (VACUUM, journal_mode, synchronous, foreign_keys and transaction control are "
        + "not allowed); nothing was migrated."
    case let .migrationFailed(version, name, message, sql):
      return "migration \(version.paddedVersion)_\(name).sql failed and was rolled back: \(message) "
        + "(while running: \(DatabaseFailure.oneLine(sql)))"
    case let .foreignKeyViolation(version, name, table):
      return "migration \(version.paddedVersion)_\(name).sql would leave rows in \(table) pointing at rows that "
        + "do not exist; it was rolled back."
    case let .backupFailed(path, message):
      return "could not write the backup \(path), so nothing was changed: \(message)"
    case let .notABackup(path, reason):
      return "\(path) cannot be restored: \(reason); nothing was changed."
    case let .restoreFailed(path, message):
      return "could not restore \(path) from the backup, so it was left as it was: \(message)"
    case let .database(path, failure):
      return "\(path): \(failure)"
    }
  }
}

extension MigrationError {
  /// Whatever a step of opening, migrating or restoring the database at `path` threw, as a `MigrationError`:
  /// SQLite's failures keep their kind, anything else is kept with its description.
  init(_ error: any Error, about path: String) {
    switch error {
    case let error as MigrationError: self = error
    case let error as SQLiteError: self = .database(path: path, failure: error.failure)
    default: self = .database(path: path, failure: DatabaseFailure(kind: .other, message: "\(error)"))
    }
  }
}
