import Foundation

/// A migration as `vocab migrate` shows it.
public struct MigrationInfo: Equatable, Hashable, Sendable, Codable {
  public var version: Int
  public var name: String
  /// SHA-256 of the migration file, lowercase hex.
  public var checksum: String

  public init(version: Int, name: String, checksum: String) {
    self.version = version
    self.name = name
    self.checksum = checksum
  }
}

/// A row of the database's migration history, checked against the migrations this program knows.
public struct AppliedMigration: Equatable, Hashable, Sendable, Codable {
  public enum State: String, Equatable, Hashable, Sendable, Codable {
    /// The file this program carries has the checksum recorded when the migration was applied.
    case ok
    /// The file changed after the migration was applied: the database is refused.
    case checksumMismatch
    /// A newer program applied a migration this one does not know: the database is refused.
    case unknown
  }

  public var version: Int
  public var name: String
  public var checksum: String
  public var appliedAt: Date
  public var state: State

  public init(version: Int, name: String, checksum: String, appliedAt: Date, state: State) {
    self.version = version
    self.name = name
    self.checksum = checksum
    self.appliedAt = appliedAt
    self.state = state
  }
}

/// Where a database stands, read without changing it.
public struct MigrationStatus: Equatable, Sendable, Codable {
  public var path: String
  /// False when there is no file yet: opening it will create it with every migration.
  public var exists: Bool
  /// The database's `user_version`, the last migration applied.
  public var version: Int
  public var applied: [AppliedMigration]
  public var pending: [MigrationInfo]

  public init(path: String, exists: Bool, version: Int, applied: [AppliedMigration], pending: [MigrationInfo]) {
    self.path = path
    self.exists = exists
    self.version = version
    self.applied = applied
    self.pending = pending
  }

  /// Every migration applied, none changed or unknown.
  public var isUpToDate: Bool { pending.isEmpty && applied.allSatisfy { $0.state == .ok } }
}

/// What migrating would do: the dry run.
public struct MigrationPlan: Equatable, Sendable, Codable {
  public var path: String
  public var fromVersion: Int
  public var pending: [MigrationInfo]
  /// Whether a backup would be made first (the database already has a schema, and there is work to do).
  public var makesBackup: Bool

  public init(path: String, fromVersion: Int, pending: [MigrationInfo], makesBackup: Bool) {
    self.path = path
    self.fromVersion = fromVersion
    self.pending = pending
    self.makesBackup = makesBackup
  }

  public var toVersion: Int { pending.last?.version ?? fromVersion }
}

/// What migrating did.
public struct MigrationReport: Equatable, Sendable, Codable {
  public var path: String
  public var fromVersion: Int
  public var toVersion: Int
  public var applied: [MigrationInfo]
  /// The copy made before migrating, when the database already had a schema.
  public var backupPath: String?
  /// What the migrations changed in the data that a person should hear about, one sentence each
  /// ("renamed bookcase 7 …").
  public var notes: [String]

  public init(
    path: String, fromVersion: Int, toVersion: Int, applied: [MigrationInfo], backupPath: String?, notes: [String] = []
  ) {
    self.path = path
    self.fromVersion = fromVersion
    self.toVersion = toVersion
    self.applied = applied
    self.backupPath = backupPath
    self.notes = notes
  }

  public var didMigrate: Bool { !applied.isEmpty }

  /// One line for stderr, e.g. "migrated /…/vocab.sqlite3 from version 1 to 2; backup at /…/vocab.sqlite3.v1-….bak".
  public var summary: String {
    guard didMigrate else { return "\(path) is up to date at version \(toVersion)" }
    let steps = "migrated \(path) from version \(fromVersion) to \(toVersion)"
    return backupPath.map { "\(steps); backup at \($0)" } ?? steps
  }
}
