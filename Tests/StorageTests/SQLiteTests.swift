import CSQLite
import Foundation
import Testing

@testable import Storage

@Suite struct SQLiteTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test func bindsAndReadsEveryType() throws {
    let db = try Connection(inMemory: ())
    try db.execute("CREATE TABLE t (i, r, s, b, n)")
    let values: [SQLiteValue] = [.integer(.min), .real(-0.25), .text("a\u{0}b 한국어 👍🏽"), .blob([0, 255, 1]), .null]
    try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
    try db.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.integer(.max), 1.5, "", .blob([]), nil])
    let rows = try db.rows("SELECT i, r, s, b, n FROM t ORDER BY rowid") { row in (0..<row.columnCount).map(row.value) }
    #expect(rows == [values, [.integer(.max), .real(1.5), .text(""), .blob([]), .null]])
    // Text is bound by its byte count, so the NUL inside is stored, not cut at.
    let stored = try db.rows("SELECT typeof(b), length(CAST(s AS BLOB)) FROM t ORDER BY rowid") { "\($0.text(0)) \($0.int(1))" }
    #expect(stored == ["blob \("a\u{0}b 한국어 👍🏽".utf8.count)", "blob 0"])
  }

  @Test func errorsCarryTheExtendedCodeMessageAndStatement() throws {
    let db = try Connection(inMemory: ())
    #expect(throws: SQLiteError(code: SQLITE_ERROR, message: "no such table: missing", sql: "SELECT * FROM missing")) {
      try db.run("SELECT * FROM missing")
    }
    try db.execute("CREATE TABLE t (x UNIQUE)")
    try db.run("INSERT INTO t VALUES (1)")
    let constraintUnique = SQLITE_CONSTRAINT | 8 << 8  // SQLITE_CONSTRAINT_UNIQUE, a macro Swift cannot import
    #expect(throws: SQLiteError(code: constraintUnique, message: "UNIQUE constraint failed: t.x", sql: "INSERT INTO t VALUES (?)")) {
      try db.run("INSERT INTO t VALUES (?)", [1])
    }
  }

  @Test func cachesPreparedStatements() throws {
    let db = try Connection(inMemory: ())
    let first = try db.prepare("SELECT ?", [1])
    let second = try db.prepare("SELECT ?", [2])
    #expect(first === second)
    #expect(try second.step() && second.int(0) == 2)
  }

  @Test func rollsBackAWriteThatThrows() throws {
    struct Refused: Error {}
    let db = try Connection(inMemory: ())
    try db.execute("CREATE TABLE t (x)")
    #expect(throws: Refused.self) {
      try db.write {
        try db.run("INSERT INTO t VALUES (1)")
        throw Refused()
      }
    }
    #expect(try db.integer("SELECT count(*) FROM t") == 0)
    try db.write { try db.run("INSERT INTO t VALUES (2)") }
    #expect(try db.read { try db.integer("SELECT sum(x) FROM t") } == 2)
  }

  @Test func writesTakeTheWriteLockUpFront() throws {
    let path = directory.path("locks.sqlite3")
    let a = try Connection(path: path, mode: .create)
    try a.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x)")
    let b = try Connection(path: path, mode: .existing)
    sqlite3_busy_timeout(b.handle, 0)
    try a.write {
      // Nothing written yet, but BEGIN IMMEDIATE already holds the lock another writer needs.
      #expect(throws: SQLiteError.self) { try b.write {} }
      let count = try b.read { try b.integer("SELECT count(*) FROM t") }
      #expect(count == 0)
    }
    try b.write { try b.run("INSERT INTO t VALUES (1)") }
  }

  @Test func readOnlyModeReadsAndRefusesToWrite() throws {
    let path = directory.path("ro.sqlite3")
    do {
      let db = try Connection(path: path, mode: .create)
      try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
    }
    let db = try Connection(path: path, mode: .readOnly)
    #expect(db.isReadOnly)
    #expect(try db.integer("SELECT x FROM t") == 1)
    #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (2)") }
  }
}

@Suite struct LiveValueTests {
  @Test func theDefaultLiveValueIsAPrivateInMemoryDatabase() async throws {
    try await at(0) {
      let client = StorageClient.liveValue
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "Scratch"))
      #expect(try await client.fetchBookCases() == [bookCase])
      try await client.deleteBookCase(bookCase.id)
      #expect(try await client.fetchBookCases() == [])
    }
  }
}

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
    (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
    ("한국어 😀", "918e3acb23dcdc91864045e29b8fc072a0929933bff11eff78781c46f47f1e2e"),
    (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
  ])
  func matchesSha256sum(_ input: String, _ expected: String) {
    #expect(SHA256.hex(input.utf8) == expected)
  }
}

@Suite struct StorageRulesTests {
  @Test func validatesAndNormalisesDrafts() throws {
    #expect(try StorageRules.validated(BookCaseDraft(name: " \tab\n ", description: " x\r\ny\rz\u{85}w\u{2028}v\u{2029}\tu ")) == BookCaseDraft(name: "ab", description: "x\ny\nz\nw\nv\n\tu"))
    #expect(try StorageRules.validated(WordDraft(term: "e\u{301}", meaning: "m\r\n\r\nn", example: "\t", note: "n")) == WordDraft(term: "é", meaning: "m\n\nn", example: "", note: "n"))
    #expect(throws: StorageError.emptyField(.term)) { try StorageRules.validated(WordDraft(term: "", meaning: "")) }
    #expect(throws: StorageError.fieldTooLong(.name, limit: 100)) {
      try StorageRules.validated(BookCaseDraft(name: String(repeating: "é", count: 101).decomposedStringWithCanonicalMapping))
    }
    #expect(try StorageRules.validated(BookCaseDraft(name: "\u{FEFF}I ❤️ Seoul ❤️\u{200B}")).name == "I ❤️ Seoul ❤️")
    #expect(StorageRules.normalizedLine("\u{200B}a\u{200D}b\u{00A0}") == "a\u{200D}b")
    // Text with a shown ASCII character at either end only: trimmed at the other end all the same.
    #expect(StorageRules.trimmed("a b\u{200B}") == "a b" && StorageRules.trimmed("\u{3000}a b") == "a b")
    #expect(StorageRules.trimmed("a\u{301} b") == "a\u{301} b" && StorageRules.trimmed("\u{1}a\u{7F}") == "\u{1}a\u{7F}")
    #expect(StorageRules.maxLength(of: .note) == StorageRules.maxNoteLength)
  }

  /// Inside a name or term: every control character and line break, each refused, none replaced.
  @Test(arguments: ["\t", "\n", "\r", "\u{0}", "\u{7}", "\u{B}", "\u{C}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}", "\u{2029}"] as [Unicode.Scalar])
  func refusesControlCharactersInSingleLineFields(_ scalar: Unicode.Scalar) {
    let text = "a\(scalar)b"
    #expect(throws: StorageError.invalidCharacter(.name, scalar)) { try StorageRules.validated(BookCaseDraft(name: text)) }
    #expect(throws: StorageError.invalidCharacter(.term, scalar)) { try StorageRules.validated(WordDraft(term: text, meaning: "m")) }
    #expect(throws: StorageError.invalidCharacter(.name, scalar)) { try StorageRules.lookupKey(text) }
  }

  /// Inside the other fields: the control characters that are neither a line break nor a tab.
  @Test(arguments: ["\u{0}", "\u{7}", "\u{8}", "\u{B}", "\u{C}", "\u{1B}", "\u{7F}", "\u{9B}"] as [Unicode.Scalar])
  func refusesControlCharactersInMultiLineFields(_ scalar: Unicode.Scalar) {
    let text = "a\(scalar)b"
    #expect(throws: StorageError.invalidCharacter(.description, scalar)) {
      try StorageRules.validated(BookCaseDraft(name: "n", description: text))
    }
    #expect(throws: StorageError.invalidCharacter(.meaning, scalar)) { try StorageRules.validated(WordDraft(term: "t", meaning: text)) }
    #expect(throws: StorageError.invalidCharacter(.example, scalar)) {
      try StorageRules.validated(WordDraft(term: "t", meaning: "m", example: text))
    }
    #expect(throws: StorageError.invalidCharacter(.note, scalar)) {
      try StorageRules.validated(WordDraft(term: "t", meaning: "m", note: text))
    }
  }

  /// A control character alone is refused for what it is, not trimmed into an empty field.
  @Test func aLoneControlCharacterIsNamed() {
    #expect(throws: StorageError.invalidCharacter(.name, "\u{7}")) { try StorageRules.validated(BookCaseDraft(name: "\u{7}")) }
    #expect(throws: StorageError.invalidCharacter(.meaning, "\u{1B}")) { try StorageRules.validated(WordDraft(term: "t", meaning: " \u{1B} ")) }
  }

  @Test func errorsReadAsSentences() {
    #expect(StorageError.duplicateBookCaseName("JLPT N3").description == "a bookcase named “JLPT N3” already exists")
    #expect(StorageError.invalidCharacter(.term, "\u{7}").description
      == "the term contains U+0007, which is not allowed; names and terms are one line: no line breaks, tabs or other control characters")
    #expect(StorageError.invalidCharacter(.note, "\u{1B}").description
      == "the note contains U+001B, which is not allowed; descriptions, readings, meanings, examples and notes may contain line breaks and tabs but no other control characters")
    #expect(StorageError.invalidCharacter(.name, "\u{2028}").description.hasPrefix("the name contains U+2028,"))
    #expect(MigrationError.notADatabase(path: "/tmp/x").description.hasPrefix("/tmp/x is not a SQLite database"))
    #expect(MigrationError.checksumMismatch(path: "/db", version: 2, name: "add").description.hasPrefix(
      "migration 0002_add.sql was changed after it was applied to /db"))
  }
}
