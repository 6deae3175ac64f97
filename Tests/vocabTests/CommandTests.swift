import Foundation
import Testing

/// Every command and flag, run as a separate process against a temporary database.
@Suite struct CommandTests {
  @Test func aFreshDatabaseIsCreatedAndMigratedOnFirstUse() throws {
    let sandbox = try Sandbox()
    let list = try sandbox.vocab(["list"])
    #expect(list.status == 0)
    #expect(list.stdout == "ID  NAME  WORDS  DUE  DESCRIPTION\n")
    #expect(list.stderr == "vocab: created the database \(sandbox.database)\n")
    #expect(FileManager.default.fileExists(atPath: sandbox.database))
    // Only the first command creates it.
    #expect(try sandbox.vocab(["list"]).stderr.isEmpty)
    #expect(try sandbox.sqlite("SELECT count(*) FROM schema_migrations;") != "0\n")
  }

  @Test func addBookCaseAndListIt() throws {
    let sandbox = try Sandbox()
    let added = try sandbox.vocab(["add-bookcase", "JLPT N3", "--description", "Japanese, level N3"])
    #expect(added.status == 0)
    #expect(added.stdout == "Created bookcase “JLPT N3” (id 1).\n")
    try sandbox.vocab(["add-bookcase", "TOEFL"])

    let list = try sandbox.vocab(["list"])
    #expect(list.status == 0)
    #expect(
      list.stdout == """
        ID  NAME     WORDS  DUE  DESCRIPTION
         1  JLPT N3      0    0  Japanese, level N3
         2  TOEFL        0    0

        """)
  }

  @Test func tablesAlignByDisplayWidth() throws {
    let sandbox = try Sandbox()
    // Hangul takes two cells, an emoji two, a combining accent none.
    for name in ["TOEFL", "토픽 중급", "🎌 Flags", "Cafe\u{301}"] {
      #expect(try sandbox.vocab(["add-bookcase", name]).status == 0)
    }
    try sandbox.vocab(["add-word", "토픽 중급", "사과", "apple"])
    let lines = try sandbox.vocab(["list"]).stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "ID  NAME       WORDS  DUE  DESCRIPTION")
    #expect(lines.contains(" 1  TOEFL          0    0"))
    #expect(lines.contains(" 2  토픽 중급      1    1"))
    #expect(lines.contains(" 3  🎌 Flags       0    0"))
    #expect(lines.contains(" 4  Café           0    0"))
    #expect(lines.count == 5)
  }

  @Test func controlCharactersCannotBreakATable() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    let note = "line one\nline two\tend \"quoted\" back\\slash 🎌"
    try sandbox.vocab(["add-word", "JLPT N3", "term", "meaning", "--note", note])
    let words = try sandbox.vocab(["list", "JLPT N3"])
    #expect(
      words.stdout == """
        ID  TERM  READING  MEANING  EXAMPLE  NOTE                                            TAGS
         1  term           meaning           line one\\nline two\\tend "quoted" back\\slash 🎌

        """)
    // JSON keeps the text exactly.
    let json = try JSONHelpers.object(try sandbox.vocab(["list", "JLPT N3", "--json"]).stdout)
    let word = try #require((json["words"] as? [[String: Any]])?.first)
    #expect(word["note"] as? String == note)
  }

  @Test func controlCharactersWrittenByAnotherProgramAreShownSafely() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "term", "meaning"])
    // vocab itself refuses such characters; a database edited with another tool may still hold them.
    _ = try sandbox.sqlite("UPDATE words SET note = 'a' || char(1) || 'b' || char(13) || char(27) || '[31m' WHERE id = 1;")
    let table = try sandbox.vocab(["list", "JLPT N3"])
    #expect(table.stdout.hasSuffix(" 1  term           meaning           a\\u{1}b\\r\\u{1b}[31m\n"))
    let json = try sandbox.vocab(["list", "JLPT N3", "--json"])
    #expect(json.stdout.contains(#""note":"a\u0001b\r\u001B[31m""#))
    let word = try #require((try JSONHelpers.object(json.stdout)["words"] as? [[String: Any]])?.first)
    #expect(word["note"] as? String == "a\u{1}b\r\u{1B}[31m")
  }

  @Test func listJSONShapes() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3", "--description", "N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "食べる", "to eat", "--example", "ご飯を食べる", "--note", "ichidan"])

    let list = try sandbox.vocab(["list", "--json"])
    #expect(list.status == 0)
    #expect(list.stdout.hasSuffix("}\n") && list.stdout.filter { $0 == "\n" }.count == 1)
    let document = try JSONHelpers.object(list.stdout)
    #expect(Set(document.keys) == ["bookcases"])
    let bookCases = try #require(document["bookcases"] as? [[String: Any]])
    #expect(bookCases.count == 1)
    JSONHelpers.expectBookCaseShape(bookCases[0], extra: ["due"])
    #expect(bookCases[0]["name"] as? String == "JLPT N3")
    #expect(bookCases[0]["wordCount"] as? Int == 1)

    let words = try JSONHelpers.object(try sandbox.vocab(["list", "JLPT N3", "--json"]).stdout)
    #expect(Set(words.keys) == ["bookcase", "words"])
    JSONHelpers.expectBookCaseShape(try #require(words["bookcase"] as? [String: Any]))
    let word = try #require((words["words"] as? [[String: Any]])?.first)
    JSONHelpers.expectWordShape(word)
    #expect(word["term"] as? String == "食べる")
    #expect(word["meaning"] as? String == "to eat")
    #expect(word["example"] as? String == "ご飯を食べる")
    #expect(word["note"] as? String == "ichidan")
    #expect(word["bookcaseId"] as? Int == 1)

    // Dates are the stored times (epoch milliseconds) in UTC, to the second.
    let stored = try sandbox.sqlite("SELECT created_at FROM words WHERE id = 1;")
    let milliseconds = try #require(Double(stored.trimmingCharacters(in: .whitespacesAndNewlines)))
    let formatter = ISO8601DateFormatter()
    let expected = formatter.string(from: Date(timeIntervalSince1970: (milliseconds / 1000).rounded(.down)))
    #expect(word["createdAt"] as? String == expected)
  }

  @Test func aBookCaseIsNamedByNameInAnyCaseOrById() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"])
    let expected = "ID  TERM  READING  MEANING  EXAMPLE  NOTE  TAGS\n 1  猫             cat\n"
    #expect(try sandbox.vocab(["list", "JLPT N3"]).stdout == expected)
    #expect(try sandbox.vocab(["list", "jlpt n3"]).stdout == expected)
    #expect(try sandbox.vocab(["list", "1"]).stdout == expected)
  }

  @Test func aNameThatLooksLikeAnIdWinsOverTheId() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-bookcase", "1"])
    try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"])
    try sandbox.vocab(["add-word", "1", "dog", "犬"])
    let dog = "ID  TERM  READING  MEANING  EXAMPLE  NOTE  TAGS\n 2  dog            犬\n"
    #expect(try sandbox.vocab(["list", "1"]).stdout == dog)
    #expect(try sandbox.vocab(["list", "2"]).stdout == dog)
    // Not a name, so an id: the other bookcase is still reachable by number.
    #expect(try sandbox.vocab(["rename-bookcase", "01", "N3"]).stdout == "Renamed bookcase 1 from “JLPT N3” to “N3”.\n")
  }

  @Test func valuesStartingWithADashGoAfterDoubleDashOrAnEqualsSign() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    // Without `--`, "-ing" is taken for options: wrong usage, nothing stored.
    #expect(try sandbox.vocab(["add-word", "TOEFL", "-ing", "gerund suffix"]).status == 64)
    let added = try sandbox.vocab(["add-word", "TOEFL", "--note=-n", "--", "-ing", "-forms gerunds"])
    #expect(added.status == 0, "stderr: \(added.stderr)")
    let word = try #require(
      (try JSONHelpers.object(try sandbox.vocab(["list", "TOEFL", "--json"]).stdout)["words"] as? [[String: Any]])?
        .first)
    #expect(word["term"] as? String == "-ing")
    #expect(word["meaning"] as? String == "-forms gerunds")
    #expect(word["note"] as? String == "-n")
  }

  @Test func outputCutShortByAPipeEndsQuietly() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    // Far more than a pipe holds, so vocab is still writing when `head` goes away.
    _ = try sandbox.sqlite(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
      INSERT INTO words (bookcase_id, term, meaning, example, note, guid, created_at, updated_at)
      SELECT 1, 'term ' || i, 'meaning ' || i, '', '', 'guid ' || i, 0, 0 FROM n;
      """)
    for format in [[], ["--json"]] {
      let script = #"( "$VOCAB" list "JLPT N3" "$@"; echo $? > "$STATUS" ) | head -c 20"#
      let statusPath = sandbox.directory + "/status"
      let shell = try sandbox.shell(script, arguments: format, environment: ["STATUS": statusPath])
      #expect(shell.wait() == 0)
      #expect(shell.stdout.count == 20)
      #expect(shell.stderr.isEmpty, "\(format): \(shell.stderr)")
      // Ended by SIGPIPE, as `cat` would be, or by noticing the closed pipe: never a crash.
      let status = try String(contentsOfFile: statusPath, encoding: .utf8)
      #expect(["0\n", "141\n"].contains(status), "\(format): status \(status)")
    }
  }

  @Test func addWordWithExampleAndNote() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let added = try sandbox.vocab([
      "add-word", "toefl", "ubiquitous", "found everywhere", "--example", "Phones are ubiquitous.", "--note", "adj.",
    ])
    #expect(added.status == 0)
    #expect(added.stdout == "Added word 1 “ubiquitous” to “TOEFL”.\n")
    #expect(
      try sandbox.vocab(["list", "TOEFL"]).stdout == """
        ID  TERM        READING  MEANING           EXAMPLE                 NOTE  TAGS
         1  ubiquitous           found everywhere  Phones are ubiquitous.  adj.

        """)
  }

  @Test func editWordChangesOnlyTheGivenFields() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere", "--example", "ex", "--note", "n"])
    func word() throws -> [String: Any] {
      let document = try JSONHelpers.object(try sandbox.vocab(["list", "TOEFL", "--json"]).stdout)
      return try #require((document["words"] as? [[String: Any]])?.first)
    }

    let edited = try sandbox.vocab(["edit-word", "1", "--meaning", "found everywhere", "--note", ""])
    #expect(edited.status == 0)
    #expect(edited.stdout == "Updated word 1 “ubiquitous”.\n")
    var current = try word()
    #expect(current["term"] as? String == "ubiquitous")
    #expect(current["meaning"] as? String == "found everywhere")
    #expect(current["example"] as? String == "ex")
    #expect(current["note"] as? String == "")

    let renamed = try sandbox.vocab(["edit-word", "1", "--term", "omnipresent", "--example", "It is omnipresent."])
    #expect(renamed.stdout == "Updated word 1 “omnipresent”.\n")
    current = try word()
    #expect(current["term"] as? String == "omnipresent")
    #expect(current["meaning"] as? String == "found everywhere")
    #expect(current["example"] as? String == "It is omnipresent.")
    #expect(current["note"] as? String == "")
  }

  @Test func deleteWordWithYes() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    try sandbox.vocab(["add-word", "TOEFL", "ephemeral", "short-lived"])
    let deleted = try sandbox.vocab(["delete-word", "1", "--yes"])
    #expect(deleted.status == 0)
    #expect(deleted.stdout == "Deleted word 1 “ubiquitous”.\n")
    #expect(
      try sandbox.vocab(["list", "TOEFL"]).stdout
        == "ID  TERM       READING  MEANING      EXAMPLE  NOTE  TAGS\n 2  ephemeral           short-lived\n")
  }

  @Test func renameBookCaseKeepsOrReplacesTheDescription() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3", "--description", "level 3"])
    let renamed = try sandbox.vocab(["rename-bookcase", "jlpt n3", "JLPT N2"])
    #expect(renamed.status == 0)
    #expect(renamed.stdout == "Renamed bookcase 1 from “JLPT N3” to “JLPT N2”.\n")
    #expect(try sandbox.vocab(["list"]).stdout.contains(" 1  JLPT N2      0    0  level 3\n"))

    #expect(try sandbox.vocab(["rename-bookcase", "1", "JLPT N2", "--description", "level 2"]).status == 0)
    #expect(try sandbox.vocab(["list"]).stdout.contains(" 1  JLPT N2      0    0  level 2\n"))
    // Changing only the case of a name is a rename, not a duplicate.
    #expect(try sandbox.vocab(["rename-bookcase", "1", "jlpt n2"]).status == 0)
  }

  @Test(arguments: ["delete-bookcase", "delete"])
  func deleteBookCaseSaysHowManyWordsGo(command: String) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"])
    try sandbox.vocab(["add-word", "JLPT N3", "犬", "dog"])
    let deleted = try sandbox.vocab([command, "JLPT N3", "--yes"])
    #expect(deleted.status == 0)
    #expect(deleted.stdout == "Deleted bookcase “JLPT N3” and its 2 words.\n")
    #expect(try sandbox.vocab(["list"]).stdout == "ID  NAME   WORDS  DUE  DESCRIPTION\n 2  TOEFL      0    0\n")
    #expect(try sandbox.sqlite("SELECT count(*) FROM words;") == "0\n")
  }

  @Test func refreshPrintsWhatListPrints() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"])
    for arguments in [["JLPT N3"], ["JLPT N3", "--json"]] {
      let refresh = try sandbox.vocab(["refresh"] + arguments)
      #expect(refresh.status == 0)
      #expect(refresh.stdout == (try sandbox.vocab(["list"] + arguments)).stdout, "refresh \(arguments)")
    }
    // The bookcases as list shows them but for the due counts, which change with the time and not the data, so
    // a watch would show them stale.
    #expect(try sandbox.vocab(["refresh"]).stdout == "ID  NAME     WORDS  DESCRIPTION\n 1  JLPT N3      1\n")
    #expect(try sandbox.vocab(["list"]).stdout == "ID  NAME     WORDS  DUE  DESCRIPTION\n 1  JLPT N3      1    1\n")
    let refreshed = try JSONHelpers.object(try sandbox.vocab(["refresh", "--json"]).stdout)
    var listed = try JSONHelpers.object(try sandbox.vocab(["list", "--json"]).stdout)
    var bookCases = try #require(listed["bookcases"] as? [[String: Any]])
    #expect(bookCases[0].removeValue(forKey: "due") as? Int == 1)
    listed["bookcases"] = bookCases
    #expect(NSDictionary(dictionary: refreshed) == NSDictionary(dictionary: listed))
  }

  @Test func wordsKeepTheirTextExactly() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "토픽 중급"])
    // SQL-looking text, emoji and a decomposed Hangul term (stored NFC).
    try sandbox.vocab(["add-word", "토픽 중급", "'); DROP TABLE words;--", "not an attack"])
    try sandbox.vocab(["add-word", "토픽 중급", "🍎", "apple"])
    try sandbox.vocab(["add-word", "토픽 중급", "\u{1109}\u{1161}\u{1100}\u{116A}", "apple (decomposed)"])
    let words = try #require(
      try JSONHelpers.object(try sandbox.vocab(["list", "토픽 중급", "--json"]).stdout)["words"] as? [[String: Any]])
    #expect(words.map { $0["term"] as? String } == ["'); DROP TABLE words;--", "🍎", "사과"])
  }
}
