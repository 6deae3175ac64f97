import Foundation
import Testing

/// `vocab migrate [--status | --dry-run]`, and commands meeting a database made by an older vocab.
@Suite struct MigrateTests {
  static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("migrations")

  /// A database as vocab left it after only the first migration, holding "JLPT N3" with one word.
  static func behind() throws -> Sandbox {
    let sandbox = try Sandbox()
    // The application id and the first history row come from a database vocab made itself.
    let reference = sandbox.directory + "/reference.sqlite3"
    try #require(try sandbox.vocab(["--db", reference, "migrate"]).status == 0)
    let applicationID = try sandbox.sqlite("PRAGMA application_id;", path: reference)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let history = try sandbox.sqlite(
      "SELECT quote(name) || ', ' || quote(sha256) FROM schema_migrations WHERE version = 1;", path: reference
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let first = try #require(
      try FileManager.default.contentsOfDirectory(atPath: migrations.path).first { $0.hasPrefix("0001_") })
    let schema = try String(contentsOf: migrations.appendingPathComponent(first), encoding: .utf8)
    _ = try sandbox.sqlite(
      """
      PRAGMA journal_mode = WAL;
      \(schema)
      CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at INTEGER NOT NULL);
      INSERT INTO schema_migrations VALUES (1, \(history), 1700000000000);
      INSERT INTO bookcases (name, name_key, description, created_at, updated_at)
        VALUES ('JLPT N3', 'jlpt n3', '', 1700000000000, 1700000000000);
      INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at)
        VALUES (1, '猫', 'cat', 1700000000000, 1700000000000);
      PRAGMA user_version = 1;
      PRAGMA application_id = \(applicationID);
      """)
    return sandbox
  }

  @Test func statusAndDryRunOfADatabaseThatIsBehindChangeNothing() throws {
    let sandbox = try Self.behind()
    let before = try sandbox.dump()

    let status = try sandbox.vocab(["migrate", "--status"])
    #expect(status.status == 0)
    let lines = status.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix("VERSION  NAME                        STATE    APPLIED"))
    #expect(lines[1].hasPrefix("      1  create_bookcases_and_words  applied  2023-11-14T22:13:20Z"))
    #expect(lines[2].hasPrefix("      2  index_words_and_count_them  pending"))
    #expect(lines[3] == "\(sandbox.database): at version 1, 1 pending; run `vocab migrate`")

    let dryRun = try sandbox.vocab(["migrate", "--dry-run"])
    #expect(dryRun.status == 0)
    #expect(
      dryRun.stdout
        == "Would migrate \(sandbox.database) from version 1 to 2, after a backup:\n  2  index_words_and_count_them\n")
    #expect(try sandbox.dump() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).allSatisfy { !$0.hasSuffix(".bak") })
  }

  @Test func anyCommandMigratesAnOlderDatabaseFirstWithABackup() throws {
    let sandbox = try Self.behind()
    let list = try sandbox.vocab(["list", "--json"])
    #expect(list.status == 0)
    #expect(list.stderr.hasPrefix("vocab: migrated \(sandbox.database) from version 1 to 2; backup at \(sandbox.database).v1-"))
    let bookCase = try #require((try JSONHelpers.object(list.stdout)["bookcases"] as? [[String: Any]])?.first)
    #expect(bookCase["wordCount"] as? Int == 1)

    let backup = try #require(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).first { $0.hasSuffix(".bak") })
    #expect(list.stderr == "vocab: migrated \(sandbox.database) from version 1 to 2; backup at \(sandbox.directory)/\(backup)\n")
    let backupPath = sandbox.directory + "/" + backup
    #expect(try sandbox.sqlite("PRAGMA user_version; SELECT term FROM words;", path: backupPath) == "1\n猫\n")
    // Now up to date: nothing more is said.
    #expect(try sandbox.vocab(["list"]).stderr.isEmpty)
  }

  @Test func migrateAppliesWhatIsPendingAndNamesTheBackup() throws {
    let sandbox = try Self.behind()
    let migrate = try sandbox.vocab(["migrate"])
    #expect(migrate.status == 0)
    let lines = migrate.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == "Applied 2  index_words_and_count_them")
    #expect(lines[1] == "Migrated \(sandbox.database) from version 1 to 2.")
    #expect(lines[2].hasPrefix("Backup: \(sandbox.database).v1-") && lines[2].hasSuffix(".bak"))
    #expect(FileManager.default.fileExists(atPath: String(lines[2].dropFirst("Backup: ".count))))

    let again = try sandbox.vocab(["migrate"])
    #expect(again.stdout == "Nothing to apply: \(sandbox.database) is up to date at version 2.\n")
  }

  @Test func aMissingDatabaseIsOnlyCreatedByMigrateItself() throws {
    let sandbox = try Sandbox()
    let status = try sandbox.vocab(["migrate", "--status"])
    #expect(status.status == 0)
    #expect(status.stdout.hasSuffix("\(sandbox.database): no database yet; the first command creates it with every migration\n"))
    #expect(status.stdout.contains("      1  create_bookcases_and_words  pending"))
    let dryRun = try sandbox.vocab(["migrate", "--dry-run"])
    #expect(dryRun.stdout == "Would migrate \(sandbox.database) from version 0 to 2:\n  1  create_bookcases_and_words\n  2  index_words_and_count_them\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))

    let migrate = try sandbox.vocab(["migrate"])
    #expect(
      migrate.stdout == """
        Applied 1  create_bookcases_and_words
        Applied 2  index_words_and_count_them
        Migrated \(sandbox.database) from version 0 to 2.

        """)
    #expect(migrate.stderr.isEmpty)
  }

  @Test func aChangedMigrationIsShownByStatusAndRefusedByCommands() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    _ = try sandbox.sqlite("UPDATE schema_migrations SET sha256 = 'changed' WHERE version = 1;")
    let before = try sandbox.dump()

    let status = try sandbox.vocab(["migrate", "--status"])
    #expect(status.status == 0)
    #expect(status.stdout.contains("      1  create_bookcases_and_words  CHANGED since applied"))
    #expect(status.stdout.hasSuffix("at version 2, with migrations this vocab cannot vouch for\n"))

    for arguments in [["list"], ["add-word", "JLPT N3", "猫", "cat"], ["migrate"]] {
      let refused = try sandbox.vocab(arguments)
      #expect(refused.status == 1, "\(arguments)")
      #expect(refused.stderr.hasPrefix("error: migration 0001_create_bookcases_and_words.sql was changed"))
    }
    #expect(try sandbox.dump() == before)
  }

  /// `migrate --status` agrees with what vocab does: where every other command refuses the database, status
  /// refuses it with the same error instead of calling it pending or up to date.
  @Test(arguments: [
    ("DELETE FROM schema_migrations WHERE version = 1;", "lacks migration 1 although migration 2 was applied"),
    ("PRAGMA user_version = 7;", "was migrated to version 7 by a newer vocab"),
  ])
  func statusReportsTheRefusalEveryOtherCommandMeets(sql: String, refusal: String) throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    _ = try sandbox.sqlite(sql)
    let before = try sandbox.dump()
    var messages: Set<String> = []
    for arguments in [["migrate", "--status"], ["migrate", "--dry-run"], ["migrate"], ["list"]] {
      let refused = try sandbox.vocab(arguments)
      #expect(refused.status == 1, "\(arguments): \(refused.stdout)")
      #expect(refused.stderr.contains(refusal), "\(arguments): \(refused.stderr)")
      messages.insert(refused.stderr)
    }
    #expect(messages.count == 1)
    #expect(try sandbox.dump() == before)
  }
}
