import CSQLite

/// A failure reported by SQLite: its extended result code, its message and the statement that failed.
struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  let code: Int32
  let message: String
  let sql: String
  /// The operating system's `errno` behind an I/O or open failure (0 when none): SQLite reports a full disk met
  /// while writing its `-shm` index as a plain "disk I/O error".
  let systemError: Int32

  /// What kind of failure it is: the only reading of SQLite's numbers.
  var kind: DatabaseFailure.Kind { failure.kind }

  init(code: Int32, message: String, sql: String, systemError: Int32 = 0) {
    self.code = code
    self.message = message
    self.sql = sql
    self.systemError = systemError
  }

  /// The error SQLite last recorded on `handle`.
  init(handle: OpaquePointer?, sql: String) {
    let code = sqlite3_extended_errcode(handle)
    var systemError = handle.map { sqlite3_system_errno($0) } ?? 0
    // A page that failed to read is reported as a damaged database, and SQLite keeps no errno for the connection
    // then; the file's own last errno tells a failing disk (EIO) from a damaged file (0: the bytes were read).
    if code & 0xFF == SQLITE_CORRUPT, let handle {
      var last: Int32 = 0
      if sqlite3_file_control(handle, "main", SQLITE_FCNTL_LAST_ERRNO, &last) == SQLITE_OK { systemError = last }
    }
    self.init(
      code: code,
      message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code)),
      sql: sql, systemError: systemError)
  }

  var description: String { failure.detail }

  var failure: DatabaseFailure { DatabaseFailure(code: code, systemError: systemError, message: message, sql: sql) }

  var storageError: StorageError { .database(failure) }
}
