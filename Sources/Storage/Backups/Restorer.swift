import CSQLite
import Foundation

/// Backing up and restoring the database at one path, for `BackupClient.live`.
struct Restorer {
  let path: String
  let now: Date

  func backup(to destination: String?) throws(MigrationError) -> String {
    let db = try Connection.opened(path: path, mode: .existing)
    // Refuses another application's file; reading also brings the -wal/-shm the copy's reader needs.
    let inspection = try Migrator(migrations: try Migration.embedded()).inspect(db)
    if let destination, DatabaseFile.size(destination) != nil || FileManager.default.fileExists(atPath: destination) {
      throw .backupFailed(path: destination, message: "a file is already there, and vocab never replaces one")
    }
    return try BackupFile.write(
      of: db, to: destination.map { .exactly($0) } ?? .numbered(base: base(version: inspection.version)))
  }

  /// `<file>.v<version>-<UTC time>`, the name of a backup before its `.bak`.
  private func base(version: Int) -> String { "\(path).v\(version)-\(UTCTime.compact(now))" }

  /// Checks the backup, keeps the database as it is, puts the backup's content in its place and migrates it.
  ///
  /// A readable database gets the backup's pages through SQLite's backup API, in one write transaction on the
  /// database itself: other processes reading it see the old content or the new, writers wait for the lock, and a
  /// crash rolls it back. A database SQLite cannot read (damaged) is set aside byte for byte, its log and index
  /// removed (they would be replayed into the new file), and a copy of the backup renamed over it. A missing
  /// database is created from a copy the same way.
  func restore(from backup: String) throws(MigrationError) -> RestoreReport {
    let migrator = Migrator(migrations: try Migration.embedded())
    let source = try checkedBackup(backup, migrator: migrator)
    if let resolved = Self.resolved(backup), resolved == Self.resolved(path) {
      throw .notABackup(path: backup, reason: "it is the database itself")
    }
    let previous: String?
    switch try current() {
    case let .readable(db):
      let version = (try? db.integer("PRAGMA user_version")).map(Int.init) ?? 0
      previous = try BackupFile.write(of: db, to: .numbered(base: base(version: version)))
      try copyPages(from: source, into: db)
    case .damaged:
      previous = try setAside()
      try replace(withCopyOf: source, permissionsOf: path, over: true)
    case .missing:
      previous = nil
      try replace(withCopyOf: source, permissionsOf: backup, over: false)
    }
    let db = try Connection.opened(path: path, mode: .existing)
    let migration = try migrator.migrate(db, now: now)
    return RestoreReport(path: path, restoredFrom: backup, previousBackupPath: previous, migration: migration)
  }

  /// The path with symbolic links and `..` resolved, or nil when there is no file.
  private static func resolved(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The backup opened read-only, refused unless it is a whole vocab database of a version this vocab knows.
  private func checkedBackup(_ backup: String, migrator: Migrator) throws(MigrationError) -> Connection {
    guard try DatabaseFile.at(backup) != nil else { throw .cannotOpen(path: backup, reason: "there is no file there") }
    let source = try Connection.opened(path: backup, mode: .readOnly)
    let inspection = try migrator.inspect(source)
    guard !inspection.isEmpty else { throw .notABackup(path: backup, reason: "it holds no vocab database") }
    _ = try migrator.check(inspection, path: backup)
    let check: [String]
    do {
      check = try source.rows("PRAGMA quick_check", [], { $0.text(0) })
    } catch {
      let failure = (error as? SQLiteError)?.failure ?? DatabaseFailure(kind: .other, message: "\(error)")
      throw .database(path: backup, failure: failure)
    }
    guard check == ["ok"] else {
      throw .notABackup(path: backup, reason: "it is damaged (SQLite's check says: \(check.first ?? "nothing"))")
    }
    return source
  }

  private enum Current {
    case readable(Connection)
    case damaged
    case missing
  }

  /// The database as it is now, checked page by page. Anything but damage (a busy or read-only database, an I/O
  /// error) ends the restore before it changes anything.
  private func current() throws(MigrationError) -> Current {
    do {
      guard try DatabaseFile.at(path) != nil else { return .missing }
      let db = try Connection.opened(path: path, mode: .existing)
      if let reason = db.readOnlyReason {
        throw MigrationError.database(path: path, failure: DatabaseFailure(kind: .readOnly, message: reason))
      }
      // A file whose pages SQLite cannot all read could not be backed up through SQLite either.
      guard try db.rows("PRAGMA quick_check", [], { $0.text(0) }) == ["ok"] else { return .damaged }
      return .readable(db)
    } catch MigrationError.notADatabase {
      return .damaged
    } catch let MigrationError.database(_, failure) where failure.kind == .damaged {
      return .damaged
    } catch let error as SQLiteError where error.kind == .damaged {
      return .damaged
    } catch {
      throw MigrationError(error, about: path)
    }
  }

  /// SQLite's backup API: every page of `source` into `db`, as one write transaction on `db`.
  private func copyPages(from source: Connection, into db: Connection) throws(MigrationError) {
    guard let backup = sqlite3_backup_init(db.handle, "main", source.handle, "main") else {
      throw .restoreFailed(path: path, message: SQLiteError(handle: db.handle, sql: "backup").failure.description)
    }
    let stepped = sqlite3_backup_step(backup, -1)
    let finished = sqlite3_backup_finish(backup)
    guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
      throw .restoreFailed(path: path, message: SQLiteError(handle: db.handle, sql: "backup").failure.description)
    }
  }

  /// Copies the damaged database and its log byte for byte to `<file>.damaged-<UTC time>` (not `.bak`: it is no
  /// usable backup) before it is replaced.
  private func setAside() throws(MigrationError) -> String {
    let aside = "\(path).damaged-\(UTCTime.compact(now))"
    do {
      for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
        try FileManager.default.copyItem(atPath: path + suffix, toPath: aside + suffix)
        try BackupFile.flush(aside + suffix)
      }
    } catch {
      throw .restoreFailed(path: path, message: "setting the damaged database aside as \(aside) failed: \(error)")
    }
    return aside
  }

  /// A flushed copy of the backup renamed to the database's path (`over`: replacing the damaged file, after its
  /// log and index are gone; else only where nothing is yet).
  private func replace(withCopyOf source: Connection, permissionsOf original: String, over: Bool)
    throws(MigrationError)
  {
    let temporary = try BackupFile.temporaryCopy(of: source, beside: path, permissionsOf: original)
    let moved: Bool
    if over {
      // The old log would be replayed into the new file; without it the old file stays as damaged as it was.
      for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
      moved = rename(temporary, path) == 0
    } else {
      moved = link(temporary, path) == 0
      if moved { unlink(temporary) }
    }
    guard moved else {
      let message = String(cString: strerror(errno))
      BackupFile.removeTemporary(temporary)
      throw .restoreFailed(path: path, message: "putting the copy in place failed: \(message)")
    }
    do {
      try BackupFile.flush(DatabaseFile.directory(of: path), isDirectory: true)
    } catch {
      throw .restoreFailed(path: path, message: error.description)
    }
  }
}
