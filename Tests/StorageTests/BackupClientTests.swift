import CSQLite
import Dependencies
import Foundation
import Testing

@testable import Storage

/// `BackupClient.live`: consistent, atomic, private copies, and restores that refuse anything but a vocab
/// database this vocab knows, keep the database as it was, and migrate what they restore.
@Suite struct BackupClientTests {
  let directory: TemporaryDirectory
  let path: String
  let client: BackupClient

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("vocab.sqlite3")
    client = .live(path: path)
  }

  /// A database holding the bookcases `names`, created at `time(0)`.
  func database(at path: String? = nil, holding names: [String]) async throws {
    let (storage, _) = try at(0) { try StorageClient.live(path: path ?? self.path) }
    for name in names { _ = try await at(0) { try await storage.createBookCase(BookCaseDraft(name: name)) } }
  }

  func names(in path: String) throws -> [String] {
    try Connection(path: path, mode: .readOnly).rows("SELECT name FROM bookcases ORDER BY id") { $0.text(0) }
  }

  func mode(_ path: String) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
  }

  // MARK: Backup

  @Test func aBackupGoesBesideTheDatabaseNamedForItsVersionAndTimeWithItsMode() async throws {
    try await database(holding: ["TOEFL", "JLPT N3"])
    chmod(path, 0o600)
    let latest = try Migration.embedded().count
    let first = try await at(0) { try await client.backup(nil) }
    #expect(first == "\(path).v\(latest)-20231114T221320Z.bak")
    #expect(try names(in: first) == ["TOEFL", "JLPT N3"])
    #expect(try mode(first) == 0o600)
    #expect(try Connection(path: first, mode: .readOnly).rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    // The same second again: a new name, never the old file.
    let second = try await at(0) { try await client.backup(nil) }
    #expect(second == "\(path).v\(latest)-20231114T221320Z-2.bak")
    #expect(try files(in: directory).filter { $0.contains(".partial") } == [])
  }

  @Test func aBackupToAGivenPathNeverReplacesAFile() async throws {
    try await database(holding: ["TOEFL"])
    let chosen = directory.path("mine.sqlite3")
    #expect(try await at(0) { try await client.backup(chosen) } == chosen)
    #expect(try names(in: chosen) == ["TOEFL"])
    let theirs = directory.path("theirs.txt")
    try Data("keep".utf8).write(to: URL(filePath: theirs))
    let error = await thrownError { try await at(0) { try await client.backup(theirs) } }
    #expect(error as? MigrationError
      == .backupFailed(path: theirs, message: "a file is already there, and vocab never replaces one"))
    #expect(try bytes(theirs) == Data("keep".utf8))
  }

  @Test func aTemporaryLeftByADeadProcessIsRemovedAndOneBeingWrittenIsNot() async throws {
    try await database(holding: ["TOEFL"])
    // pid 0x7FFFFFFE is beyond any pid Linux hands out; this test's own pid is alive.
    let dead = "\(path).v2-20231114T221320Z.bak.backup-2147483646-1.partial"
    let live = "\(path).v2-20231114T221320Z.bak.backup-\(getpid())-1.partial"
    for leftover in [dead, dead + "-journal", live] { try Data("torn".utf8).write(to: URL(filePath: leftover)) }
    _ = try await at(0) { try await client.backup(nil) }
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(!FileManager.default.fileExists(atPath: dead + "-journal"))
    #expect(FileManager.default.fileExists(atPath: live))
  }

  // MARK: Restore

  @Test func aRestoreReplacesTheDatabaseAndKeepsItAsItWas() async throws {
    try await database(holding: ["TOEFL"])
    let backup = try await at(0) { try await client.backup(nil) }
    let backupBytes = try bytes(backup)
    let (storage, _) = try at(1) { try StorageClient.live(path: path) }
    _ = try await at(1) { try await storage.createBookCase(BookCaseDraft(name: "Added later")) }

    let report = try await at(60) { try await client.restore(backup) }
    #expect(report.path == path && report.restoredFrom == backup && !report.migration.didMigrate)
    // A client that had the database open reads the restored content: the pages changed under SQLite's locks.
    #expect(try await storage.fetchBookCases().map(\.name) == ["TOEFL"])
    let previous = try #require(report.previousBackupPath)
    #expect(previous == "\(path).v\(try Migration.embedded().count)-20231114T221420Z.bak")
    #expect(try names(in: previous) == ["TOEFL", "Added later"])
    #expect(try bytes(backup) == backupBytes)
  }

  @Test func anOlderBackupIsMigratedAfterItIsRestored() async throws {
    let old = directory.path("old.sqlite3")
    let embedded = try Migration.embedded()
    _ = try Migrator(migrations: [embedded[0]]).migrate(try Connection(path: old, mode: .create), now: time(0))
    try Connection(path: old, mode: .existing).execute(
      "INSERT INTO bookcases (name, name_key, description, created_at, updated_at) VALUES ('Old', 'old', '', 0, 0)")
    try await database(holding: ["Current"])

    let report = try await at(60) { try await client.restore(old) }
    #expect(report.migration.fromVersion == 1 && report.migration.toVersion == embedded.count)
    #expect(report.migration.backupPath != nil)
    let (storage, _) = try at(61) { try StorageClient.live(path: path) }
    #expect(try await storage.fetchBookCases().map(\.name) == ["Old"])
  }

  /// Damaged as a whole (no SQLite header any more) or in one page past the first (SQLite opens it, and fails
  /// only when it reads that page).
  @Test(arguments: [nil, 2])
  func aDamagedDatabaseIsSetAsideAndReplaced(page: Int?) async throws {
    try await database(holding: ["TOEFL"])
    let backup = try await at(0) { try await client.backup(nil) }
    if let page {
      let file = try FileHandle(forUpdating: URL(filePath: path))
      try file.seek(toOffset: UInt64(page * 4096))
      try file.write(contentsOf: Data(repeating: 0xA5, count: 4096))
      try file.close()
    } else {
      try Data("this was a database once".utf8).write(to: URL(filePath: path))
    }
    let damage = try bytes(path)
    let report = try await at(60) { try await client.restore(backup) }
    #expect(report.previousBackupPath == "\(path).damaged-20231114T221420Z")
    #expect(try bytes("\(path).damaged-20231114T221420Z") == damage)
    #expect(try names(in: path) == ["TOEFL"])
  }

  @Test func aMissingDatabaseIsCreatedFromTheBackup() async throws {
    let elsewhere = directory.path("elsewhere.sqlite3")
    try await database(at: elsewhere, holding: ["TOEFL"])
    let report = try await at(60) { try await client.restore(elsewhere) }
    #expect(report.previousBackupPath == nil)
    #expect(try names(in: path) == ["TOEFL"])
  }

  /// Each file a restore must refuse, with what it says; the database and its directory stay exactly as they were.
  @Test func aRestoreRefusesAnythingButAVocabDatabaseItKnows() async throws {
    try await database(holding: ["TOEFL"])
    let latest = try Migration.embedded().count
    let text = directory.path("notes.txt")
    try Data("my shopping list".utf8).write(to: URL(filePath: text))
    let empty = directory.path("empty.sqlite3")
    FileManager.default.createFile(atPath: empty, contents: nil)
    let foreign = directory.path("foreign.sqlite3")
    try Connection(path: foreign, mode: .create).execute("CREATE TABLE notes (body TEXT)")
    let newer = directory.path("newer.sqlite3")
    try await database(at: newer, holding: ["Future"])
    try Connection(path: newer, mode: .existing).execute("PRAGMA user_version = \(latest + 1)")
    let cases: [(String, MigrationError)] = [
      (text, .notADatabase(path: text)),
      (empty, .notABackup(path: empty, reason: "it holds no vocab database")),
      (foreign, .foreignApplication(path: foreign, applicationID: 0)),
      (newer, .newerDatabase(path: newer, version: latest + 1, latestKnown: latest)),
      (directory.path("missing.sqlite3"), .cannotOpen(path: directory.path("missing.sqlite3"), reason: "there is no file there")),
      (path, .notABackup(path: path, reason: "it is the database itself")),
    ]
    let before = try bytes(path)
    let listing = try files(in: directory)
    for (backup, refusal) in cases {
      let error = await thrownError { try await at(60) { try await client.restore(backup) } }
      #expect(error as? MigrationError == refusal)
    }
    #expect(try bytes(path) == before)
    #expect(try files(in: directory) == listing)
  }

  /// Another process writes the database all through a restore: both files stay whole, the backup unchanged.
  @Test func anotherProcessWritingDuringARestoreCorruptsNeitherFile() async throws {
    try await database(holding: ["TOEFL"])
    let backup = try await at(0) { try await client.backup(nil) }
    let backupBytes = try bytes(backup)
    let writer = Process()
    writer.executableURL = URL(filePath: "/bin/sh")
    writer.arguments = [
      "-c",
      """
      i=0
      while [ $i -lt 200 ]; do
        sqlite3 -cmd '.timeout 10000' "$1" "INSERT INTO bookcases (name, name_key, description, created_at, updated_at)
          VALUES ('w$i', 'w$i', '', 0, 0)" || exit 1
        i=$((i + 1))
      done
      """,
      "sh", path,
    ]
    try writer.run()
    for second in 1...5 { _ = try await at(60 + second) { try await client.restore(backup) } }
    writer.waitUntilExit()
    #expect(writer.terminationStatus == 0)
    let db = try Connection(path: path, mode: .readOnly)
    #expect(try db.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    #expect(try db.integer("SELECT count(*) FROM bookcases WHERE name = 'TOEFL'") == 1)
    #expect(try bytes(backup) == backupBytes)
  }
}
