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
      try db.read {
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
              version: $0.int(0), name: $0.text(1), checksum: $0.text(2),
              appliedAt: Date(unixMilliseconds: $0.int64(3)))
          } : []
        let version = Int(try db.integer("PRAGMA user_version"))
        return Inspection(isEmpty: objects == 0, version: version, history: history)
      }
    }
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
  func migrate(_ db: Connection, now: Date) throws(MigrationError) -> MigrationReport {
    let inspection = try inspect(db)
    let pending = try check(inspection, path: db.path)
    let isFile = db.path != ":memory:"
    if db.isReadOnly {
      guard pending.isEmpty else { throw .readOnly(path: db.path, pendingVersions: pending.map(\.version)) }
      return MigrationReport(
        path: db.path, fromVersion: inspection.version, toVersion: inspection.version, applied: [], backupPath: nil)
    }
    let backupPath = !pending.isEmpty && !inspection.isEmpty && isFile
      ? try backup(db, fromVersion: inspection.version, now: now) : nil
    if isFile {
      try sqlite(db.path) { () throws in
        try Self.retryingWhileLocked { try db.execute("PRAGMA journal_mode = WAL") }
        try db.execute("PRAGMA synchronous = NORMAL")
      }
    }
    var notes: [String] = []
    for migration in pending { notes += try apply(migration, to: db, now: now) }
    return MigrationReport(
      path: db.path, fromVersion: inspection.version, toVersion: pending.last?.version ?? inspection.version,
      applied: pending.map(\.info), backupPath: backupPath, notes: notes)
  }

  /// One migration and its history row in one immediate transaction. Foreign keys are off while it runs
  /// (the pragma is a no-op inside a transaction, so it is set around it) and checked before COMMIT.
  /// Returns what its data step reported.
  private func apply(_ migration: Migration, to db: Connection, now: Date) throws(MigrationError) -> [String] {
    do {
      try db.execute("PRAGMA foreign_keys = OFF")
      defer { try? db.execute("PRAGMA foreign_keys = ON") }
      return try db.write {
        try db.execute(
          """
          CREATE TABLE IF NOT EXISTS schema_migrations (
            version    INTEGER PRIMARY KEY,
            name       TEXT    NOT NULL,
            sha256     TEXT    NOT NULL,
            applied_at INTEGER NOT NULL
          )
          """)
        // Another process may have applied it between our check and our lock.
        if let checksum = try db.row(
          "SELECT sha256 FROM schema_migrations WHERE version = ?", [.integer(Int64(migration.version))], { $0.text(0) })
        {
          guard checksum == migration.checksum else {
            throw MigrationError.checksumMismatch(path: db.path, version: migration.version, name: migration.name)
          }
          return []
        }
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
      }
    } catch let error as MigrationError {
      throw error
    } catch let error as SQLiteError {
      throw .migrationFailed(version: migration.version, name: migration.name, message: error.message, sql: error.sql)
    } catch {
      throw .database(path: db.path, message: "\(error)")
    }
  }

  /// Switching a new database to WAL takes an exclusive lock without waiting out the busy timeout, so a second
  /// process creating the same database at the same moment would fail at once: wait as the busy timeout would.
  private static func retryingWhileLocked(_ body: () throws -> Void) throws {
    let deadline = ContinuousClock.now + .seconds(5)
    while true {
      do {
        return try body()
      } catch let error as SQLiteError where error.primaryCode == SQLITE_BUSY && ContinuousClock.now < deadline {
        usleep(10_000)
      }
    }
  }

  /// A consistent copy beside the database, named for the version it holds and the time it was taken.
  private func backup(_ db: Connection, fromVersion: Int, now: Date) throws(MigrationError) -> String {
    var seconds = time_t(now.timeIntervalSince1970.rounded(.down))
    var time = tm()
    gmtime_r(&seconds, &time)
    let stamp = String(
      format: "%04d%02d%02dT%02d%02d%02dZ", time.tm_year + 1900, time.tm_mon + 1, time.tm_mday, time.tm_hour,
      time.tm_min, time.tm_sec)
    let path = try BackupFile.claim(base: "\(db.path).v\(fromVersion)-\(stamp)")
    do {
      try db.run("VACUUM INTO ?", [.text(path)])
      try BackupFile.flush(path)
    } catch {
      // Nothing was migrated; an empty or partial copy left behind would only look like a backup.
      unlink(path)
      throw .backupFailed(path: path, message: error.message)
    }
    return path
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
    } catch let error as MigrationError {
      throw error
    } catch let error as SQLiteError where error.primaryCode == SQLITE_NOTADB {
      throw .notADatabase(path: path)
    } catch {
      throw .database(path: path, message: "\(error)")
    }
  }
}

extension Error {
  /// SQLite's message for SQLite errors, the description otherwise.
  fileprivate var message: String { (self as? SQLiteError)?.message ?? "\(self)" }
}
