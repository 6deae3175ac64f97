import BookCaseFeature
import Composable
import Foundation
import Storage
import XCTest

@MainActor
final class MigrationReducerTests: XCTestCase {
  static let first = MigrationInfo(version: 1, name: "create_bookcases_and_words", checksum: "aa11")
  static let second = MigrationInfo(version: 2, name: "index_words_and_count_them", checksum: "bb22")
  static let applied = AppliedMigration(
    version: 1, name: "create_bookcases_and_words", checksum: "aa11",
    appliedAt: Date(timeIntervalSince1970: 1_700_000_000), state: .ok)

  /// `--status` reads the status and nothing else: `dryRun` and `migrate` are left unimplemented, so calling
  /// them would fail the test.
  func testStatusIsLoadedWithoutMigrating() async {
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

  func testDryRunPlansWithoutMigrating() async {
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

  func testMigrateReportsWhatWasAppliedAndTheBackup() async {
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

  func testARefusalIsKeptForTheFrontEnd() async {
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

  func testAnyOtherErrorBecomesADatabaseFailure() async {
    struct Unexpected: Error, CustomStringConvertible {
      var description: String { "disk on fire" }
    }
    let store = TestStore(initialState: MigrationReducer.State(request: .status)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient.status = { throw Unexpected() }
    }
    let failure = MigrationError.database(path: "the database", message: "disk on fire")
    await store.send(.started) { $0.isRunning = true }
    await store.receive(.failed(failure)) {
      $0.isRunning = false
      $0.error = failure
    }
  }

  func testStartingAgainWhileRunningIsIgnored() async {
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
    XCTAssertEqual(calls.value, 1)
  }

  func testStartingAgainClearsTheLastOutcome() async {
    var state = MigrationReducer.State(request: .status)
    state.error = .database(path: "/tmp/v.sqlite3", message: "locked")
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
  func testAgainstTheLiveClient() async throws {
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

    let before = await run(.status)
    XCTAssertEqual(before.status?.exists, false)
    XCTAssertEqual(before.status?.pending.map(\.version), [1, 2, 3])
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "status must not create the file")

    let plan = await run(.dryRun)
    XCTAssertEqual(plan.plan?.pending.map(\.version), [1, 2, 3])
    XCTAssertEqual(plan.plan?.makesBackup, false)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path), "a dry run must not create the file")

    let migrated = await run(.migrate)
    XCTAssertNil(migrated.error)
    XCTAssertEqual(migrated.report?.fromVersion, 0)
    XCTAssertEqual(migrated.report?.applied.map(\.version), [1, 2, 3])
    XCTAssertNil(migrated.report?.backupPath)

    let after = await run(.status)
    XCTAssertEqual(after.status?.isUpToDate, true)
    XCTAssertEqual(after.status?.applied.map(\.appliedAt), [now, now, now])
  }
}
