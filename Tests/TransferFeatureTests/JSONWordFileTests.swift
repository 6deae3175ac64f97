import Foundation
import Storage
import Testing
import WordFormats

@testable import TransferFeature

/// vocab's JSON format: what the writer writes reads back whole, malformed JSON is an error at its line, and
/// no input crashes or hangs the reader.
struct JSONWordFileTests {
  static let created = Date(unixMilliseconds: 1_700_000_000_123)
  static let updated = Date(unixMilliseconds: 1_700_000_005_000)

  static func written(_ items: [ExportItem]) throws -> String {
    var output: [UInt8] = []
    var writer = JSONWordWriter { output += $0 }
    for item in items { try writer.write(item) }
    try writer.finish()
    return String(decoding: output, as: UTF8.self)
  }

  static func read(_ text: String, chunkSize: Int = 7) throws -> (words: [WordRecord], reader: JSONWordReader) {
    let bytes = Array(text.utf8)
    var offset = 0
    var reader = JSONWordReader {
      guard offset < bytes.count else { return nil }
      defer { offset = min(bytes.count, offset + chunkSize) }
      return Array(bytes[offset..<min(bytes.count, offset + chunkSize)])
    }
    var words: [WordRecord] = []
    while let word = try reader.next() { words.append(word) }
    return (words, reader)
  }

  @Test func writesTheListShapesPerBookcaseAndReadsThemBackWithDatesToTheMillisecond() throws {
    let shelf = BookCase(id: 3, name: "JLPT N3", description: "verbs\n\"and\" more", wordCount: 1, createdAt: Self.created, updatedAt: Self.updated)
    let word = Word(
      id: 7, bookCaseID: 3, term: "食べる", reading: "たべる", meaning: "to eat\tor dine", example: "\u{1}", note: "🐈",
      tags: ["jlpt::n3", "verb"], guid: "g-1", createdAt: Self.created, updatedAt: Self.updated)
    let empty = BookCase(id: 4, name: "Empty", createdAt: Self.updated, updatedAt: Self.updated)
    let text = try Self.written([.bookCase(shelf), .word(word), .bookCase(empty)])
    #expect(
      text == """
        {"bookcase":{"createdAt":"2023-11-14T22:13:20.123Z","description":"verbs\\n\\"and\\" more","id":3,"name":"JLPT N3","updatedAt":"2023-11-14T22:13:25Z","wordCount":1},"words":[{"bookcaseId":3,"createdAt":"2023-11-14T22:13:20.123Z","example":"\\u0001","guid":"g-1","id":7,"meaning":"to eat\\tor dine","note":"🐈","reading":"たべる","tags":["jlpt::n3","verb"],"term":"食べる","updatedAt":"2023-11-14T22:13:25Z"}]}
        {"bookcase":{"createdAt":"2023-11-14T22:13:25Z","description":"","id":4,"name":"Empty","updatedAt":"2023-11-14T22:13:25Z","wordCount":0},"words":[]}

        """)
    let (words, reader) = try Self.read(text)
    var expected = WordRecord(
      term: "食べる", meaning: "to eat\tor dine", reading: "たべる", example: "\u{1}", note: "🐈", tags: ["jlpt::n3", "verb"],
      guid: "g-1", deck: "JLPT N3", line: 1)
    expected.createdAtMilliseconds = 1_700_000_000_123
    expected.updatedAtMilliseconds = 1_700_000_005_000
    #expect(words == [expected])
    #expect(reader.bookCase(named: "JLPT N3") == ImportedBookCase(name: "JLPT N3", description: "verbs\n\"and\" more", createdAt: Self.created, updatedAt: Self.updated))
    #expect(reader.bookCase(named: "Empty")?.createdAt == Self.updated)
  }

  @Test func readsWhatListPrintsAndPrettyPrintedJSONNamingEachWordsLine() throws {
    let text = """
      {
        "bookcase": {"name": "TOEFL", "id": 1, "createdAt": "2026-11-21T19:42:45Z"},
        "words": [
          {"term": "abate", "meaning": "lessen", "tags": []},
          {"term": "caf\\u00e9 \\ud83d\\ude00", "meaning": "m", "extra": {"nested": [1, 2.5e3, null, true]}}
        ]
      }
      """
    let words = try Self.read(text).words
    #expect(words.map(\.term) == ["abate", "café 😀"])
    #expect(words.map(\.line) == [4, 5])
    #expect(words.allSatisfy { $0.deck == "TOEFL" && $0.createdAtMilliseconds == nil })
  }

  @Test func malformedJSONIsAnErrorAtItsLine() {
    let cases: [(String, FormatError)] = [
      ("{\"bookcase\":{\"name\":\"A\"},\n\"words\":[{\"term\":\"t\"}]}", FormatError(line: 2, "the word has no \"meaning\"")),
      ("{\"words\":[]}", FormatError(line: 1, "\"bookcase\" must come before \"words\"")),
      ("{\"bookcase\":{\"name\":\"A\"},\"words\":[\n{\"term\":\"t\",\"meaning\":\"m\"}\n", FormatError(line: 3, "the JSON ends too early")),
      ("{\"bookcase\":{\"name\":\"A\"},\"words\":[{\"term\":\"t\n\",\"meaning\":\"m\"}]}", FormatError(line: 1, "a string holds a raw control character; JSON escapes them")),
      ("{\"bookcase\":{\"name\":\"A\",\"createdAt\":\"yesterday\"}}", FormatError(line: 1, "\"createdAt\" is not a date like 2026-11-21T19:42:45.123Z: \"yesterday\"")),
      ("[1]", FormatError(line: 1, "expected a document {\"bookcase\":…,\"words\":[…]}")),
      ("{\"bookcase\":{\"name\":\"A\"},\"words\":[{\"term\":1,\"meaning\":\"m\"}]}", FormatError(line: 1, "\"term\" must be a string")),
      ("{\"bookcase\":{\"name\":\"A\"},\"words\":[nope]}", FormatError(line: 1, "unexpected \"nope\" in the JSON")),
    ]
    for (text, error) in cases {
      #expect(throws: error, "\(text)") { try Self.read(text) }
    }
    #expect(throws: FormatError(line: 1, "the text is not valid UTF-8")) {
      var bytes = Array("{\"bookcase\":{\"name\":\"".utf8) + [0xC3, 0x28] + Array("\"}}".utf8)
      var reader = JSONWordReader { defer { bytes = [] }; return bytes.isEmpty ? nil : bytes }
      while try reader.next() != nil {}
    }
    #expect(throws: FormatError(line: 1, "the JSON is nested too deeply")) {
      try Self.read("{\"bookcase\":{\"name\":" + String(repeating: "[", count: 100) + "}}")
    }
  }

  @Test func mutatedFilesGiveWordsOrAnErrorNeverACrash() throws {
    let valid = Array(try Self.written([
      .bookCase(BookCase(id: 1, name: "A", createdAt: Self.created, updatedAt: Self.updated)),
      .word(Word(id: 1, bookCaseID: 1, term: "t\"", meaning: "m\\", tags: ["x"], guid: "g", createdAt: Self.created, updatedAt: Self.updated)),
    ]).utf8)
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("{}[]:,\"\\u0aZ \n-.e1".utf8) + [0xC3, 0xFF]
    for _ in 0..<2_000 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = alphabet.randomElement(using: &generator)!
        case 1: bytes.remove(at: index)
        default: bytes.insert(alphabet.randomElement(using: &generator)!, at: index)
        }
        if bytes.isEmpty { break }
      }
      do {
        _ = try Self.read(String(decoding: bytes, as: UTF8.self), chunkSize: Int.random(in: 1...16, using: &generator))
      } catch is FormatError {}
    }
  }
}
