import Dependencies
import DependenciesMacros
import Dispatch
import Foundation

/// Copies of the database and the way back from one: what `vocab backup` and `vocab restore` drive.
@DependencyClient
public struct BackupClient: Sendable {
  /// Writes a consistent copy of the database, taken while other processes may be writing it, and returns its
  /// path. With `to` nil it goes beside the database as `<file>.v<version>-<UTC time>.bak` (`-2`, `-3`, … when
  /// taken); a given path must not exist yet. A crash leaves no copy or a complete one; the copy has the
  /// database's permission bits.
  public var backup: @Sendable (_ to: String?) async throws -> String
  /// Replaces the database with the vocab database at `from`, after checking it (refused, with nothing changed,
  /// unless it is a vocab database of a version this vocab knows) and backing up the database as it was; then
  /// migrates it when it is older.
  public var restore: @Sendable (_ from: String) async throws -> RestoreReport
}

/// What a restore did.
public struct RestoreReport: Equatable, Sendable {
  /// The database that was replaced.
  public var path: String
  /// The backup it was replaced with (left unchanged).
  public var restoredFrom: String
  /// Where the database as it was before the restore went; nil when there was no database.
  public var previousBackupPath: String?
  /// Migrating the restored copy, when it was older (`didMigrate`), with the backup made before that.
  public var migration: MigrationReport

  public init(path: String, restoredFrom: String, previousBackupPath: String?, migration: MigrationReport) {
    self.path = path
    self.restoredFrom = restoredFrom
    self.previousBackupPath = previousBackupPath
    self.migration = migration
  }
}

extension BackupClient: TestDependencyKey {
  public static let testValue = BackupClient()
}

extension DependencyValues {
  public var backupClient: BackupClient {
    get { self[BackupClient.self] }
    set { self[BackupClient.self] = newValue }
  }
}

extension BackupClient {
  /// The client for the database file at `path`. Every call throws `MigrationError` and runs off Swift's
  /// cooperative threads (copying a database takes a while, and waits for locks).
  public static func live(path: String) -> BackupClient {
    BackupClient(
      backup: { destination in
        @Dependency(\.date.now) var now
        return try await DispatchQueue.global().perform { () throws(MigrationError) in
          try Restorer(path: path, now: now).backup(to: destination)
        }
      },
      restore: { backup in
        @Dependency(\.date.now) var now
        return try await DispatchQueue.global().perform { () throws(MigrationError) in
          try Restorer(path: path, now: now).restore(from: backup)
        }
      }
    )
  }
}
