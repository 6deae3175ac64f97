import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every refusal: exit code 1, `error: …` on stderr naming the problem, nothing on stdout, and the database
/// exactly as it was (its `.dump` before and after are equal).
@Suite struct ErrorTests {
  /// A database holding "JLPT N3" (id 1, with word 1 “猫”) and "TOEFL" (id 2).
  static func populated() throws -> Sandbox {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    try #require(try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"]).status == 0)
    return sandbox
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let refusals: [Refusal] = [
    Refusal(arguments: ["add-bookcase", ""], message: "error: the name must not be empty"),
    Refusal(arguments: ["add-bookcase", "  \t "], message: "error: the name must not be empty"),
    Refusal(arguments: ["add-bookcase", "jlpt n3"], message: "error: a bookcase named"),
    Refusal(arguments: ["add-bookcase", String(repeating: "あ", count: 101)], message: "error: the name is longer than 100"),
    Refusal(arguments: ["add-bookcase", "X", "--description", String(repeating: "d", count: 1_001)], message: "error: the description is longer than"),
    Refusal(arguments: ["rename-bookcase", "Nope", "New"], message: "error: no bookcase is named “Nope”"),
    Refusal(arguments: ["rename-bookcase", "TOEFL", " "], message: "error: the name must not be empty"),
    Refusal(arguments: ["rename-bookcase", "TOEFL", "JLPT n3"], message: "error: a bookcase named"),
    Refusal(arguments: ["delete-bookcase", "Nope", "--yes"], message: "error: no bookcase is named “Nope”"),
    Refusal(arguments: ["delete-bookcase", "99", "--yes"], message: "error: no bookcase"),
    Refusal(arguments: ["delete-bookcase", "JLPT N3"], message: "error: not deleting bookcase “JLPT N3” (id 1) and its 1 word without confirmation: stdin is not a terminal; pass --yes to confirm\n"),
    Refusal(arguments: ["list", "Nope"], message: "error: no bookcase is named “Nope”"),
    Refusal(arguments: ["refresh", "Nope"], message: "error: no bookcase is named “Nope”"),
    Refusal(arguments: ["add-word", "Nope", "t", "m"], message: "error: no bookcase is named “Nope”"),
    Refusal(arguments: ["add-word", "JLPT N3", "", "m"], message: "error: the term must not be empty"),
    Refusal(arguments: ["add-word", "JLPT N3", "t", " "], message: "error: the meaning must not be empty"),
    Refusal(arguments: ["add-word", "JLPT N3", String(repeating: "語", count: 201), "m"], message: "error: the term is longer than 200"),
    Refusal(arguments: ["add-word", "JLPT N3", "t", "m", "--note", String(repeating: "n", count: 4_001)], message: "error: the note is longer than"),
    // One character of 100 KB: "e" and 50,000 combining acute accents.
    Refusal(arguments: ["add-word", "JLPT N3", "e" + String(repeating: "\u{301}", count: 50_000), "m"], message: "error: the term is larger than 3200 bytes in UTF-8 (a character built of many combining marks counts every byte)\n"),
    Refusal(arguments: ["rename-bookcase", "TOEFL", "T", "--description", "e" + String(repeating: "\u{301}", count: 8_001)], message: "error: the description is larger than 16000 bytes in UTF-8"),
    Refusal(arguments: ["add-word", "JLPT N3", "a\u{7}b", "x"], message: "error: the term contains U+0007, which is not allowed; names and terms are one line: no line breaks, tabs or other control characters\n"),
    Refusal(arguments: ["add-word", "JLPT N3", "t", "red\u{1B}[31m"], message: "error: the meaning contains U+001B, which is not allowed; descriptions, readings, meanings, examples and notes may contain line breaks and tabs but no other control characters\n"),
    Refusal(arguments: ["add-bookcase", "JLPT\nN4"], message: "error: the name contains U+000A, which is not allowed; names and terms"),
    Refusal(arguments: ["rename-bookcase", "TOEFL", "TOEFL\tiBT"], message: "error: the name contains U+0009,"),
    Refusal(arguments: ["list", "JLPT\tN3"], message: "error: the name contains U+0009,"),
    Refusal(arguments: ["edit-word", "1", "--note", "a\u{8}b"], message: "error: the note contains U+0008,"),
    Refusal(arguments: ["edit-word", "99", "--term", "x"], message: "error: no word has the id 99"),
    Refusal(arguments: ["edit-word", "1", "--term", ""], message: "error: the term must not be empty"),
    Refusal(arguments: ["delete-word", "99", "--yes"], message: "error: no word has the id 99"),
    Refusal(arguments: ["delete-word", "1"], message: "error: not deleting word 1 “猫” without confirmation: stdin is not a terminal; pass --yes to confirm\n"),
  ]

  @Test(arguments: refusals)
  func refusedWithExitCode1AndTheDatabaseUnchanged(refusal: Refusal) throws {
    let sandbox = try Self.populated()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(refusal.arguments)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix(refusal.message), "stderr: \(output.stderr)")
    #expect(output.stderr.hasSuffix("\n") && output.stderr.filter { $0 == "\n" }.count == 1)
    #expect(output.stdout.isEmpty)
    #expect(try sandbox.dump() == before)
  }

  @Test func invalidUTF8InAWordLeavesTheDatabaseUnchanged() throws {
    let sandbox = try Self.populated()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(raw: [Array("add-word".utf8), Array("JLPT N3".utf8), [0xE7, 0x8C], Array("cat".utf8)])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: argument 3 is not valid UTF-8 (bytes: E7 8C)"))
    #expect(try sandbox.dump() == before)
  }

  @Test func aDatabasePathThatIsADirectory() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["--db", sandbox.home, "list"])
    #expect(output.status == 1)
    #expect(output.stderr == "error: the database path \(sandbox.home) is a directory; give the path of a database file\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.home).isEmpty)
  }

  @Test func aDatabaseInADirectoryThatDoesNotExist() throws {
    let sandbox = try Sandbox()
    let path = sandbox.directory + "/missing/vocab.sqlite3"
    let output = try sandbox.vocab(["--db", path, "list"])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: the directory \(sandbox.directory)/missing for the database"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/missing"))
  }

  @Test(arguments: [["list"], ["add-bookcase", "X"], ["migrate"], ["migrate", "--status"]])
  func aFileThatIsNotADatabaseIsRefusedAndLeftByteForByte(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let text = Data("my shopping list\neggs\nmilk\n".utf8)
    try text.write(to: URL(fileURLWithPath: sandbox.database))
    let output = try sandbox.vocab(arguments)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: "))
    #expect(output.stdout.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.database)) == text)
  }

  @Test(arguments: [["list"], ["add-bookcase", "X"], ["migrate"]])
  func anotherApplicationsDatabaseIsRefused(arguments: [String]) throws {
    let sandbox = try Sandbox()
    _ = try sandbox.sqlite("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');")
    let before = try sandbox.dump()
    let output = try sandbox.vocab(arguments)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: \(sandbox.database) is a SQLite database of another application"))
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: [["list"], ["add-word", "JLPT N3", "t", "m"], ["migrate"]])
  func aDatabaseFromANewerVocabIsRefused(arguments: [String]) throws {
    let sandbox = try Self.populated()
    _ = try sandbox.sqlite(
      "INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (999, '0999_from_the_future', 'abc', 0); PRAGMA user_version = 999;"
    )
    let before = try sandbox.dump()
    let output = try sandbox.vocab(arguments)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: "))
    #expect(output.stderr.contains("999"))
    #expect(try sandbox.dump() == before)
  }

  @Test(.enabled(if: !Sandbox.isRoot || Sandbox.canDropPrivileges, "needs a user that permissions apply to"))
  func anUnreadableDatabase() throws {
    let sandbox = try Self.populated()
    let before = try sandbox.dump()
    chmod(sandbox.database, 0o000)
    let output = try sandbox.vocab(["list"], unprivileged: Sandbox.isRoot)
    chmod(sandbox.database, 0o644)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: "))
    #expect(try sandbox.dump() == before)
  }

  @Test(.enabled(if: !Sandbox.isRoot || Sandbox.canDropPrivileges, "needs a user that permissions apply to"))
  func aReadOnlyDatabaseCanBeReadButNotWritten() throws {
    let sandbox = try Self.populated()
    let before = try sandbox.dump()
    chmod(sandbox.database, 0o444)
    defer { chmod(sandbox.database, 0o644) }
    let list = try sandbox.vocab(["list"], unprivileged: Sandbox.isRoot)
    #expect(list.status == 0, "stderr: \(list.stderr)")
    #expect(list.stdout.contains("JLPT N3"))
    let words = try sandbox.vocab(["list", "JLPT N3", "--json"], unprivileged: Sandbox.isRoot)
    #expect(words.status == 0)
    let add = try sandbox.vocab(["add-word", "JLPT N3", "犬", "dog"], unprivileged: Sandbox.isRoot)
    #expect(add.status == 1)
    #expect(add.stderr.hasPrefix("error: "))
    #expect(try sandbox.dump() == before)
  }
}
