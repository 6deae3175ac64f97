import Dependencies
import DependenciesMacros
import Dispatch
import Foundation

/// What `vocab migrate` drives: the status of a database, a dry run, and the migration itself.
@DependencyClient
public struct MigrationClient: Sendable {
  /// Applied and pending migrations, read without changing (or creating) anything; throws the refusal `migrate`
  /// would throw, unless the listing shows it (a changed or unknown migration).
  public var status: @Sendable () async throws -> MigrationStatus
  /// What `migrate` would do; throws the refusal `migrate` would throw.
  public var dryRun: @Sendable () async throws -> MigrationPlan
  /// Applies the pending migrations, after a backup when the database already has a schema.
  public var migrate: @Sendable () async throws -> MigrationReport
}

extension MigrationClient: TestDependencyKey {
  public static let testValue = MigrationClient()
}

extension DependencyValues {
  public var migrationClient: MigrationClient {
    get { self[MigrationClient.self] }
    set { self[MigrationClient.self] = newValue }
  }
}

extension MigrationClient {
  /// The client for the database file at `path`. Every call throws `MigrationError`, and runs off Swift's
  /// cooperative threads: migrating may wait for another process's lock, and copies the database first.
  public static func live(path: String) -> MigrationClient {
    MigrationClient(
      status: {
        try await DispatchQueue.global().perform { () throws(MigrationError) in try status(path: path) }
      },
      dryRun: {
        try await DispatchQueue.global().perform { () throws(MigrationError) in try dryRun(path: path) }
      },
      migrate: {
        @Dependency(\.date) var date
        let now = date.now
        return try await DispatchQueue.global().perform { () throws(MigrationError) in
          let connection = try Connection.opened(path: path, mode: .create)
          return try Migrator(migrations: try Migration.embedded()).migrate(connection, now: now)
        }
      }
    )
  }

  private static func status(path: String) throws(MigrationError) -> MigrationStatus {
    let migrator = Migrator(migrations: try Migration.embedded())
    guard FileManager.default.fileExists(atPath: path) else {
      return MigrationStatus(
        path: path, exists: false, version: 0, applied: [], pending: migrator.migrations.map(\.info))
    }
    let connection = try Connection.opened(path: path, mode: .readOnly)
    let inspection = try migrator.inspect(connection)
    let status = migrator.status(inspection, path: path)
    // A changed or unknown migration is shown in the listing itself; any other refusal (a gap in the history, a
    // version ahead of it) is the one every other command would meet, so status meets it too.
    if status.applied.allSatisfy({ $0.state == .ok }) { _ = try migrator.check(inspection, path: path) }
    return status
  }

  private static func dryRun(path: String) throws(MigrationError) -> MigrationPlan {
    let migrator = Migrator(migrations: try Migration.embedded())
    guard FileManager.default.fileExists(atPath: path) else {
      let pending = try migrator.check(.init(isEmpty: true, version: 0, history: []), path: path)
      return MigrationPlan(path: path, fromVersion: 0, pending: pending.map(\.info), makesBackup: false)
    }
    return try migrator.plan(try Connection.opened(path: path, mode: .readOnly))
  }
}
