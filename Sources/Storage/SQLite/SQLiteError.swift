import CSQLite

/// A failure reported by SQLite: its extended result code, its message and the statement that failed.
struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  let code: Int32
  let message: String
  let sql: String

  /// What kind of failure the code stands for: the only reading of SQLite's numbers.
  var kind: DatabaseFailure.Kind { DatabaseFailure.kind(ofSQLiteCode: code) }

  init(code: Int32, message: String, sql: String) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// The error SQLite last recorded on `handle`.
  init(handle: OpaquePointer?, sql: String) {
    self.code = sqlite3_extended_errcode(handle)
    self.message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
    self.sql = sql
  }

  var description: String { failure.detail }

  var failure: DatabaseFailure { DatabaseFailure(code: code, message: message, sql: sql) }

  var storageError: StorageError { .database(failure) }
}
