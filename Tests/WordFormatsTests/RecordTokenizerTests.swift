import Testing

@testable import WordFormats

struct RecordTokenizerTests {
  typealias Item = RecordTokenizer.Item

  /// Every item, read with the given chunk size (1 splits every quote, CRLF and multi-byte character).
  static func items(
    _ text: String, separator: Character = "\t", comments: Bool = true, chunkSize: Int = 4096,
    maxRecordBytes: Int = 1 << 20
  ) throws -> [Item] {
    try items(
      Array(text.utf8), separator: separator, comments: comments, chunkSize: chunkSize, maxRecordBytes: maxRecordBytes)
  }

  static func items(
    _ bytes: [UInt8], separator: Character = "\t", comments: Bool = true, chunkSize: Int = 4096,
    maxRecordBytes: Int = 1 << 20
  ) throws -> [Item] {
    var tokenizer = RecordTokenizer(
      source: .bytes(bytes, chunkSize: chunkSize), separator: separator.asciiValue!, comments: comments,
      maxRecordBytes: maxRecordBytes)
    var items: [Item] = []
    while let item = try tokenizer.next() { items.append(item) }
    return items
  }

  static func error(_ text: String, separator: Character = "\t", maxRecordBytes: Int = 1 << 20) -> FormatError? {
    do {
      _ = try items(text, separator: separator, maxRecordBytes: maxRecordBytes)
      return nil
    } catch {
      return error as? FormatError
    }
  }

  @Test func splitsFieldsAndRecords() throws {
    #expect(
      try Self.items("a\tb\nc\td\n") == [.record(["a", "b"], line: 1), .record(["c", "d"], line: 2)])
  }

  @Test func quotedFieldsHoldSeparatorsLineBreaksAndDoubledQuotes() throws {
    let text = "\"a\tb\"\t\"line 1\nline 2\"\t\"say \"\"hi\"\"\"\nnext\tx\n"
    #expect(
      try Self.items(text) == [
        .record(["a\tb", "line 1\nline 2", "say \"hi\""], line: 1), .record(["next", "x"], line: 3),
      ])
  }

  @Test func aQuoteInsideAnUnquotedFieldIsText() throws {
    #expect(try Self.items("5\" screen\tx\n") == [.record(["5\" screen", "x"], line: 1)])
  }

  @Test func crlfLfAndCrEachEndARecordAndCountOneLine() throws {
    #expect(
      try Self.items("a,b\r\nc,d\re,f\ng,\"h\r\ni\"\r\nj,k", separator: ",") == [
        .record(["a", "b"], line: 1), .record(["c", "d"], line: 2), .record(["e", "f"], line: 3),
        .record(["g", "h\r\ni"], line: 4), .record(["j", "k"], line: 6),
      ])
  }

  @Test func emptyFieldsAreKeptAndEmptyLinesSkipped() throws {
    #expect(
      try Self.items("\n\na\t\t\n\n\t\nb\t\"\"\n") == [
        .record(["a", "", ""], line: 3), .record(["", ""], line: 5), .record(["b", ""], line: 6),
      ])
  }

  @Test func hashLinesAreCommentsOnlyAtTheStartOfARecordAndOnlyWhenAsked() throws {
    let text = "#separator:tab\na\t#b\n\"#c\"\td\n#note\n"
    #expect(
      try Self.items(text) == [
        .comment("#separator:tab", line: 1), .record(["a", "#b"], line: 2), .record(["#c", "d"], line: 3),
        .comment("#note", line: 4),
      ])
    #expect(try Self.items("#a,b\n", separator: ",", comments: false) == [.record(["#a", "b"], line: 1)])
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#html:true\nx\ty\n".utf8)
    for chunkSize in 1...4 {
      #expect(
        try Self.items(bytes, chunkSize: chunkSize) == [
          .comment("#html:true", line: 1), .record(["x", "y"], line: 2),
        ])
    }
    // Only at the very start: later it is text.
    #expect(try Self.items("a\t\u{FEFF}b") == [.record(["a", "\u{FEFF}b"], line: 1)])
  }

  @Test func theChunkSizeChangesNothing() throws {
    let text = "\u{FEFF}#c\n\"猫\t🐈\"\t\"a \"\"b\"\"\r\nc\"\r\n\r\nx\tyz\r\n\"\"\t\n#tail"
    let whole = try Self.items(text)
    #expect(whole.count == 5)
    for chunkSize in 1...12 {
      #expect(try Self.items(text, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
    }
  }

  @Test func anUnterminatedQuoteNamesTheLineItOpensOn() {
    #expect(
      Self.error("a\tb\nc\t\"open\nmore\nstill\n")
        == FormatError(line: 2, "a quoted field is never closed (its quote opens on line 2)"))
  }

  @Test func textAfterAClosingQuoteIsAnError() {
    #expect(
      Self.error("ok\tfine\n\"a\"b\tc\n")
        == FormatError(
          line: 2, "text after the closing quote of a field (a quote inside a quoted field is written \"\")"))
  }

  @Test func invalidUTF8NamesItsLine() {
    let bytes = Array("a\tb\n\"multi\nline ".utf8) + [0xFF] + Array("\"\tz\n".utf8)
    do {
      _ = try Self.items(bytes)
      Issue.record("no error")
    } catch {
      #expect(error as? FormatError == FormatError(line: 3, "text that is not valid UTF-8"))
    }
    // A truncated multi-byte character at the end of the input is invalid too.
    #expect(throws: FormatError(line: 1, "text that is not valid UTF-8")) {
      try Self.items(Array("a\t".utf8) + [0xE7, 0x8C])
    }
  }

  @Test func utf8ValidationAgreesWithTheStandardLibrary() {
    let cases: [[UInt8]] = [
      [], Array("猫 🐈 é".utf8), [0xC0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF5], [0x80], [0xE7, 0x8C],
    ]
    // Bytes at the edges of UTF-8's ranges, strung together at random.
    let edges: [UInt8] = [
      0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x9F, 0xA0, 0x8F, 0x90,
    ]
    var random = Random(state: 42)
    let generated = (0..<5000).map { _ in
      (0..<Int.random(in: 1...6, using: &random)).map { _ in edges.randomElement(using: &random)! }
    }
    for bytes in cases + generated {
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((RecordTokenizer.firstInvalidUTF8(bytes) == nil) == valid, "\(bytes)")
    }
    #expect(RecordTokenizer.firstInvalidUTF8(Array("ab猫".utf8) + [0xFF]) == 5)
  }

  @Test func aRowLongerThanTheLimitIsRefused() {
    #expect(Self.error("abcdef\tghij\n", maxRecordBytes: 8) == FormatError(line: 1, "a row longer than 8 bytes"))
    #expect(
      Self.error("x\ty\n\"abcdefghijk\"\n", maxRecordBytes: 8)
        == FormatError(line: 2, "a quoted field longer than 8 bytes; is the quote on line 2 left open?"))
    #expect(Self.error("abc\tdef\n", maxRecordBytes: 8) == nil)
  }
}
