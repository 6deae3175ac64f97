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

  /// A card after two reviews, with milliseconds, nulls, a negative interval (a clock set back) and a duration.
  static let history: ReviewHistory = {
    let new = StoredCard(wordID: 7, due: created)
    let learning = StoredCard(
      wordID: 7, state: .learning, step: 1, stability: 2.3065, difficulty: 2.118103970459016,
      due: Date(unixMilliseconds: 1_700_000_600_500), lastReview: Date(unixMilliseconds: 1_700_000_000_500), reps: 1)
    let relearning = StoredCard(
      wordID: 7, state: .relearning, stability: 0.5, difficulty: 1e-05, due: Date(unixMilliseconds: 1_700_001_000_000),
      lastReview: Date(unixMilliseconds: 1_700_000_700_001), reps: 2, lapses: 1)
    return ReviewHistory(card: relearning, log: [
      LoggedReview(
        id: 11, wordID: 7, reviewedAt: Date(unixMilliseconds: 1_700_000_000_500), rating: 3, before: new,
        stateAfter: .learning, stepAfter: 1, stabilityAfter: 2.3065, difficultyAfter: 2.118103970459016,
        dueAfter: learning.due, intervalBefore: 0, intervalAfter: 0, durationMilliseconds: 2500),
      LoggedReview(
        id: 12, wordID: 7, reviewedAt: Date(unixMilliseconds: 1_700_000_700_001), rating: 1, before: learning,
        stateAfter: .relearning, stepAfter: 0, stabilityAfter: 0.5, difficultyAfter: 1e-05, dueAfter: relearning.due,
        intervalBefore: -1, intervalAfter: 0, durationMilliseconds: 0),
    ])
  }()

  /// `history` as the reader gives it: the ids are the importing database's business.
  static var historyRead: ReviewHistory {
    var read = history
    read.card.wordID = 0
    for index in read.log.indices {
      read.log[index].id = 0
      read.log[index].wordID = 0
      read.log[index].before.wordID = 0
    }
    return read
  }

  @Test func writesEachWordsCardAndReviewsWithTheCardsNamesAndReadsThemBackWhole() throws {
    let shelf = BookCase(id: 3, name: "A", wordCount: 2, createdAt: Self.created, updatedAt: Self.created)
    let word = Word(id: 7, bookCaseID: 3, term: "t", meaning: "m", guid: "g", createdAt: Self.created, updatedAt: Self.created)
    let fresh = Word(id: 8, bookCaseID: 3, term: "u", meaning: "m", guid: "h", createdAt: Self.created, updatedAt: Self.created)
    let text = try Self.written([
      .bookCase(shelf), .word(word, reviews: Self.history),
      .word(fresh, reviews: ReviewHistory(card: StoredCard(wordID: 8, due: Self.created))),
    ])
    let card = #"{"difficulty":1e-05,"due":"2023-11-14T22:30:00Z","lapses":1,"lastReview":"2023-11-14T22:25:00.001Z","reps":2,"stability":0.5,"state":"relearning","step":0,"wordId":7}"#
    let first = #"{"after":{"difficulty":2.118103970459016,"due":"2023-11-14T22:23:20.500Z","stability":2.3065,"state":"learning","step":1},"before":{"difficulty":null,"due":"2023-11-14T22:13:20.123Z","lapses":0,"lastReview":null,"reps":0,"stability":null,"state":"new","step":0},"durationMs":2500,"id":11,"intervalAfter":0,"intervalBefore":0,"rating":"good","reviewedAt":"2023-11-14T22:13:20.500Z","wordId":7}"#
    let second = #"{"after":{"difficulty":1e-05,"due":"2023-11-14T22:30:00Z","stability":0.5,"state":"relearning","step":0},"before":{"difficulty":2.118103970459016,"due":"2023-11-14T22:23:20.500Z","lapses":0,"lastReview":"2023-11-14T22:13:20.500Z","reps":1,"stability":2.3065,"state":"learning","step":1},"durationMs":0,"id":12,"intervalAfter":0,"intervalBefore":-1,"rating":"again","reviewedAt":"2023-11-14T22:25:00.001Z","wordId":7}"#
    #expect(text.contains(#"{"bookcaseId":3,"card":\#(card),"createdAt":"#))
    #expect(text.contains(#""reading":"","reviews":[\#(first),\#(second)],"tags":[]"#))
    #expect(text.contains(#"{"bookcaseId":3,"card":{"difficulty":null,"due":"2023-11-14T22:13:20.123Z","lapses":0,"lastReview":null,"reps":0,"stability":null,"state":"new","step":0,"wordId":8},"#))
    #expect(text.contains(#""reading":"","reviews":[],"tags":[]"#))

    let bytes = Array(text.utf8)
    var offset = 0
    var reader = JSONWordReader {
      guard offset < bytes.count else { return nil }
      defer { offset = min(bytes.count, offset + 5) }
      return Array(bytes[offset..<min(bytes.count, offset + 5)])
    }
    #expect(try reader.next()?.term == "t")
    #expect(reader.reviews == Self.historyRead)
    #expect(try reader.next()?.guid == "h")
    #expect(reader.reviews == ReviewHistory(card: StoredCard(wordID: 0, due: Self.created)))
    #expect(try reader.next() == nil)
  }

  @Test func aWordWithoutACardHasNoneAndTheCardShapeShowPrintsReads() throws {
    let text = """
      {"bookcase":{"name":"A"},"words":[
      {"term":"a","meaning":"m","card":{"difficulty":5.5,"due":"2026-03-01T08:10:00Z","lapses":0,"lastReview":"2026-03-01T08:00:00Z","reps":1,"stability":2,"state":"learning","step":null,"wordId":1},
       "reviews":[{"rating":3,"reviewedAt":"2026-03-01T08:00:00Z","before":{"state":"new","due":"2026-03-01T07:00:00Z"},"after":{"state":"learning","due":"2026-03-01T08:10:00Z","step":1}}]},
      {"term":"b","meaning":"m"},
      {"term":"c","meaning":"m","card":{"state":"review","due":"2026-03-05T08:00:00Z","step":2}}
      ]}
      """
    let bytes = Array(text.utf8)
    var given = false
    var reader = JSONWordReader {
      defer { given = true }
      return given ? nil : bytes
    }
    _ = try reader.next()
    let due = try #require(JSONDate.parse("2026-03-01T08:10:00Z"))
    let reviewed = try #require(JSONDate.parse("2026-03-01T08:00:00Z"))
    #expect(reader.reviews == ReviewHistory(
      card: StoredCard(wordID: 0, state: .learning, step: 0, stability: 2, difficulty: 5.5, due: due, lastReview: reviewed, reps: 1),
      log: [LoggedReview(
        id: 0, wordID: 0, reviewedAt: reviewed, rating: 3, before: StoredCard(wordID: 0, due: try #require(JSONDate.parse("2026-03-01T07:00:00Z"))),
        stateAfter: .learning, stepAfter: 1, stabilityAfter: nil, difficultyAfter: nil, dueAfter: due, intervalBefore: 0,
        intervalAfter: 0, durationMilliseconds: 0)]))
    _ = try reader.next()
    #expect(reader.reviews == nil, "a word without a card has none, whatever the word before had")
    _ = try reader.next()
    #expect(reader.reviews?.card.step == 2 && reader.reviews?.log == [], "a card without reviews has an empty log")
  }

  @Test func malformedReviewDataIsAnErrorAtItsWordsLine() {
    let word = #"{"term":"t","meaning":"m","card":CARD,"reviews":[REVIEW]}"#
    let card = #"{"state":"review","due":"2026-03-01T08:00:00Z"}"#
    let review = #"{"rating":"good","reviewedAt":"2026-03-01T08:00:00Z","before":{"state":"new","due":"2026-03-01T08:00:00Z"},"after":{"state":"review","due":"2026-03-02T08:00:00Z"}}"#
    func file(card: String = card, review: String = review, word: String = word) -> String {
      "{\"bookcase\":{\"name\":\"A\"},\"words\":[\n{\"term\":\"ok\",\"meaning\":\"m\"},\n"
        + word.replacingOccurrences(of: "CARD", with: card).replacingOccurrences(of: "REVIEW", with: review) + "]}"
    }
    #expect(throws: Never.self) { try Self.read(file()) }
    let cases: [(String, String)] = [
      (file(card: #"{"state":"lapsed","due":"2026-03-01T08:00:00Z"}"#), "the state of the card must be new, learning, review or relearning, not \"lapsed\""),
      (file(card: #"{"state":"review"}"#), "the card has no \"due\""),
      (file(card: #"{"state":"review","due":"soon"}"#), "\"due\" is not a date like 2026-11-21T19:42:45.123Z: \"soon\""),
      (file(card: #"{"state":"review","due":"2026-03-01T08:00:00Z","reps":1.5}"#), "\"reps\" of the card must be a whole number, not 1.5"),
      (file(card: #"{"state":"review","due":"2026-03-01T08:00:00Z","lapses":"1"}"#), "\"lapses\" of the card must be a whole number"),
      (file(card: #"{"state":"review","due":"2026-03-01T08:00:00Z","stability":"high"}"#), "\"stability\" of the card must be a number or null"),
      (file(card: "[]"), "\"card\" must be an object"),
      (file(word: #"{"term":"t","meaning":"m","reviews":[]}"#), "the word has \"reviews\" but no \"card\""),
      (file(word: #"{"term":"t","meaning":"m","card":CARD,"reviews":{}}"#), "\"reviews\" must be an array"),
      (file(review: "3"), "review 1 must be an object"),
      (file(review: review.replacingOccurrences(of: #""good""#, with: #""perfect""#)), "the rating of review 1 must be again, hard, good or easy, not \"perfect\""),
      (file(review: review.replacingOccurrences(of: #""rating":"good","#, with: "")), "review 1 has no \"rating\""),
      (file(review: review.replacingOccurrences(of: #""reviewedAt":"2026-03-01T08:00:00Z","#, with: "")), "review 1 has no \"reviewedAt\""),
      (file(review: review.replacingOccurrences(of: #""before""#, with: #""prior""#)), "review 1 has no \"before\""),
      (file(review: review.replacingOccurrences(of: #""after""#, with: #""then""#)), "review 1 has no \"after\""),
      (file(review: review.replacingOccurrences(of: #""state":"new""#, with: #""state":"old""#)), "the state of the card before review 1 must be new, learning, review or relearning, not \"old\""),
      (file(review: review.replacingOccurrences(of: #"}}"#, with: #","step":-0.5}}"#)), "\"step\" of the card after review 1 must be a whole number, not -0.5"),
    ]
    for (text, message) in cases {
      #expect(throws: FormatError(line: 3, message), "\(text)") { try Self.read(text) }
    }
  }

  @Test func mutatedFilesGiveWordsOrAnErrorNeverACrash() throws {
    let valid = Array(try Self.written([
      .bookCase(BookCase(id: 1, name: "A", createdAt: Self.created, updatedAt: Self.updated)),
      .word(Word(id: 1, bookCaseID: 1, term: "t\"", meaning: "m\\", tags: ["x"], guid: "g", createdAt: Self.created, updatedAt: Self.updated), reviews: Self.history),
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
