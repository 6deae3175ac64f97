import BookCaseFeature
import Composable
import Foundation
import Storage
import Testing

@MainActor
@Suite struct MigrationReducerTests {
  static let first = MigrationInfo(version: 1, name: "create_bookcases_and_words", checksum: "aa11")
  static let second = MigrationInfo(version: 2, name: "index_words_and_count_them", checksum: "bb22")
  static let applied = AppliedMigration(
    version: 1, name: "create_bookcases_and_words", checksum: "aa11",
    appliedAt: Date(timeIntervalSince1970: 1_700_000_000), state: .ok)

  /// `--status` reads the status and nothing else: `dryRun` and `migrate` are left unimplemented, so calling
  /// them would fail the test.
  @Test func statusIsLoadedWithoutMigrating() async {
    let status = MigrationStatus(
      path: "/tmp/v.sqlite3", exists: true, version: 1, applied: [Self.applied], pending: [Self.second])
    let store = TestStore(initialState: MigrationReducer.State(request: .status)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.status = { status }
    }
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.statusLoaded(status)) {
      $0.isRunning = false
      $0.status = status
    }
  }

  @Test func dryRunPlansWithoutMigrating() async {
    let plan = MigrationPlan(path: "/tmp/v.sqlite3", fromVersion: 1, pending: [Self.second], makesBackup: true)
    let store = TestStore(initialState: MigrationReducer.State(request: .dryRun)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.dryRun = { plan }
    }
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.planned(plan)) {
      $0.isRunning = false
      $0.plan = plan
    }
  }

  @Test func migrateReportsWhatWasAppliedAndTheBackup() async {
    let report = MigrationReport(
      path: "/tmp/v.sqlite3", fromVersion: 1, toVersion: 2, applied: [Self.second],
      backupPath: "/tmp/v.sqlite3.v1.bak")
    let store = TestStore(initialState: MigrationReducer.State(request: .migrate)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.migrate = { report }
    }
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.migrated(report)) {
      $0.isRunning = false
      $0.report = report
    }
  }

  @Test func aRefusalIsKeptForTheFrontEnd() async {
    let refusal = MigrationError.newerDatabase(path: "/tmp/v.sqlite3", version: 9, latestKnown: 2)
    let store = TestStore(initialState: MigrationReducer.State(request: .migrate)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.migrate = { throw refusal }
    }
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.failed(refusal)) {
      $0.isRunning = false
      $0.error = refusal
    }
  }

  @Test func anyOtherErrorBecomesADatabaseFailure() async {
    struct Unexpected: Error, CustomStringConvertible {
      var description: String { "disk on fire" }
    }
    let store = TestStore(initialState: MigrationReducer.State(request: .status)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.status = { throw Unexpected() }
    }
    let failure = MigrationError.database(
      path: "the database", failure: DatabaseFailure(kind: .other, message: "disk on fire"))
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.failed(failure)) {
      $0.isRunning = false
      $0.error = failure
    }
  }

  @Test func startingAgainWhileRunningIsIgnored() async {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let report = MigrationReport(
      path: "/tmp/v.sqlite3", fromVersion: 0, toVersion: 2, applied: [Self.first, Self.second], backupPath: nil)
    let calls = LockIsolated(0)
    let store = TestStore(initialState: MigrationReducer.State(request: .migrate)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.migrate = {
        calls.withValue { $0 += 1 }
        for await _ in gate { break }
        return report
      }
    }
    await store.send(.started) { $0.isRunning = true }
    await store.send(.started)
    open.yield()
    await store.receive(.migrated(report)) {
      $0.isRunning = false
      $0.report = report
    }
    #expect(calls.value == 1)
  }

  @Test func startingAgainClearsTheLastOutcome() async {
    var state = MigrationReducer.State(request: .status)
    state.error = .database(path: "/tmp/v.sqlite3", failure: DatabaseFailure(kind: .busy, message: "locked"))
    let status = MigrationStatus(
      path: "/tmp/v.sqlite3", exists: true, version: 1, applied: [Self.applied], pending: [])
    let store = TestStore(initialState: state) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.status = { status }
    }
    await store.send(.started) {
      $0.isRunning = true
      $0.error = nil
    }
    await store.receive(.statusLoaded(status)) {
      $0.isRunning = false
      $0.status = status
    }
  }

  /// The whole command against the live migration client on a temporary file: status of a missing database,
  /// a dry run, the migration, and the status after it.
  @Test func againstTheLiveClient() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("vocab.sqlite3").path
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    func run(_ request: MigrationReducer.State.Request) async -> MigrationReducer.State {
      let store = Store(initialState: MigrationReducer.State(request: request)) {
        MigrationReducer()
      } withDependencies: {
        $0.migrationClient = .live(path: path)
        $0.date.now = now
      }
      await store.send(.started).finish()
      return store.state
    }

    // Every migration file in the repository, 1 to the newest.
    let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../migrations").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }
    let versions = Array(1...files.count)

    let before = await run(.status)
    #expect(before.status?.exists == false)
    #expect(before.status?.pending.map(\.version) == versions)
    #expect(!(FileManager.default.fileExists(atPath: path)), "status must not create the file")

    let plan = await run(.dryRun)
    #expect(plan.plan?.pending.map(\.version) == versions)
    #expect(plan.plan?.makesBackup == false)
    #expect(!(FileManager.default.fileExists(atPath: path)), "a dry run must not create the file")

    let migrated = await run(.migrate)
    #expect(migrated.error == nil)
    #expect(migrated.report?.fromVersion == 0)
    #expect(migrated.report?.applied.map(\.version) == versions)
    #expect(migrated.report?.backupPath == nil)

    let after = await run(.status)
    #expect(after.status?.isUpToDate == true)
    #expect(after.status?.applied.map(\.appliedAt) == versions.map { _ in now })
  }
}
