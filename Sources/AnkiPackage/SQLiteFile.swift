import Foundation
import CSQLite

/// The little of SQLite a package needs: open a collection file, run statements, step through rows. Kept here
/// rather than borrowed from Storage, whose wrapper belongs to vocab's own database and its rules.
final class SQLiteFile {
  private var handle: OpaquePointer?
  /// Turns SQLite's message into the error of the caller's side (reading or writing).
  private let failure: (String) -> AnkiPackageError

  /// `readOnly` opens the file as immutable, so reading a collection never writes a journal beside it.
  init(path: String, readOnly: Bool, failure: @escaping (String) -> AnkiPackageError) throws {
    self.failure = failure
    let flags = readOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    let name = readOnly ? "file:\(Self.uriEscaped(path))?immutable=1" : path
    let code = sqlite3_open_v2(name, &handle, flags, nil)
    guard code == SQLITE_OK else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_close_v2(handle)
      handle = nil
      throw failure(message)
    }
    // Anki declares its name columns with its own `unicase` collation; without it SQLite refuses even a count
    // of those tables (the planner may use their indexes).
    sqlite3_create_collation_v2(handle, "unicase", SQLITE_UTF8, nil, unicaseCompare, nil)
  }

  deinit { sqlite3_close_v2(handle) }

  func execute(_ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? "unknown error"
      sqlite3_free(message)
      throw failure(text)
    }
  }

  func prepare(_ sql: String) throws -> SQLiteStatement {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw failure(String(cString: sqlite3_errmsg(handle)))
    }
    return SQLiteStatement(statement, database: self)
  }

  /// Every row of a query, as the closure reads it.
  func rows<T>(_ sql: String, _ row: (SQLiteStatement) throws -> T) throws -> [T] {
    let statement = try prepare(sql)
    var result: [T] = []
    while try statement.step() { result.append(try row(statement)) }
    return result
  }

  fileprivate func error() -> AnkiPackageError { failure(String(cString: sqlite3_errmsg(handle))) }

  private static func uriEscaped(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
      .replacingOccurrences(of: "#", with: "%23")
  }
}

final class SQLiteStatement {
  private let statement: OpaquePointer
  private let database: SQLiteFile

  fileprivate init(_ statement: OpaquePointer, database: SQLiteFile) {
    self.statement = statement
    self.database = database
  }

  deinit { sqlite3_finalize(statement) }

  /// True while there is a row to read; false at the end.
  func step() throws -> Bool {
    switch sqlite3_step(statement) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw database.error()
    }
  }

  /// Binds the values in order, runs the statement to its end and resets it for the next values.
  func run(_ values: [SQLiteValue]) throws {
    sqlite3_reset(statement)
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      switch value {
      case .integer(let number): sqlite3_bind_int64(statement, position, number)
      case .text(let text): sqlite3_bind_text(statement, position, text, -1, sqliteTransient)
      }
    }
    while try step() {}
    sqlite3_reset(statement)
  }

  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

  func text(_ column: Int32) -> String {
    guard let bytes = sqlite3_column_text(statement, column) else { return "" }
    return String(cString: bytes)
  }

  func blob(_ column: Int32) -> [UInt8] {
    let count = Int(sqlite3_column_bytes(statement, column))
    guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }
}

enum SQLiteValue {
  case integer(Int64)
  case text(String)
}

private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Anki's `unicase`: names compared without regard to case. ASCII folding is enough for the order SQLite
/// needs to read an index; nothing here sorts by it.
private typealias Collation = @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeRawPointer?, Int32, UnsafeRawPointer?)
  -> Int32
private let unicaseCompare: Collation = { _, leftCount, left, rightCount, right in
  let lhs = UnsafeRawBufferPointer(start: left, count: Int(leftCount))
  let rhs = UnsafeRawBufferPointer(start: right, count: Int(rightCount))
  for (a, b) in zip(lhs, rhs) {
    let x = a >= 65 && a <= 90 ? a + 32 : a
    let y = b >= 65 && b <= 90 ? b + 32 : b
    if x != y { return x < y ? -1 : 1 }
  }
  return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
}
