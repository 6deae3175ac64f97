import CSQLite
import Foundation

extension Connection {
  /// Opens a database file for the storage and migration clients, with errors a person can act on.
  ///
  /// Only a regular file (or a missing one, in `.create` mode) is opened. A file the process may not write, or one
  /// in a directory where it may not create files (SQLite keeps `-wal` and `-shm` there), is opened read-only in a
  /// way that creates nothing beside it: a `-wal`/`-shm` made now would carry the file's read-only mode and block
  /// every later write. `.readOnly` (`migrate --status`, `--dry-run`) opens the same way.
  static func opened(path: String, mode: OpenMode) throws(MigrationError) -> Connection {
    let file = try DatabaseFile.at(path)
    if mode != .create, file == nil {
      throw .cannotOpen(path: path, reason: "there is no file there")
    }
    let directory = DatabaseFile.directory(of: path)
    var reason: String?
    if mode != .readOnly {
      if file != nil, access(path, W_OK) != 0 {
        reason = "you may not write \(path)"
      } else if access(directory, W_OK | X_OK) != 0 {
        // A new file could not even be created: say so as SQLite would, but naming the directory.
        guard file != nil else { throw .cannotOpen(path: path, reason: "you may not create files in \(directory)") }
        reason = "you may not create files in its directory \(directory), where SQLite keeps its -wal and -shm files"
      } else {
        return try sqlite(path) { () throws(SQLiteError) in try Connection(path: path, mode: mode) }
      }
    }
    let connection = try readOnly(path, file: file)
    connection.readOnlyReason = reason
    return connection
  }

  /// Reads without creating anything: a rollback-journal database is read as SQLite reads it; a WAL database
  /// needs its `-wal` and `-shm`, so it is read normally only when both are there (another connection has it
  /// open), and as immutable when there is no log to read. A log with committed changes but no index cannot be
  /// read without writing one, and ignoring it would show data older than what was committed: refused.
  private static func readOnly(_ path: String, file: DatabaseFile?) throws(MigrationError) -> Connection {
    guard let file, file.usesWAL else {
      return try sqlite(path) { () throws(SQLiteError) in try Connection(path: path, mode: .readOnly) }
    }
    let logSize = DatabaseFile.size(path + "-wal")
    if logSize != nil, DatabaseFile.size(path + "-shm") != nil {
      return try sqlite(path) { () throws(SQLiteError) in try Connection(path: path, mode: .readOnly) }
    }
    guard (logSize ?? 0) == 0 else { throw .unreadableLog(path: path) }
    return try sqlite(path) { () throws(SQLiteError) in try Connection(immutablePath: path) }
  }

  private static func sqlite(_ path: String, _ open: () throws(SQLiteError) -> Connection) throws(MigrationError)
    -> Connection
  {
    do {
      return try open()
    } catch {
      throw .database(path: path, failure: error.failure)
    }
  }
}
