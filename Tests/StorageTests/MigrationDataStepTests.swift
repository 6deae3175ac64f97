import Foundation
import Testing

@testable import Storage

/// Data steps: the Swift part of a migration, run in its transaction after its SQL. And the one migration 3
/// has, which re-keys bookcase names by the lookalike rules.
@Suite struct MigrationDataStepTests {
  let directory: TemporaryDirectory
  let path: String
  let embedded: [Migration]

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("vocab.sqlite3")
    embedded = try Migration.embedded()
  }

  func migrate(with migrations: [Migration], at seconds: Int = 0) throws -> MigrationReport {
    try Migrator(migrations: migrations).migrate(try Connection(path: path, mode: .create), now: time(seconds))
  }

  func tables() throws -> [String] {
    try Connection(path: path, mode: .readOnly).rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
      $0.text(0)
    }
  }

  /// A migration creating `extra`, whose step fills it (and then runs `then`) and reports what it did.
  func extraMigration(then sql: String? = nil) throws -> Migration {
    var migration = try Migration(fileName: "0002_extra.sql", sql: "CREATE TABLE extra (x TEXT NOT NULL);\n")
    migration.dataStep = MigrationDataStep { db, now in
      try db.run("INSERT INTO extra VALUES (?)", [.text("at \(now.unixMilliseconds)")])
      if let sql { try db.execute(sql) }
      return ["filled extra"]
    }
    return migration
  }

  @Test func aDataStepRunsAfterItsSQLAndReportsWhatItDid() throws {
    _ = try migrate(with: [embedded[0]])
    let report = try migrate(with: [embedded[0], try extraMigration()], at: 5)
    #expect(report.notes == ["filled extra"])
    let db = try Connection(path: path, mode: .readOnly)
    #expect(try db.rows("SELECT x FROM extra") { $0.text(0) } == ["at \(time(5).unixMilliseconds)"])
    // Applied once: migrating again runs nothing and reports nothing.
    #expect(try migrate(with: [embedded[0], try extraMigration()], at: 6).notes == [])
  }

  @Test func aFailingDataStepRollsBackItsWholeMigration() throws {
    _ = try migrate(with: [embedded[0]])
    let before = try tables()
    #expect(throws: MigrationError.migrationFailed(
      version: 2, name: "extra", message: "no such table: nowhere", sql: "DELETE FROM nowhere"))
    {
      try migrate(with: [embedded[0], try extraMigration(then: "DELETE FROM nowhere")])
    }
    #expect(try tables() == before)
    #expect(try Connection(path: path, mode: .readOnly).integer("PRAGMA user_version") == 1)
  }

  @Test func everyDataStepBelongsToAnEmbeddedMigration() {
    let versions = Set(embedded.map(\.version))
    #expect(Set(MigrationDataStep.embedded.keys).isSubset(of: versions))
    #expect(embedded.filter { $0.dataStep != nil }.map(\.version) == MigrationDataStep.embedded.keys.sorted())
  }

  // MARK: Migration 3

  /// A database as vocab 2 left it: names keyed by case and NFC only, so lookalikes were distinct.
  func versionTwo(_ rows: [(name: String, key: String)]) throws {
    _ = try migrate(with: Array(embedded.prefix(2)))
    let db = try Connection(path: path, mode: .existing)
    for (index, row) in rows.enumerated() {
      let id = Int64(index + 1)
      try db.run(
        "INSERT INTO bookcases (id, name, name_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
        [.integer(id), .text(row.name), .text(row.key), .integer(id * 1000), .integer(id * 1000)])
      try db.run(
        "INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at) VALUES (?, 'w', 'm', 0, 0)", [.integer(id)])
    }
  }

  @Test func migration3RenamesTheNewerOfNamesThatBecomeOne() async throws {
    try versionTwo([
      ("JLPT N3", "jlpt n3"), ("Öl", "öl"), ("JLPT\u{00A0}N3", "jlpt\u{00A0}n3"), ("JLPT N3 (2)", "jlpt n3 (2)"),
      ("ＪＬＰＴ N3", "ｊｌｐｔ n3"), ("ángel", "ángel"), ("Zoe", "zoe"), ("JLPT  N3", "jlpt  n3"),
    ])
    let (client, report) = try at(3600) { try StorageClient.live(path: path) }
    #expect(report.fromVersion == 2 && report.toVersion == embedded.count)
    #expect(report.notes == [
      "renamed bookcase 3 “JLPT\u{00A0}N3” to “JLPT\u{00A0}N3 (3)”: its name now counts as the same as bookcase 1 “JLPT N3”",
      "renamed bookcase 5 “ＪＬＰＴ N3” to “ＪＬＰＴ N3 (4)”: its name now counts as the same as bookcase 1 “JLPT N3”",
      "renamed bookcase 8 “JLPT  N3” to “JLPT  N3 (5)”: its name now counts as the same as bookcase 1 “JLPT N3”",
    ])
    let listed = try await client.fetchBookCases()
    #expect(listed.map(\.name) == [
      "ángel", "JLPT N3", "JLPT N3 (2)", "JLPT\u{00A0}N3 (3)", "ＪＬＰＴ N3 (4)", "JLPT  N3 (5)", "Öl", "Zoe",
    ])
    // Every row keeps its words; only the renamed ones were touched.
    #expect(listed.allSatisfy { $0.wordCount == 1 })
    #expect(listed.filter { $0.updatedAt == time(3600) }.map(\.id).sorted() == [3, 5, 8])
    // The stored keys are those a new write would store, so lookups and uniqueness follow the new rules.
    let db = try Connection(path: path, mode: .readOnly)
    let stored = try db.rows("SELECT name, name_key, sort_key FROM bookcases ORDER BY id") { [$0.text(0), $0.text(1), $0.text(2)] }
    for row in stored {
      #expect(row[1] == StorageRules.nameKey(row[0]) && row[2] == StorageRules.sortKey(nameKey: row[1]), "\(row)")
    }
    #expect(try await client.findBookCase("JLPT\u{3000}N3").id == 1)
    #expect(try await client.findBookCase("ÁNGEL").name == "ángel")
    let duplicate = await thrownError { try await client.createBookCase(BookCaseDraft(name: "JLPT\u{200B} N3")) }
    #expect(duplicate as? StorageError == .duplicateBookCaseName("JLPT N3"))
  }

  @Test func aRenamedNameIsShortenedToFitTheLimit() async throws {
    let base = String(repeating: "x", count: StorageRules.maxNameLength - 2)
    try versionTwo([(base + " y", base + " y"), (base + "\u{00A0}y", base + "\u{00A0}y")])
    let (client, report) = try at(0) { try StorageClient.live(path: path) }
    let renamed = String(repeating: "x", count: StorageRules.maxNameLength - 4) + " (2)"
    #expect(try await client.fetchBookCase(2).name == renamed)
    #expect(report.notes == [
      "renamed bookcase 2 “\(base)\u{00A0}y” to “\(renamed)”: its name now counts as the same as bookcase 1 “\(base) y”",
    ])
  }

  @Test func theSearchIndexMigrationIndexesExistingWords() async throws {
    let index = try #require(embedded.firstIndex { $0.name == "search_index" })
    _ = try migrate(with: Array(embedded.prefix(index)))
    do {
      let db = try Connection(path: path, mode: .existing)
      try db.execute(
        """
        INSERT INTO bookcases (id, name, name_key, description, created_at, updated_at) VALUES (1, 'Mixed', 'mixed', '', 1, 1);
        INSERT INTO words (id, bookcase_id, term, reading, meaning, note, guid, created_at, updated_at) VALUES
          (4, 1, 'café', '', 'coffee house', '', 'a', 1, 1), (5, 1, 'コーヒー', 'kōhī', 'coffee', '', 'b', 1, 1),
          (6, 1, '학교', '', 'school', 'ＦＵＬＬ width', 'c', 1, 1);
        """)
    }
    let client = try at(10) { try StorageClient.live(path: path).client }
    #expect(try await client.searchWords(WordSearch("CAFE")).map(\.id) == [4])
    #expect(try await client.searchWords(WordSearch("こーひー")).map(\.id) == [5])
    #expect(try await client.searchWords(WordSearch("kohi")).map(\.id) == [5])
    #expect(try await client.searchWords(WordSearch("ㅎㄱ")).map(\.id) == [6])
    #expect(try await client.searchWords(WordSearch("full wid")).map(\.id) == [6])
    #expect(try await client.searchWords(WordSearch("coffee")).map(\.id) == [4, 5])
  }
}
