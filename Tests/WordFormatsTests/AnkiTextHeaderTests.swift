import Testing

@testable import WordFormats

struct AnkiTextHeaderTests {
  func header(_ lines: String...) throws -> AnkiTextHeader {
    var header = AnkiTextHeader()
    for (index, line) in lines.enumerated() {
      _ = try header.apply(line.dropFirst(), at: index + 1)
    }
    return header
  }

  @Test func separatorsByNameInAnyCaseOrByCharacter() throws {
    let cases: [(String, Character)] = [
      ("Comma", ","), ("SEMICOLON", ";"), ("tab", "\t"), ("Space", " "), ("pipe", "|"), ("Colon", ":"),
      (",", ","), (";", ";"), ("\t", "\t"), (" ", " "), ("|", "|"), (":", ":"),
      // A header line exported as a row keeps the separators after it; Anki cuts them off.
      ("tab\t\t\t", "\t"), (",,,", ","), (" comma ", ","),
    ]
    for (value, separator) in cases {
      #expect(try header("#separator:\(value)").separator == separator, "\(value)")
    }
  }

  @Test func keysIgnoreCaseAndSurroundingSpaces() throws {
    let parsed = try header("#HTML:True", "# Deck Column :3", "#Tags Column:4", "#NOTETYPE:Basic")
    #expect(parsed.html == true)
    #expect(parsed.deckColumn == 3)
    #expect(parsed.tagsColumn == 4)
    #expect(parsed.notetype == "Basic")
  }

  @Test func everyKeyAnkiWrites() throws {
    let parsed = try header(
      "#separator:Pipe", "#html:false", "#columns:Front|\"Back|side\"|Tags", "#deck:Japanese::JLPT N3",
      "#notetype:Basic (and reversed card)", "#tags:jlpt::n3  imported", "#guid column:1", "#notetype column:2",
      "#deck column:3", "#tags column:6", "#if matches:keep both", "#match scope:notetype + deck")
    var expected = AnkiTextHeader()
    expected.separator = "|"
    expected.html = false
    expected.columns = ["Front", "Back|side", "Tags"]
    expected.deck = "Japanese::JLPT N3"
    expected.notetype = "Basic (and reversed card)"
    expected.tags = ["jlpt::n3", "imported"]
    expected.guidColumn = 1
    expected.notetypeColumn = 2
    expected.deckColumn = 3
    expected.tagsColumn = 6
    expected.ifMatches = .keepBoth
    expected.matchScope = .notetypeAndDeck
    #expect(parsed == expected)
  }

  @Test func duplicateRulesAndMatchScopes() throws {
    #expect(try header("#if matches:update current").ifMatches == .updateCurrent)
    #expect(try header("#if matches:Keep Current").ifMatches == .keepCurrent)
    #expect(try header("#match scope:notetype").matchScope == .notetype)
  }

  @Test func columnsFollowTheSeparatorDeclaredBeforeThem() throws {
    #expect(try header("#separator:comma", "#columns:a,b c,d").columns == ["a", "b c", "d"])
    #expect(try header("#columns:a\tb").columns == ["a", "b"])
  }

  @Test func otherCommentsAreNotHeaderLines() throws {
    var parsed = AnkiTextHeader()
    #expect(try parsed.apply("just a comment", at: 1) == false)
    #expect(try parsed.apply("author:me", at: 2) == false)
    #expect(try parsed.apply("deck:Mine", at: 3) == true)
    #expect(parsed.deck == "Mine")
  }

  @Test func aValueThatMakesNoSenseIsAnErrorOnItsLine() {
    func error(_ line: String) -> FormatError? {
      var parsed = AnkiTextHeader()
      do {
        _ = try parsed.apply(line.dropFirst(), at: 4)
        return nil
      } catch {
        return error as? FormatError
      }
    }
    #expect(
      error("#separator:x")
        == FormatError(
          line: 4, "#separator: expected Comma, Semicolon, Tab, Space, Pipe, Colon or one of , ; | :, found \"x\""))
    #expect(error("#html:yes") == FormatError(line: 4, "#html: expected true or false, found \"yes\""))
    #expect(
      error("#guid column:first")
        == FormatError(line: 4, "#guid column: expected a column number, counting from 1, found \"first\""))
    #expect(error("#tags column:-1")?.line == 4)
    #expect(error("#if matches:overwrite")?.message.hasPrefix("#if matches: expected update current") == true)
    #expect(error("#match scope:deck")?.message.hasPrefix("#match scope: expected notetype") == true)
    #expect(error("#columns:\"open")?.message == "#columns: a quoted field is never closed (its quote opens on line 1)")
  }

  @Test func oneColumnCannotHoldTwoThings() throws {
    #expect(throws: FormatError(line: 2, "column 1 is named by both #guid column and #deck column")) {
      try header("#guid column:1", "#deck column:1")
    }
    // Naming the same column again for the same thing moves it; 0 means none.
    let moved = try header("#tags column:2", "#tags column:3", "#deck column:2", "#guid column:0")
    #expect(moved.tagsColumn == 3)
    #expect(moved.deckColumn == 2)
    #expect(moved.guidColumn == nil)
  }
}
