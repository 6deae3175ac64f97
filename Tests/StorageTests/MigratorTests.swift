import CSQLite
import Dependencies
import Foundation
import Testing

@testable import Storage

@Suite struct MigratorTests {
  let directory: TemporaryDirectory
  let path: String
  let embedded: [Migration]

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("vocab.sqlite3")
    embedded = try Migration.embedded()
  }

  var latest: Int { embedded.last!.version }

  /// Applies `migrations` to the file as an older (or newer) vocab would have.
  func migrate(with migrations: [Migration], at seconds: Int = 0) throws -> MigrationReport {
    try Migrator(migrations: migrations).migrate(try Connection(path: path, mode: .create), now: time(seconds))
  }

  /// Schema, history and version: what a failed or refused migration must leave as it was.
  func schema() throws -> [String] {
    let db = try Connection(path: path, mode: .readOnly)
    return try db.rows("SELECT type || ' ' || name || ': ' || ifnull(sql, '') FROM sqlite_master ORDER BY name") { $0.text(0) }
      + db.rows("SELECT version || ' ' || name || ' ' || sha256 || ' ' || applied_at FROM schema_migrations") { $0.text(0) }
      + ["user_version \(try db.integer("PRAGMA user_version"))"]
  }

  // MARK: Embedding

  @Test func embeddedMigrationsEqualTheFilesInMigrations() throws {
    let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../migrations").standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
    let files = try names.map { name in
      try Migration(fileName: name, sql: String(decoding: try Data(contentsOf: folder.appending(path: name)), as: UTF8.self))
    }
    #expect(!files.isEmpty)
    #expect(embedded == files)
    #expect(embedded.map(\.fileName) == names)
  }

  @Test func checksumsAreThoseSha256sumPrints() throws {
    let folder = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../migrations").standardized
    for migration in embedded {
      let process = Process()
      let output = Pipe()
      process.executableURL = URL(filePath: "/usr/bin/env")
      process.arguments = ["sha256sum", folder.appending(path: migration.fileName).path]
      process.standardOutput = output
      try process.run()
      process.waitUntilExit()
      let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(printed.split(separator: " ").first.map(String.init) == migration.checksum, "\(migration.fileName)")
    }
  }

  @Test func migrationFileNamesMustBeNumberedWithoutGaps() throws {
    #expect(throws: MigrationError.self) { try Migration(fileName: "create.sql", sql: "") }
    #expect(throws: MigrationError.self) { try Migration(fileName: "0000_zero.sql", sql: "") }
    #expect(throws: MigrationError.self) { try Migration(fileName: "0001_.sql", sql: "") }
    #expect(throws: MigrationError.self) { try Migration(fileName: "0001_a.txt", sql: "") }
    let one = try Migration(fileName: "0001_a.sql", sql: "")
    let three = try Migration(fileName: "0003_c.sql", sql: "")
    #expect(one.version == 1 && one.name == "a")
    #expect(throws: MigrationError.self) { try Migration.ordered([one, three]) }
    #expect(throws: MigrationError.self) { try Migration.ordered([one, one]) }
    #expect(try Migration.ordered([try Migration(fileName: "0002_b.sql", sql: ""), one]).map(\.version) == [1, 2])
  }

  // MARK: Migrating

  @Test func createsAFreshDatabase() throws {
    let (_, report) = try at(7) { try StorageClient.live(path: path) }
    #expect(report == MigrationReport(path: path, fromVersion: 0, toVersion: latest, applied: embedded.map(\.info), backupPath: nil))
    let db = try Connection(path: path, mode: .readOnly)
    #expect(try db.integer("PRAGMA user_version") == Int64(latest))
    #expect(try db.integer("PRAGMA application_id") == Int64(vocabApplicationID))
    #expect(try db.rows("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
    let history = try db.rows("SELECT version, name, sha256, applied_at FROM schema_migrations ORDER BY version") {
      "\($0.int(0)) \($0.text(1)) \($0.text(2)) \($0.int64(3))"
    }
    #expect(history == embedded.map { "\($0.version) \($0.name) \($0.checksum) \(time(7).unixMilliseconds)" })
    #expect(try files(in: directory).filter { $0.hasSuffix(".bak") } == [])
  }

  /// Every version below the latest: each older database is migrated with data in it.
  static let olderVersions = Array(1..<max(1, (try? Migration.embedded().count) ?? 1))

  @Test func thereIsAnOlderVersionToMigrateFrom() { #expect(!Self.olderVersions.isEmpty) }

  @Test(arguments: olderVersions)
  func migratesADatabaseWithDataFromAnOlderVersion(_ k: Int) async throws {
    #expect(k < latest)
    _ = try migrate(with: Array(embedded.prefix(k)))
    do {
      let db = try Connection(path: path, mode: .existing)
      // From version 4 on vocab (not SQL) gives a new word its unique guid and folded term.
      let guid = { (term: String) in k >= 4 ? ", '\(UUID().uuidString.lowercased())', '\(term)'" : "" }
      try db.execute(
        """
        INSERT INTO bookcases (id, name, name_key, description, created_at, updated_at) VALUES
          (1, 'TOEFL', 'toefl', '', 1000, 1000), (2, 'JLPT N3', 'jlpt n3', 'kanji', 2000, 3000);
        INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at\(k >= 4 ? ", guid, term_key" : "")) VALUES
          (1, 'abate', 'lessen', 1000, 1000\(guid("abate"))), (1, 'benign', 'kind', 1000, 1000\(guid("benign"))),
          (2, '雨', 'rain', 2000, 2000\(guid("雨")));
        """)
      // Once search has an index, vocab (not SQL) writes each word's folded keys; these fields fold to lower case.
      if try db.integer("SELECT count(*) FROM sqlite_master WHERE name = 'word_search'") > 0 {
        try db.execute(
          "INSERT INTO word_search SELECT id, lower(term), '', lower(meaning), '', '', '', '', '', '', '' FROM words")
      }
    }
    let (client, report) = try at(3600) { try StorageClient.live(path: path) }
    #expect(report.fromVersion == k && report.toVersion == latest)
    #expect(report.applied == embedded.dropFirst(k).map(\.info))
    #expect(report.summary == "migrated \(path) from version \(k) to \(latest); backup at \(report.backupPath ?? "")")
    #expect(try await client.fetchBookCases() == [
      BookCase(id: 2, name: "JLPT N3", description: "kanji", wordCount: 1, createdAt: Date(unixMilliseconds: 2000), updatedAt: Date(unixMilliseconds: 3000)),
      BookCase(id: 1, name: "TOEFL", wordCount: 2, createdAt: Date(unixMilliseconds: 1000), updatedAt: Date(unixMilliseconds: 1000)),
    ])
    let words = try await client.fetchWords(1, .all) + client.fetchWords(2, .all)
    #expect(words.map(\.term) == ["abate", "benign", "雨"])
    // Words keep their ids and gain a guid each (a UUID, all different), an empty reading and no tags.
    #expect(words.map(\.id) == [1, 2, 3])
    #expect(Set(words.map(\.guid)).count == 3)
    #expect(words.allSatisfy { UUID(uuidString: $0.guid) != nil && $0.reading.isEmpty && $0.tags.isEmpty })
    // Their folded terms are keyed as new words' are: found whatever the case, sorted by term.
    #expect(try await client.findWords(1, "BENIGN", "").map(\.id) == [2])
    #expect(try await client.fetchWords(1, WordListing(order: .term)).map(\.term) == ["abate", "benign"])
    // Search finds them, in every field, as it finds new words.
    #expect(try await client.searchWords(WordSearch("BENIGN")).map(\.id) == [2])
    #expect(try await client.searchWords(WordSearch("雨")).map(\.id) == [3])
    #expect(try await client.searchWords(WordSearch("less")).map(\.id) == [1])
    // Each has a new card, due when it was added.
    #expect(try await client.fetchCard(3) == StoredCard(wordID: 3, due: Date(unixMilliseconds: 2000)))
    // The maintained count keeps working after the migration.
    _ = try await at(3601) { try await client.addWord(2, WordDraft(term: "雪", meaning: "snow")) }
    #expect(try await client.fetchBookCase(2).wordCount == 2)

    // The backup is a consistent, openable copy of the database as it was.
    let backupPath = try #require(report.backupPath)
    #expect(backupPath == "\(path).v\(k)-20231114T231320Z.bak")
    let backup = try Connection(path: backupPath, mode: .readOnly)
    #expect(try backup.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    #expect(try backup.integer("PRAGMA user_version") == Int64(k))
    #expect(try backup.integer("SELECT count(*) FROM words") == 3)
    #expect(try backup.integer("SELECT count(*) FROM schema_migrations") == Int64(k))
  }

  @Test func existingWordsGetNewCardsDueWhenTheyWereAdded() async throws {
    _ = try migrate(with: Array(embedded.prefix(4)))
    do {
      let db = try Connection(path: path, mode: .existing)
      try db.execute(
        """
        INSERT INTO bookcases (id, name, name_key, description, created_at, updated_at) VALUES (3, 'TOEFL', 'toefl', '', 1000, 1000);
        INSERT INTO words (id, bookcase_id, term, meaning, guid, created_at, updated_at) VALUES
          (7, 3, 'abate', 'lessen', 'a', 2000, 9000), (12, 3, 'benign', 'kind', 'b', 1500, 1500);
        """)
    }
    let (client, report) = try at(3600) { try StorageClient.live(path: path) }
    #expect(report.fromVersion == 4)
    #expect(try await client.fetchCard(7) == StoredCard(wordID: 7, due: Date(unixMilliseconds: 2000)))
    #expect(try await client.fetchDueCards(nil, time(0), 10).map(\.wordID) == [12, 7])
    #expect(try await client.fetchCardCounts(3) == CardCounts(new: 2, nextDue: Date(unixMilliseconds: 1500)))
    // A word added after the migration gets its card from the trigger.
    let added = try await at(3601) { try await client.addWord(3, WordDraft(term: "candid", meaning: "frank")) }
    #expect(try await client.fetchCard(added.id) == StoredCard(wordID: added.id, due: time(3601)))
  }

  @Test func aBackupNeverOverwritesAFileThatIsThere() throws {
    _ = try migrate(with: [embedded[0]])
    let taken = "\(path).v1-20231114T221320Z.bak"
    let theirs = Data("somebody else's file".utf8)
    try theirs.write(to: URL(filePath: taken))
    let report = try migrate(with: embedded, at: 0)
    let backupPath = try #require(report.backupPath)
    #expect(backupPath == "\(path).v1-20231114T221320Z-2.bak")
    #expect(try bytes(taken) == theirs)
    #expect(try Connection(path: backupPath, mode: .readOnly).integer("PRAGMA user_version") == 1)
  }

  @Test func refusesADatabaseWhoseMigrationChanged() throws {
    _ = try migrate(with: embedded)
    let before = try bytes(path)
    var changed = embedded
    changed[0] = try Migration(fileName: embedded[0].fileName, sql: embedded[0].sql + "\n-- edited after release\n")
    #expect(throws: MigrationError.checksumMismatch(path: path, version: 1, name: embedded[0].name)) {
      try migrate(with: changed)
    }
    #expect(try bytes(path) == before)
    let status = Migrator(migrations: changed).status(
      try Migrator(migrations: changed).inspect(try Connection(path: path, mode: .readOnly)), path: path)
    #expect(status.applied.map(\.state) == [.checksumMismatch] + Array(repeating: .ok, count: latest - 1))
    #expect(!status.isUpToDate)
  }

  @Test func refusesADatabaseFromANewerVocab() throws {
    let future = try Migration(fileName: "\((latest + 1).paddedVersion)_future.sql", sql: "CREATE TABLE future (x);")
    _ = try migrate(with: embedded + [future])
    let before = try bytes(path)
    let error = MigrationError.newerDatabase(path: path, version: latest + 1, latestKnown: latest)
    #expect(throws: error) { try at(0) { try StorageClient.live(path: path) } }
    #expect(try bytes(path) == before)
    #expect(error.description.contains("newer vocab"))
  }

  @Test func refusesAFileThatIsNotADatabaseAndLeavesItUnchanged() async throws {
    let text = Data(String(repeating: "these are my notes, not a database\n", count: 200).utf8)
    try text.write(to: URL(filePath: path))
    #expect(throws: MigrationError.notADatabase(path: path)) { try at(0) { try StorageClient.live(path: path) } }
    await #expect(throws: MigrationError.notADatabase(path: path)) { try await MigrationClient.live(path: path).status() }
    await #expect(throws: MigrationError.notADatabase(path: path)) { try await MigrationClient.live(path: path).dryRun() }
    await #expect(throws: MigrationError.notADatabase(path: path)) {
      try await withDependencies { $0.date.now = time(0) } operation: { try await MigrationClient.live(path: path).migrate() }
    }
    #expect(try bytes(path) == text)
    #expect(try files(in: directory) == ["vocab.sqlite3"])
  }

  @Test func refusesADatabaseWhoseHistoryHasAGap() throws {
    _ = try migrate(with: embedded)
    do {
      let db = try Connection(path: path, mode: .existing)
      try db.execute("DELETE FROM schema_migrations WHERE version = 1")
    }
    let before = try bytes(path)
    #expect(throws: MigrationError.missingMigration(path: path, version: 1, appliedAfter: latest)) {
      try at(0) { try StorageClient.live(path: path) }
    }
    #expect(try bytes(path) == before)
  }

  @Test(arguments: [Int32(0x4E4F_5445), 0])
  func refusesAnotherApplicationsDatabaseAndLeavesItUnchanged(_ applicationID: Int32) throws {
    do {
      let db = try Connection(path: path, mode: .create)
      try db.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine'); PRAGMA application_id = \(applicationID)")
    }
    let before = try bytes(path)
    #expect(throws: MigrationError.foreignApplication(path: path, applicationID: applicationID)) {
      try at(0) { try StorageClient.live(path: path) }
    }
    #expect(try bytes(path) == before)
    #expect(try files(in: directory) == ["vocab.sqlite3"])
  }

  @Test func aMigrationThatFailsHalfWayLeavesSchemaAndHistoryAsBefore() throws {
    _ = try migrate(with: [embedded[0]])
    let before = try schema()
    let failing = try Migration(
      fileName: "0002_half_way.sql",
      sql: "CREATE TABLE extra (x);\nINSERT INTO extra VALUES (1);\nINSERT INTO no_such_table VALUES (1);\n")
    #expect(throws: MigrationError.migrationFailed(
      version: 2, name: "half_way", message: "no such table: no_such_table", sql: "INSERT INTO no_such_table VALUES (1);"))
    {
      try migrate(with: [embedded[0], failing], at: 99)
    }
    #expect(try schema() == before)
  }

  @Test func aMigrationThatBreaksForeignKeysIsRolledBack() throws {
    _ = try migrate(with: [embedded[0]])
    let before = try schema()
    let orphan = try Migration(
      fileName: "0002_orphan.sql",
      sql: "INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at) VALUES (42, 't', 'm', 0, 0);")
    #expect(throws: MigrationError.foreignKeyViolation(version: 2, name: "orphan", table: "words")) {
      try migrate(with: [embedded[0], orphan])
    }
    #expect(try schema() == before)
  }

  @Test(arguments: [
    "VACUUM;", "PRAGMA journal_mode = DELETE;", "pragma main.synchronous=OFF;", "PRAGMA foreign_keys = OFF;",
    "BEGIN;", "COMMIT;", "rollback /* c */;", "SAVEPOINT s;",
  ])
  func refusesMigrationFilesWithStatementsThatCannotRunInATransaction(_ statement: String) throws {
    _ = try migrate(with: [embedded[0]])
    let before = try schema()
    let fileBefore = try bytes(path)
    let forbidden = try Migration(fileName: "0002_forbidden.sql", sql: "CREATE TABLE extra (x);\n-- why\n\(statement)\n")
    #expect(throws: MigrationError.forbiddenStatement(version: 2, name: "forbidden", statement: statement)) {
      try migrate(with: [embedded[0], forbidden])
    }
    #expect(try schema() == before)
    #expect(try bytes(path) == fileBefore)
    #expect(try files(in: directory).filter { $0.hasSuffix(".bak") } == [])
  }

  @Test func splitsStatementsAsSQLiteDoesKeepingTriggersWhole() throws {
    let sql = """
      -- a comment; with a semicolon
      CREATE TABLE t (x TEXT DEFAULT 'a;b');
      CREATE TRIGGER t_insert AFTER INSERT ON t
      BEGIN
        UPDATE t SET x = 'end;' WHERE rowid = NEW.rowid;
      END;
      /* trailing */
      """
    let statements = Migrator.statements(in: sql)
    #expect(statements.count == 2)
    #expect(statements[1].hasPrefix("CREATE TRIGGER") && statements[1].hasSuffix("END;"))
    #expect(!statements.contains(where: Migrator.isForbidden))
    #expect(embedded.allSatisfy { !Migrator.statements(in: $0.sql).contains(where: Migrator.isForbidden) })
  }

  // MARK: Status and dry run

  @Test func statusAndDryRunOfAMissingFileCreateNothing() async throws {
    let client = MigrationClient.live(path: path)
    #expect(try await client.status() == MigrationStatus(path: path, exists: false, version: 0, applied: [], pending: embedded.map(\.info)))
    #expect(try await client.dryRun() == MigrationPlan(path: path, fromVersion: 0, pending: embedded.map(\.info), makesBackup: false))
    #expect(try files(in: directory) == [])
  }

  @Test func statusAndDryRunOfAnOlderDatabaseChangeNothing() async throws {
    _ = try migrate(with: [embedded[0]], at: 5)
    let before = try bytes(path)
    let client = MigrationClient.live(path: path)
    let status = try await client.status()
    #expect(status == MigrationStatus(
      path: path, exists: true, version: 1,
      applied: [AppliedMigration(version: 1, name: embedded[0].name, checksum: embedded[0].checksum, appliedAt: time(5), state: .ok)],
      pending: embedded.dropFirst().map(\.info)))
    #expect(!status.isUpToDate)
    let plan = try await client.dryRun()
    #expect(plan == MigrationPlan(path: path, fromVersion: 1, pending: embedded.dropFirst().map(\.info), makesBackup: true))
    #expect(plan.toVersion == latest)
    #expect(try bytes(path) == before)
    #expect(try schema().last == "user_version 1")
  }

  @Test func migrationClientMigratesAndReportsTheBackup() async throws {
    _ = try migrate(with: [embedded[0]])
    let client = MigrationClient.live(path: path)
    let report = try await withDependencies { $0.date.now = time(0) } operation: { try await client.migrate() }
    #expect(report.applied == embedded.dropFirst().map(\.info))
    let backupPath = try #require(report.backupPath)
    #expect(FileManager.default.fileExists(atPath: backupPath))
    #expect(try await client.status().isUpToDate)
    // Up to date: nothing to do, no second backup.
    let again = try await withDependencies { $0.date.now = time(1) } operation: { try await client.migrate() }
    #expect(again == MigrationReport(path: path, fromVersion: latest, toVersion: latest, applied: [], backupPath: nil))
    #expect(!again.didMigrate)
    #expect(try files(in: directory).filter { $0.hasSuffix(".bak") }.count == 1)
  }

  // MARK: Read-only

  @Test func readsADatabaseOpenedReadOnlyAndRefusesToWriteIt() async throws {
    do {
      let (client, _) = try at(0) { try StorageClient.live(path: path) }
      let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
      _ = try await at(0) { try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen")) }
    }
    let before = try bytes(path)
    let (client, report) = try at(1) { try StorageClient.live(path: path, mode: .readOnly) }
    #expect(!report.didMigrate)
    #expect(try await client.fetchBookCases().map(\.wordCount) == [1])
    let error = await thrownError { try await at(2) { try await client.createBookCase(BookCaseDraft(name: "IELTS")) } }
    guard case let .database(failure)? = error as? StorageError else {
      Issue.record("expected a database error, got \(String(describing: error))")
      return
    }
    #expect(failure.kind == .readOnly)
    #expect("\(error!)".hasPrefix("the database is read-only, so nothing was changed"))
    #expect(try bytes(path) == before)
  }

  @Test func refusesToMigrateADatabaseOpenedReadOnly() throws {
    _ = try migrate(with: [embedded[0]])
    let before = try bytes(path)
    #expect(throws: MigrationError.readOnly(path: path, pendingVersions: Array(2...latest))) {
      try at(0) { try StorageClient.live(path: path, mode: .readOnly) }
    }
    #expect(try bytes(path) == before)
  }

  @Test func immutableConnectionsReadAndNeverWrite() throws {
    do { _ = try at(0) { try StorageClient.live(path: path) } }
    let db = try Connection(immutablePath: path)
    #expect(try db.integer("PRAGMA user_version") == Int64(latest))
    #expect(throws: SQLiteError.self) { try db.execute("CREATE TABLE t (x)") }
  }

  @Test func existingAndReadOnlyModesDoNotCreateAFile() throws {
    #expect(throws: MigrationError.cannotOpen(path: path, reason: "there is no file there")) {
      try at(0) { try StorageClient.live(path: path, mode: .existing) }
    }
    #expect(throws: MigrationError.cannotOpen(path: path, reason: "there is no file there")) {
      try at(0) { try StorageClient.live(path: path, mode: .readOnly) }
    }
    #expect(try files(in: directory) == [])
  }
}

extension MigratorTests {
  /// As root the permissions below change nothing; run the suite as another user to exercise the fallback
  /// (`runuser -u nobody -- .build/debug/vocabPackageTests.xctest --testing-library swift-testing`).
  @Test func readsAReadOnlyFileInAReadOnlyDirectory() async throws {
    do {
      let (client, _) = try at(0) { try StorageClient.live(path: path) }
      _ = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
    }
    #expect(try files(in: directory) == ["vocab.sqlite3"])
    let before = try bytes(path)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path) }
    let (client, report) = try at(1) { try StorageClient.live(path: path) }
    #expect(!report.didMigrate)
    #expect(try await client.fetchBookCases().map(\.name) == ["TOEFL"])
    #expect(try await MigrationClient.live(path: path).status().isUpToDate)
    #expect(try bytes(path) == before)
  }
}
