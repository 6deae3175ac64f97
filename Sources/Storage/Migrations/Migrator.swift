import CSQLite
import Foundation

/// The application id written into every vocab database's header ("voca"), so a foreign file is recognised.
let vocabApplicationID: Int32 = 0x766F_6361

/// Brings a database to the latest schema, one migration per immediate transaction with its history row.
/// Everything that can refuse a database is checked before the first write.
struct Migrator {
  var migrations: [Migration]
  var applicationID: Int32 = vocabApplicationID

  /// A row of the `schema_migrations` table.
  struct HistoryRow: Equatable {
    var version: Int
    var name: String
    var checksum: String
    var appliedAt: Date
  }

  /// What the database holds, read without writing.
  struct Inspection {
    /// No schema objects at all: a new (or empty) file, to be created from migration 1.
    var isEmpty: Bool
    var version: Int
    var history: [HistoryRow]
  }

  // MARK: Reading

  func inspect(_ db: Connection) throws(MigrationError) -> Inspection {
    // One snapshot: another process creating the same new database must not be seen half-way, with its tables
    // but not yet its application id, or it would be refused as another application's.
    try sqlite(db.path) { () throws -> Inspection in
      try db.read { try Self.inspecting(db, applicationID: applicationID) }
    }
  }

  /// The inspection, inside the caller's transaction.
  private static func inspecting(_ db: Connection, applicationID: Int32) throws -> Inspection {
    let foundID = Int32(truncatingIfNeeded: try db.integer("PRAGMA application_id"))
    let objects = try db.integer("SELECT count(*) FROM sqlite_master")
    guard foundID == applicationID || (foundID == 0 && objects == 0) else {
      throw MigrationError.foreignApplication(path: db.path, applicationID: foundID)
    }
    let hasHistory = try db.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'") > 0
    let history =
      hasHistory
      ? try db.rows("SELECT version, name, sha256, applied_at FROM schema_migrations ORDER BY version") {
        HistoryRow(
          version: $0.int(0), name: $0.text(1), checksum: $0.text(2), appliedAt: Date(unixMilliseconds: $0.int64(3)))
      } : []
    let version = Int(try db.integer("PRAGMA user_version"))
    return Inspection(isEmpty: objects == 0, version: version, history: history)
  }

  func status(_ inspection: Inspection, path: String) -> MigrationStatus {
    let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
    let applied = inspection.history.map { row in
      let state: AppliedMigration.State =
        switch known[row.version]?.checksum {
        case nil: .unknown
        case row.checksum: .ok
        default: .checksumMismatch
        }
      return AppliedMigration(
        version: row.version, name: row.name, checksum: row.checksum, appliedAt: row.appliedAt, state: state)
    }
    return MigrationStatus(
      path: path, exists: true, version: inspection.version, applied: applied,
      pending: pending(inspection).map(\.info))
  }

  /// The migrations to apply, after refusing a database this program must not touch.
  func check(_ inspection: Inspection, path: String) throws(MigrationError) -> [Migration] {
    let latest = migrations.last?.version ?? 0
    let known = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
    let newest = max(inspection.version, inspection.history.last?.version ?? 0)
    if newest > latest || inspection.history.contains(where: { known[$0.version] == nil }) {
      throw .newerDatabase(path: path, version: newest, latestKnown: latest)
    }
    for row in inspection.history where known[row.version]?.checksum != row.checksum {
      throw .checksumMismatch(path: path, version: row.version, name: row.name)
    }
    let pending = pending(inspection)
    if let first = pending.first, let last = inspection.history.last, last.version > first.version {
      throw .missingMigration(path: path, version: first.version, appliedAfter: last.version)
    }
    for migration in pending {
      if let statement = Self.statements(in: migration.sql).first(where: Self.isForbidden) {
        throw .forbiddenStatement(version: migration.version, name: migration.name, statement: statement)
      }
    }
    return pending
  }

  private func pending(_ inspection: Inspection) -> [Migration] {
    let applied = Set(inspection.history.map(\.version))
    return migrations.filter { !applied.contains($0.version) }
  }

  func plan(_ db: Connection) throws(MigrationError) -> MigrationPlan {
    let inspection = try inspect(db)
    let pending = try check(inspection, path: db.path)
    return MigrationPlan(
      path: db.path, fromVersion: inspection.version, pending: pending.map(\.info),
      makesBackup: !pending.isEmpty && !inspection.isEmpty && db.path != ":memory:")
  }

  // MARK: Writing

  /// Migrates `db` to the latest version, backing it up first when it already has a schema.
  ///
  /// However many processes open the database at once, exactly one backs it up and migrates it: the version is
  /// read again, and the backup and every pending migration made, inside one immediate transaction, whose write
  /// lock the others wait for (as for any write) before they read the version themselves.
  func migrate(_ db: Connection, now: Date) throws(MigrationError) -> MigrationReport {
    let seen = try inspect(db)
    let pendingSeen = try check(seen, path: db.path)
    let isFile = db.path != ":memory:"
    if db.isReadOnly {
      guard pendingSeen.isEmpty else { throw .readOnly(path: db.path, pendingVersions: pendingSeen.map(\.version)) }
      return .upToDate(db.path, version: seen.version)
    }
    if isFile { try useWAL(db, waiting: !pendingSeen.isEmpty) }
    guard !pendingSeen.isEmpty else { return .upToDate(db.path, version: seen.version) }
    // Foreign keys are off while migrations run (the pragma is a no-op inside a transaction, so it is set around
    // it) and checked before COMMIT.
    try sqlite(db.path) { () throws in try db.execute("PRAGMA foreign_keys = OFF") }
    defer { try? db.execute("PRAGMA foreign_keys = ON") }
    return try sqlite(db.path) { () throws -> MigrationReport in
      try db.write { () throws -> MigrationReport in
        let inspection = try Self.inspecting(db, applicationID: applicationID)
        let pending = try check(inspection, path: db.path)
        let backupPath = !pending.isEmpty && !inspection.isEmpty && isFile
          ? try backup(db, fromVersion: inspection.version, now: now) : nil
        var notes: [String] = []
        for migration in pending { notes += try apply(migration, to: db, now: now) }
        return MigrationReport(
          path: db.path, fromVersion: inspection.version, toVersion: pending.last?.version ?? inspection.version,
          applied: pending.map(\.info), backupPath: backupPath, notes: notes)
      }
    }
  }

  /// One migration (its file, then its data step) and its history row, inside the caller's transaction.
  /// Returns what its data step reported.
  private func apply(_ migration: Migration, to db: Connection, now: Date) throws(MigrationError) -> [String] {
    do {
      try db.execute(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version    INTEGER PRIMARY KEY,
          name       TEXT    NOT NULL,
          sha256     TEXT    NOT NULL,
          applied_at INTEGER NOT NULL
        )
        """)
      for statement in Self.statements(in: migration.sql) {
        do { try db.execute(statement) } catch {
          throw MigrationError.migrationFailed(
            version: migration.version, name: migration.name, message: error.message, sql: statement)
        }
      }
      let notes = try migration.dataStep?.run(db, now) ?? []
      if let table = try db.row("PRAGMA foreign_key_check", [], { $0.text(0) }) {
        throw MigrationError.foreignKeyViolation(version: migration.version, name: migration.name, table: table)
      }
      try db.run(
        "INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)",
        [.integer(Int64(migration.version)), .text(migration.name), .text(migration.checksum),
         .integer(now.unixMilliseconds)])
      try db.execute("PRAGMA user_version = \(migration.version)")
      try db.execute("PRAGMA application_id = \(applicationID)")
      return notes
    } catch let error as MigrationError {
      throw error
    } catch let error as SQLiteError {
      throw .migrationFailed(version: migration.version, name: migration.name, message: error.message, sql: error.sql)
    } catch {
      throw .database(path: db.path, failure: DatabaseFailure(kind: .other, message: "\(error)"))
    }
  }

  /// Puts the file in WAL mode (a new database, or one another program left in another journal mode). Switching
  /// needs every other connection gone: when there is a migration to run, wait for that as the busy timeout
  /// would; otherwise try once without waiting and carry on in the current mode, so that reading a database
  /// another program holds open never waits for the switch.
  private func useWAL(_ db: Connection, waiting: Bool) throws(MigrationError) {
    try sqlite(db.path) { () throws in
      let deadline = ContinuousClock.now + .seconds(DatabaseFailure.busyTimeoutSeconds)
      while true {
        do {
          try db.withoutWaiting { try db.execute("PRAGMA journal_mode = WAL") }
          break
        } catch let error as SQLiteError where error.kind == .busy {
          guard waiting else { break }
          guard ContinuousClock.now < deadline else { throw error }
          usleep(10_000)
        }
      }
      try db.execute("PRAGMA synchronous = NORMAL")
    }
  }

  /// A consistent copy beside the database, named for the version it holds and the time it was taken.
  private func backup(_ db: Connection, fromVersion: Int, now: Date) throws(MigrationError) -> String {
    try BackupFile.write(of: db, to: .numbered(base: "\(db.path).v\(fromVersion)-\(UTCTime.compact(now))"))
  }

  // MARK: Migration files

  /// The statements of a migration file, split where SQLite itself would (trigger bodies stay whole).
  static func statements(in sql: String) -> [String] {
    var statements: [String] = []
    var current = ""
    for character in sql {
      current.append(character)
      if character == ";", sqlite3_complete(current) != 0 {
        statements.append(withoutLeadingComments(current))
        current = ""
      }
    }
    statements.append(withoutLeadingComments(current))
    return statements.filter { !$0.isEmpty }
  }

  /// The statement from its first word on, as an error message should quote it.
  private static func withoutLeadingComments(_ sql: String) -> String {
    var rest = Substring(sql)
    while true {
      rest = rest.drop(while: \.isWhitespace)
      if rest.hasPrefix("--") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
      } else {
        return rest.trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
  }

  /// Statements that cannot run inside the migration's transaction, or would undo its guarantees.
  static func isForbidden(_ statement: String) -> Bool {
    let words = keywords(statement, limit: 3)
    switch words.first {
    case "VACUUM", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE": return true
    case "PRAGMA": return words.contains { ["JOURNAL_MODE", "SYNCHRONOUS", "FOREIGN_KEYS"].contains($0) }
    default: return false
    }
  }

  /// The first `limit` words of a statement, uppercased, skipping comments and punctuation.
  static func keywords(_ sql: String, limit: Int = .max) -> [String] {
    var words: [String] = []
    var word = ""
    var rest = Substring(sql)
    while let character = rest.first, words.count < limit {
      if rest.hasPrefix("--") {
        rest = rest.drop { $0 != "\n" }
      } else if rest.hasPrefix("/*") {
        rest = rest.range(of: "*/").map { rest[$0.upperBound...] } ?? ""
      } else {
        rest = rest.dropFirst()
        if character.isLetter || character.isNumber || character == "_" {
          word.append(character)
          continue
        }
      }
      if !word.isEmpty { words.append(word.uppercased()) }
      word = ""
    }
    if !word.isEmpty, words.count < limit { words.append(word.uppercased()) }
    return words
  }

  /// Runs SQLite calls, turning their errors into `MigrationError`s about `path`.
  private func sqlite<T>(_ path: String, _ body: () throws -> T) throws(MigrationError) -> T {
    do {
      return try body()
    } catch {
      throw MigrationError(error, about: path)
    }
  }
}

extension Error {
  /// SQLite's message for SQLite errors, the description otherwise.
  fileprivate var message: String { (self as? SQLiteError)?.message ?? "\(self)" }
}

extension MigrationReport {
  /// Nothing to do: the database is at `version`, the latest.
  fileprivate static func upToDate(_ path: String, version: Int) -> MigrationReport {
    MigrationReport(path: path, fromVersion: version, toVersion: version, applied: [], backupPath: nil)
  }
}
