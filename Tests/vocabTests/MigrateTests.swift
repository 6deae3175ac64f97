import Foundation
import Testing

/// `vocab migrate [--status | --dry-run]`, and commands meeting a database made by an older vocab.
@Suite struct MigrateTests {
  static let migrations = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("migrations")
  /// Every migration file as (version, name), oldest first: what status, dry runs and migrations list.
  static let files: [(version: Int, name: String)] =
    ((try? FileManager.default.contentsOfDirectory(atPath: migrations.path)) ?? []).filter { $0.hasSuffix(".sql") }
    .sorted().map { file in
      let stem = file.dropLast(".sql".count)
      let underscore = stem.firstIndex(of: "_")!
      return (Int(stem[..<underscore])!, String(stem[stem.index(after: underscore)...]))
    }
  /// The newest schema version.
  static let latest = files.count

  /// `Applied N  name` (or `prefix`) lines for the migrations after `version`.
  static func lines(after version: Int, prefix: String) -> [String] {
    files.filter { $0.version > version }.map { "\(prefix)\($0.version)  \($0.name)" }
  }

  /// Whether `line` is the status row of `migration` in `state` (columns are padded to the longest name).
  static func isRow(_ line: String, _ migration: (version: Int, name: String), _ state: String) -> Bool {
    let start = "      \(migration.version)  \(migration.name) "
    return line.hasPrefix(start) && line.dropFirst(start.count).drop { $0 == " " }.hasPrefix(state)
  }

  /// A database as vocab left it after migration `version` (the first, unless told), holding the bookcases
  /// `names` (keyed as that version did), the first with one word, "猫".
  static func behind(version: Int = 1, names: [String] = ["JLPT N3"]) throws -> Sandbox {
    let sandbox = try Sandbox()
    // The application id and the history rows come from a database vocab made itself.
    let reference = sandbox.directory + "/reference.sqlite3"
    try #require(try sandbox.vocab(["--db", reference, "migrate"]).status == 0)
    let applicationID = try sandbox.sqlite("PRAGMA application_id;", path: reference)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let history = try sandbox.sqlite(
      "SELECT version || ', ' || quote(name) || ', ' || quote(sha256) FROM schema_migrations WHERE version <= \(version);",
      path: reference
    ).split(separator: "\n").map { "INSERT INTO schema_migrations VALUES (\($0), 1700000000000);" }
    let files = try FileManager.default.contentsOfDirectory(atPath: migrations.path).filter { $0.hasSuffix(".sql") }
      .sorted().prefix(version)
    let schema = try files.map { try String(contentsOf: migrations.appendingPathComponent($0), encoding: .utf8) }
    // Names keyed as versions 1 and 2 did for these: lowercased (SQLite's lower() folds ASCII only).
    let bookCases = names.map {
      let name = $0.replacingOccurrences(of: "'", with: "''")
      return "INSERT INTO bookcases (name, name_key, description, created_at, updated_at) "
        + "VALUES ('\(name)', lower('\(name)'), '', 1700000000000, 1700000000000);"
    }
    _ = try sandbox.sqlite(
      """
      PRAGMA journal_mode = WAL;
      \(schema.joined(separator: "\n"))
      CREATE TABLE schema_migrations (
        version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at INTEGER NOT NULL);
      \(history.joined(separator: "\n"))
      \(bookCases.joined(separator: "\n"))
      INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at)
        VALUES (1, '猫', 'cat', 1700000000000, 1700000000000);
      PRAGMA user_version = \(version);
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
    #expect(lines.count == Self.latest + 2)
    #expect(lines[0].hasPrefix("VERSION  NAME ") && lines[0].contains(" STATE ") && lines[0].contains(" APPLIED "))
    #expect(Self.isRow(lines[1], Self.files[0], "applied  2023-11-14T22:13:20Z"), "\(lines[1])")
    for (line, migration) in zip(lines.dropFirst(2), Self.files.dropFirst()) {
      #expect(Self.isRow(line, migration, "pending"), "\(line)")
    }
    #expect(lines.last == "\(sandbox.database): at version 1, \(Self.latest - 1) pending; run `vocab migrate`")

    let dryRun = try sandbox.vocab(["migrate", "--dry-run"])
    #expect(dryRun.status == 0)
    #expect(
      dryRun.stdout
        == (["Would migrate \(sandbox.database) from version 1 to \(Self.latest), after a backup:"]
          + Self.lines(after: 1, prefix: "  ")).joined(separator: "\n") + "\n")
    #expect(try sandbox.dump() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).allSatisfy { !$0.hasSuffix(".bak") })
  }

  @Test func anyCommandMigratesAnOlderDatabaseFirstWithABackup() throws {
    let sandbox = try Self.behind()
    let list = try sandbox.vocab(["list", "--json"])
    #expect(list.status == 0)
    #expect(
      list.stderr.hasPrefix("vocab: migrated \(sandbox.database) from version 1 to \(Self.latest); backup at \(sandbox.database).v1-"))
    let bookCase = try #require((try JSONHelpers.object(list.stdout)["bookcases"] as? [[String: Any]])?.first)
    #expect(bookCase["wordCount"] as? Int == 1)

    let backup = try #require(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).first { $0.hasSuffix(".bak") })
    #expect(
      list.stderr == "vocab: migrated \(sandbox.database) from version 1 to \(Self.latest); backup at \(sandbox.directory)/\(backup)\n")
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
    #expect(lines.count == Self.latest + 1)
    #expect(Array(lines.prefix(Self.latest - 1)) == Self.lines(after: 1, prefix: "Applied "))
    #expect(lines[Self.latest - 1] == "Migrated \(sandbox.database) from version 1 to \(Self.latest).")
    let backup = lines[Self.latest]
    #expect(backup.hasPrefix("Backup: \(sandbox.database).v1-") && backup.hasSuffix(".bak"))
    #expect(FileManager.default.fileExists(atPath: String(backup.dropFirst("Backup: ".count))))

    let again = try sandbox.vocab(["migrate"])
    #expect(again.stdout == "Nothing to apply: \(sandbox.database) is up to date at version \(Self.latest).\n")
  }

  @Test func aMissingDatabaseIsOnlyCreatedByMigrateItself() throws {
    let sandbox = try Sandbox()
    let status = try sandbox.vocab(["migrate", "--status"])
    #expect(status.status == 0)
    #expect(status.stdout.hasSuffix("\(sandbox.database): no database yet; the first command creates it with every migration\n"))
    #expect(status.stdout.split(separator: "\n").contains { Self.isRow(String($0), Self.files[0], "pending") })
    let dryRun = try sandbox.vocab(["migrate", "--dry-run"])
    #expect(
      dryRun.stdout
        == (["Would migrate \(sandbox.database) from version 0 to \(Self.latest):"] + Self.lines(after: 0, prefix: "  "))
        .joined(separator: "\n") + "\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))

    let migrate = try sandbox.vocab(["migrate"])
    #expect(
      migrate.stdout
        == (Self.lines(after: 0, prefix: "Applied ") + ["Migrated \(sandbox.database) from version 0 to \(Self.latest)."])
        .joined(separator: "\n") + "\n")
    #expect(migrate.stderr.isEmpty)
  }

  /// Version 2 kept these apart; version 3 makes them one name, so the newer is renamed, and both the notice
  /// of any command and `vocab migrate` say so.
  static let lookalikes = ["JLPT N3", "JLPT\u{3000}N3", "ＪＬＰＴ N3"]
  static let renames = [
    "renamed bookcase 2 “JLPT\u{3000}N3” to “JLPT\u{3000}N3 (2)”: its name now counts as the same as bookcase 1 “JLPT N3”",
    "renamed bookcase 3 “ＪＬＰＴ N3” to “ＪＬＰＴ N3 (3)”: its name now counts as the same as bookcase 1 “JLPT N3”",
  ]

  @Test func anyCommandSaysWhichLookalikeNamesTheMigrationRenamed() throws {
    let sandbox = try Self.behind(version: 2, names: Self.lookalikes)
    let list = try sandbox.vocab(["list"])
    #expect(list.status == 0)
    let notices = list.stderr.split(separator: "\n").map(String.init)
    #expect(notices.count == 3)
    #expect(notices[0].hasPrefix("vocab: migrated \(sandbox.database) from version 2 to \(Self.latest); backup at "))
    #expect(Array(notices.dropFirst()) == Self.renames.map { "vocab: \($0)" })
    #expect(list.stdout.contains("JLPT\u{3000}N3 (2)") && list.stdout.contains("ＪＬＰＴ N3 (3)"))
    // Every spelling now finds the oldest, which kept its name and its word.
    for name in Self.lookalikes + ["JLPT\u{00A0}N3", "JLPT\u{200B} N3"] {
      let words = try sandbox.vocab(["list", name, "--json"])
      let bookCase = try #require(try JSONHelpers.object(words.stdout)["bookcase"] as? [String: Any])
      #expect(bookCase["id"] as? Int == 1 && bookCase["name"] as? String == "JLPT N3", "\(name)")
    }
  }

  @Test func migrateSaysWhichLookalikeNamesItRenamed() throws {
    let sandbox = try Self.behind(version: 2, names: Self.lookalikes)
    let migrate = try sandbox.vocab(["migrate"])
    #expect(migrate.status == 0)
    #expect(migrate.stderr.isEmpty)
    let lines = migrate.stdout.split(separator: "\n").map(String.init)
    let applied = Self.lines(after: 2, prefix: "Applied ")
    #expect(lines.count == applied.count + 4)
    #expect(Array(lines.prefix(applied.count)) == applied)
    #expect(lines[applied.count] == "Migrated \(sandbox.database) from version 2 to \(Self.latest).")
    #expect(lines[applied.count + 1].hasPrefix("Backup: \(sandbox.database).v2-"))
    #expect(Array(lines.suffix(2)) == Self.renames.map { "Note: \($0)" })
  }

  @Test func aChangedMigrationIsShownByStatusAndRefusedByCommands() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    _ = try sandbox.sqlite("UPDATE schema_migrations SET sha256 = 'changed' WHERE version = 1;")
    let before = try sandbox.dump()

    let status = try sandbox.vocab(["migrate", "--status"])
    #expect(status.status == 0)
    #expect(status.stdout.split(separator: "\n").contains { Self.isRow(String($0), Self.files[0], "CHANGED since applied") })
    #expect(status.stdout.hasSuffix("at version \(Self.latest), with migrations this vocab cannot vouch for\n"))

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
    ("DELETE FROM schema_migrations WHERE version = 1;", "lacks migration 1 although migration \(latest) was applied"),
    ("PRAGMA user_version = \(latest + 1);", "was migrated to version \(latest + 1) by a newer vocab"),
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
