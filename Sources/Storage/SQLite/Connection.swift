import CSQLite

/// How a database file is opened.
public enum OpenMode: Sendable, Equatable {
  /// Read and write; create the file when it does not exist.
  case create
  /// Read and write an existing file; fail when there is none.
  case existing
  /// Only read; never create, change or migrate the file.
  case readOnly
}

/// One SQLite connection. Not thread-safe: its owner serialises every use (see `SQLiteDatabase`).
final class Connection {
  let handle: OpaquePointer
  /// The file's path, or `":memory:"`.
  let path: String
  private var statements: [String: Statement] = [:]
  /// Why the file was opened read-only although the caller asked to write (nil otherwise), for the error a
  /// write meets: SQLite's own message cannot name the directory that is to blame.
  var readOnlyReason: String?
  /// Set while a bulk import holds the search keys it writes back until its end (`withSearchKeysStaged`).
  var searchKeysStaged = false

  /// Opens the file at `path`. A file the process may not write is opened read-only, as SQLite does;
  /// `Connection.opened(path:mode:)` decides that itself first, so that reading creates nothing.
  init(path: String, mode: OpenMode) throws(SQLiteError) {
    let access =
      switch mode {
      case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      case .existing: SQLITE_OPEN_READWRITE
      case .readOnly: SQLITE_OPEN_READONLY
      }
    self.handle = try Self.open(path, flags: access | SQLITE_OPEN_NOMUTEX)
    self.path = path
    try configure()
  }

  /// A private database that lives as long as the connection.
  init(inMemory: Void) throws(SQLiteError) {
    self.handle = try Self.open(":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX)
    self.path = ":memory:"
    try configure()
  }

  /// Opens `path` as immutable: for a read-only file in a directory where SQLite cannot create the
  /// WAL index (`-shm`) it needs to read a WAL database. Safe only while nobody writes the file.
  init(immutablePath path: String) throws(SQLiteError) {
    // In a URI filename only these three characters are special in a path.
    let escaped = String(
      decoding: path.utf8.flatMap { byte -> [UInt8] in
        switch byte {
        case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"):
          Array("%\(String(byte, radix: 16, uppercase: true))".utf8)
        default: [byte]
        }
      }, as: UTF8.self)
    self.handle = try Self.open(
      "file:\(escaped)?immutable=1", flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX)
    self.path = path
    try configure()
  }

  deinit {
    statements.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Set once, before SQLite's first use in the process (it refuses afterwards, and then keeps its defaults).
  /// - Every statement with triggers keeps a statement journal: the pages it changes that an earlier statement of
  ///   the transaction wrote. An imported word's insert touches a dozen such pages (words, its indexes, its card,
  ///   the bookcase's count), more than SQLite's 64 KiB default, so each word's journal went to a temporary file,
  ///   about twenty writes a word. Kept in memory up to 4 MiB instead; what reaches the database is the same.
  /// - Memory statistics off: vocab never asks for them, and counting took a global mutex at each of the
  ///   hundred-odd allocations and frees an imported word makes (7 % of an import's instructions).
  private static let configured: Void = {
    _ = vocab_sqlite3_statement_journal_spill(4 << 20)
    _ = vocab_sqlite3_disable_memory_statistics()
  }()

  private static func open(_ filename: String, flags: Int32) throws(SQLiteError) -> OpaquePointer {
    _ = configured
    var handle: OpaquePointer?
    let result = sqlite3_open_v2(filename, &handle, flags, nil)
    guard result == SQLITE_OK, let handle else {
      let error = SQLiteError(
        code: handle.map { sqlite3_extended_errcode($0) } ?? result,
        message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result)),
        sql: "open \(filename)")
      sqlite3_close_v2(handle)
      throw error
    }
    return handle
  }

  /// Settings that write nothing. The journal mode and application id are set by the migrator, only after
  /// it has made sure the file is ours, so that a refused file is left exactly as it was.
  private func configure() throws(SQLiteError) {
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, Int32(DatabaseFailure.busyTimeoutSeconds * 1_000))
    try execute("PRAGMA foreign_keys = ON")
  }

  /// Runs `body` with SQLite's busy handler off: a lock held by another connection fails it at once.
  func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
    sqlite3_busy_timeout(handle, 0)
    defer { sqlite3_busy_timeout(handle, Int32(DatabaseFailure.busyTimeoutSeconds * 1_000)) }
    return try body()
  }

  /// Whether SQLite opened the file read-only (asked for, or because the process may not write it).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the last INSERT, UPDATE or DELETE (not counting triggers and cascades).
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Runs one or more statements that bind nothing and return nothing.
  func execute(_ sql: String) throws(SQLiteError) {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw SQLiteError(handle: handle, sql: sql)
    }
  }

  /// The cached prepared statement for `sql`, with `values` bound.
  func prepare(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Statement {
    let statement: Statement
    if let cached = statements[sql] {
      statement = cached
    } else {
      statement = try Statement(connection: handle, sql: sql)
      statements[sql] = statement
    }
    try statement.bind(values)
    return statement
  }

  /// Runs a statement that returns no rows.
  func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    while try statement.step() {}
  }

  /// Every row of a query, each turned into a value by `row`.
  func rows<T>(_ sql: String, _ values: [SQLiteValue] = [], _ row: (Statement) throws -> T) throws -> [T] {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    var result: [T] = []
    while try statement.step() { result.append(try row(statement)) }
    return result
  }

  /// Hands each row of a query to `body` as it is read, keeping none (an export of a million words).
  func forEachRow(_ sql: String, _ values: [SQLiteValue] = [], _ body: (Statement) throws -> Void) throws {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    while try statement.step() { try body(statement) }
  }

  /// The first row of a query, or nil when it has none.
  func row<T>(_ sql: String, _ values: [SQLiteValue] = [], _ row: (Statement) throws -> T) throws -> T? {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    return try statement.step() ? row(statement) : nil
  }

  /// The integer in the first column of the first row (0 when there is no row).
  func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> Int64 {
    let statement = try prepare(sql, values)
    defer { statement.reset() }
    return try statement.step() ? statement.int64(0) : 0
  }

  /// Runs `body` in a read transaction, a consistent snapshot of the database.
  func read<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN DEFERRED", body)
  }

  /// Runs `body` in a write transaction. `BEGIN IMMEDIATE` takes the write lock up front, waiting for the
  /// busy timeout, instead of failing with SQLITE_BUSY_SNAPSHOT when a read would later turn into a write.
  func write<T>(_ body: () throws -> T) throws -> T {
    try transaction("BEGIN IMMEDIATE", body)
  }

  private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
    try execute(begin)
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // After a failed COMMIT SQLite may already have rolled back; the error to report is the first one.
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }
}
