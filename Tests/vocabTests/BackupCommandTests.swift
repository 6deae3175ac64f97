import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `vocab backup [PATH]` and `vocab restore BACKUP [--yes]` as a person runs them.
@Suite struct BackupCommandTests {
  /// A database with one bookcase and one word, private to its owner.
  static func withAWord() throws -> Sandbox {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "candid", "frank"]).status == 0)
    chmod(sandbox.database, 0o600)
    return sandbox
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
  }

  /// The path `vocab backup` printed: `Backed up DB to PATH.`
  static func printedBackup(_ output: Sandbox.Output, of database: String) throws -> String {
    let prefix = "Backed up \(database) to "
    #expect(output.stdout.hasPrefix(prefix) && output.stdout.hasSuffix(".\n"), "\(output.stdout)")
    return String(output.stdout.dropFirst(prefix.count).dropLast(2))
  }

  @Test func aBackupGoesBesideTheDatabaseNamedForItsVersionAndTime() throws {
    let sandbox = try Self.withAWord()
    let output = try sandbox.vocab(["backup"])
    #expect(output.status == 0)
    let backup = try Self.printedBackup(output, of: sandbox.database)
    #expect(backup.wholeMatch(of: /.*\/vocab\.sqlite3\.v\d+-\d{8}T\d{6}Z\.bak/) != nil, "\(backup)")
    #expect(try sandbox.sqlite("SELECT term FROM words;", path: backup) == "candid\n")
    #expect(Self.mode(backup) == 0o600, "the backup keeps the database's permission bits")
    #expect(try sandbox.sqlite("PRAGMA integrity_check;", path: backup) == "ok\n")
  }

  @Test func aBackupToAGivenPathNeverReplacesAFile() throws {
    let sandbox = try Self.withAWord()
    let target = sandbox.directory + "/copy.bak"
    let first = try sandbox.vocab(["backup", target])
    #expect(first.status == 0)
    #expect(try Self.printedBackup(first, of: sandbox.database) == target)
    let before = try Data(contentsOf: URL(fileURLWithPath: target))
    try #require(try sandbox.vocab(["add-word", "TOEFL", "benign", "kind"]).status == 0)
    let second = try sandbox.vocab(["backup", target])
    #expect(second.status == 1)
    #expect(second.stderr.hasPrefix("error: could not write the backup \(target)"), "\(second.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
  }

  @Test func aBackupOfNoDatabaseIsAnError() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["backup"])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: "))
    #expect(!FileManager.default.fileExists(atPath: sandbox.database), "backup creates no database")
  }

  @Test func restoreReplacesTheDatabaseAndKeepsItAsItWas() throws {
    let sandbox = try Self.withAWord()
    let backup = try Self.printedBackup(try sandbox.vocab(["backup"]), of: sandbox.database)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "benign", "kind"]).status == 0)

    let restored = try sandbox.vocab(["restore", backup, "--yes"])
    #expect(restored.status == 0, "\(restored.stderr)")
    let lines = restored.stdout.split(separator: "\n")
    #expect(lines.first == "Restored \(sandbox.database) from \(backup).")
    let previous = try #require(lines.dropFirst().first.map { String($0.dropFirst("The database as it was: ".count)) })
    #expect(try sandbox.sqlite("SELECT term FROM words ORDER BY id;") == "candid\n")
    #expect(try sandbox.sqlite("SELECT term FROM words ORDER BY id;", path: previous) == "candid\nbenign\n")
    #expect(try sandbox.vocab(["list", "TOEFL"]).stdout.contains("candid"))
  }

  @Test func restoreOffATerminalNeedsYesAndChangesNothingWithout() throws {
    let sandbox = try Self.withAWord()
    let backup = try Self.printedBackup(try sandbox.vocab(["backup"]), of: sandbox.database)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "benign", "kind"]).status == 0)
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["restore", backup])
    #expect(output.status == 1)
    #expect(
      output.stderr
        == "error: not restoring \(backup) without confirmation: stdin is not a terminal; pass --yes to confirm\n")
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: ["text", "foreign"])
  func restoreRefusesWhatIsNoVocabDatabase(kind: String) throws {
    let sandbox = try Self.withAWord()
    let file = sandbox.directory + "/not-a-backup"
    if kind == "text" {
      try "term\tmeaning\n".write(toFile: file, atomically: true, encoding: .utf8)
    } else {
      _ = try sandbox.sqlite("CREATE TABLE t (x); PRAGMA application_id = 42;", path: file)
    }
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["restore", file, "--yes"])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: ") && output.stderr.contains(file), "\(output.stderr)")
    #expect(!output.stderr.contains("VOCAB_DB"), "the backup is wrong, not the database: \(output.stderr)")
    #expect(try sandbox.dump() == before)
  }

  @Test func anOlderBackupIsMigratedOnceRestored() throws {
    let sandbox = try MigrateTests.behind()
    let old = sandbox.directory + "/old.sqlite3"
    try FileManager.default.moveItem(atPath: sandbox.database, toPath: old)
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)

    let restored = try sandbox.vocab(["restore", old, "--yes"])
    #expect(restored.status == 0, "\(restored.stderr)")
    #expect(restored.stdout.contains("Then migrated \(sandbox.database) from version 1 to "), "\(restored.stdout)")
    let list = try sandbox.vocab(["list", "JLPT N3"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("猫"))
  }
}
