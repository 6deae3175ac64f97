import CSQLite

/// SQLite copies bound text and blobs, so the Swift buffers may go away as soon as a bind returns.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
/// What an empty string is bound as.
private let emptyText: StaticString = ""

/// A prepared statement. Owned by its `Connection`, which caches it by SQL text.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  private let connection: OpaquePointer

  init(connection: OpaquePointer, sql: String) throws(SQLiteError) {
    var handle: OpaquePointer?
    guard sqlite3_prepare_v2(connection, sql, -1, &handle, nil) == SQLITE_OK, let handle else {
      throw SQLiteError(handle: connection, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.connection = connection
  }

  deinit { sqlite3_finalize(handle) }

  /// Resets the statement and binds `values` to its parameters, in order.
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let result: Int32
      switch value {
      case let .integer(number): result = sqlite3_bind_int64(handle, index, number)
      case let .real(number): result = sqlite3_bind_double(handle, index, number)
      case let .text(text):
        // Bound by byte count, so text holding U+0000 is stored whole; straight from the string's own UTF-8, which
        // SQLite copies, so no copy of ours is needed.
        var text = text
        result = text.withUTF8 { buffer in
          buffer.withMemoryRebound(to: CChar.self) {
            // An empty buffer may have no address, and a null pointer would bind NULL rather than "".
            let address = $0.baseAddress ?? UnsafeRawPointer(emptyText.utf8Start).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text64(handle, index, address, UInt64($0.count), SQLITE_TRANSIENT, UInt8(SQLITE_UTF8))
          }
        }
      case let .blob(bytes):
        result = bytes.withUnsafeBytes {
          // A zero-length blob must still bind as a blob, not as NULL.
          sqlite3_bind_blob64(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64($0.count), SQLITE_TRANSIENT)
        }
      case .null: result = sqlite3_bind_null(handle, index)
      }
      guard result == SQLITE_OK else { throw SQLiteError(handle: connection, sql: sql) }
    }
  }

  /// Advances to the next row: `true` while a row is available, `false` once the statement is done.
  func step() throws(SQLiteError) -> Bool {
    switch sqlite3_step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = SQLiteError(handle: connection, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Lets go of the statement's read snapshot and locks while it sits in the cache.
  func reset() { sqlite3_reset(handle) }

  var columnCount: Int { Int(sqlite3_column_count(handle)) }

  func int64(_ column: Int) -> Int64 { sqlite3_column_int64(handle, Int32(column)) }
  func int(_ column: Int) -> Int { Int(int64(column)) }
  func double(_ column: Int) -> Double { sqlite3_column_double(handle, Int32(column)) }
  func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }

  func text(_ column: Int) -> String {
    guard let bytes = sqlite3_column_text(handle, Int32(column)) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, Int32(column)))
    // Decode by length, not up to the first NUL, so text holding U+0000 comes back whole.
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  func blob(_ column: Int) -> [UInt8] {
    guard let bytes = sqlite3_column_blob(handle, Int32(column)) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, Int32(column)))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  func value(_ column: Int) -> SQLiteValue {
    switch sqlite3_column_type(handle, Int32(column)) {
    case SQLITE_INTEGER: return .integer(int64(column))
    case SQLITE_FLOAT: return .real(double(column))
    case SQLITE_TEXT: return .text(text(column))
    case SQLITE_BLOB: return .blob(blob(column))
    default: return .null
    }
  }
}
