import Foundation
import Storage
import WordFormats

/// vocab's JSON format: one document per bookcase, each in the shape `vocab list BOOKCASE --json` prints,
/// `{"bookcase":Bookcase,"words":[Word…]}`, with every field, tags, guid and dates (to the millisecond, so an
/// export imported again is the same to the millisecond), and each word's card and review log (see
/// JSONWordFile+Reviews.swift). Read one word at a time: a document may be any size.
struct JSONWordReader: WordFileReader {
  private var lexer: JSONLexer
  private enum Position { case betweenDocuments, inDocument, inWords(first: Bool) }
  private var position = Position.betweenDocuments
  private var documentFirstKey = true
  private var bookCase: ImportedBookCase?
  private(set) var bookCases: [String: ImportedBookCase] = [:]
  private(set) var reviews: ReviewHistory?

  init(source: @escaping () throws -> [UInt8]?) {
    lexer = JSONLexer(source: source)
  }

  func bookCase(named name: String) -> ImportedBookCase? { bookCases[name] }

  mutating func next() throws -> WordRecord? {
    while true {
      switch position {
      case .betweenDocuments:
        guard let token = try lexer.next() else { return nil }
        guard token.kind == .openObject else { throw lexer.error("expected a document {\"bookcase\":…,\"words\":[…]}") }
        position = .inDocument
        documentFirstKey = true
        bookCase = nil
      case .inDocument:
        let token = try lexer.require()
        if token.kind == .closeObject {
          guard bookCase != nil else { throw lexer.error("the document has no \"bookcase\"") }
          position = .betweenDocuments
          continue
        }
        var keyToken = token
        if !documentFirstKey {
          guard token.kind == .comma else { throw lexer.error("expected , or } in the document") }
          keyToken = try lexer.require()
        }
        documentFirstKey = false
        guard case .string(let key) = keyToken.kind else { throw lexer.error("expected a key") }
        guard try lexer.require().kind == .colon else { throw lexer.error("expected : after \"\(key)\"") }
        switch key {
        case "bookcase":
          let value = try lexer.value()
          let found = try Self.bookCase(value, line: keyToken.line)
          bookCases[found.name] = found
          bookCase = found
        case "words":
          guard bookCase != nil else { throw lexer.error("\"bookcase\" must come before \"words\"") }
          guard try lexer.require().kind == .openArray else { throw lexer.error("\"words\" must be an array") }
          position = .inWords(first: true)
        default:
          _ = try lexer.value()
        }
      case .inWords(let first):
        var token = try lexer.require()
        if token.kind == .closeArray {
          position = .inDocument
          continue
        }
        if !first {
          guard token.kind == .comma else { throw lexer.error("expected , or ] between words") }
          token = try lexer.require()
        }
        position = .inWords(first: false)
        let line = token.line
        let value = try lexer.value(startingWith: token)
        let word = try Self.word(value, in: bookCase!.name, line: line)
        reviews = word.reviews
        return word.record
      }
    }
  }

  private static func bookCase(_ value: JSONValue, line: Int) throws -> ImportedBookCase {
    guard case .object(let fields) = value else { throw FormatError(line: line, "\"bookcase\" must be an object") }
    let object = JSONObject(fields: fields, line: line, what: "the bookcase")
    return ImportedBookCase(
      name: try object.string("name"), description: try object.string("description", default: ""),
      createdAt: try object.date("createdAt"), updatedAt: try object.date("updatedAt"))
  }

  private static func word(_ value: JSONValue, in bookCase: String, line: Int) throws
    -> (record: WordRecord, reviews: ReviewHistory?)
  {
    guard case .object(let fields) = value else { throw FormatError(line: line, "a word must be an object") }
    let object = JSONObject(fields: fields, line: line, what: "the word")
    var record = WordRecord(
      term: try object.string("term"), meaning: try object.string("meaning"),
      reading: try object.string("reading", default: ""), example: try object.string("example", default: ""),
      note: try object.string("note", default: ""), tags: try object.strings("tags"),
      guid: try object.optionalString("guid"), deck: bookCase, line: line)
    record.createdAtMilliseconds = try object.date("createdAt").map(\.unixMilliseconds)
    record.updatedAtMilliseconds = try object.date("updatedAt").map(\.unixMilliseconds)
    return (record, try object.reviewHistory())
  }
}

/// The fields of one JSON object, read by name with errors that name the line and the field.
struct JSONObject {
  let fields: [(String, JSONValue)]
  let line: Int
  let what: String

  func field(_ name: String) -> JSONValue? { fields.last { $0.0 == name }?.1 }

  func string(_ name: String, default fallback: String? = nil) throws -> String {
    guard let value = field(name) else {
      if let fallback { return fallback }
      throw FormatError(line: line, "\(what) has no \"\(name)\"")
    }
    guard case .string(let text) = value else { throw FormatError(line: line, "\"\(name)\" must be a string") }
    return text
  }

  func optionalString(_ name: String) throws -> String? {
    guard field(name) != nil else { return nil }
    return try string(name)
  }

  func strings(_ name: String) throws -> [String] {
    guard let value = field(name) else { return [] }
    guard case .array(let items) = value else { throw FormatError(line: line, "\"\(name)\" must be an array of strings") }
    return try items.map { item in
      guard case .string(let text) = item else { throw FormatError(line: line, "\"\(name)\" must be an array of strings") }
      return text
    }
  }

  /// A date; nil when missing or null (a new card's `lastReview`).
  func date(_ name: String) throws -> Date? {
    guard let value = field(name), value != .null else { return nil }
    let text = try string(name)
    guard let date = JSONDate.parse(text) else {
      throw FormatError(line: line, "\"\(name)\" is not a date like 2026-11-21T19:42:45.123Z: \"\(text)\"")
    }
    return date
  }
}

/// Writes an export as vocab's JSON: a document per bookcase on one line each.
struct JSONWordWriter: WordFileWriter {
  private var output: [UInt8] = []
  private let sink: ([UInt8]) throws -> Void
  private var inDocument = false
  private var firstWord = true

  init(sink: @escaping ([UInt8]) throws -> Void) {
    self.sink = sink
  }

  mutating func write(_ item: ExportItem) throws {
    switch item {
    case .bookCase(let bookCase):
      endDocument()
      raw("{\"bookcase\":{\"createdAt\":")
      string(JSONDate.format(bookCase.createdAt))
      raw(",\"description\":")
      string(bookCase.description)
      raw(",\"id\":\(bookCase.id),\"name\":")
      string(bookCase.name)
      raw(",\"updatedAt\":")
      string(JSONDate.format(bookCase.updatedAt))
      raw(",\"wordCount\":\(bookCase.wordCount)},\"words\":[")
      inDocument = true
      firstWord = true
    case .word(let word, let reviews):
      if !firstWord { raw(",") }
      firstWord = false
      raw("{\"bookcaseId\":\(word.bookCaseID),")
      if let reviews {
        raw("\"card\":")
        card(reviews.card, withWordID: true)
        raw(",")
      }
      raw("\"createdAt\":")
      string(JSONDate.format(word.createdAt))
      raw(",\"example\":")
      string(word.example)
      raw(",\"guid\":")
      string(word.guid)
      raw(",\"id\":\(word.id),\"meaning\":")
      string(word.meaning)
      raw(",\"note\":")
      string(word.note)
      raw(",\"reading\":")
      string(word.reading)
      if let reviews {
        raw(",\"reviews\":[")
        for (index, review) in reviews.log.enumerated() {
          if index > 0 { raw(",") }
          self.review(review)
        }
        raw("]")
      }
      raw(",\"tags\":[")
      for (index, tag) in word.tags.enumerated() {
        if index > 0 { raw(",") }
        string(tag)
      }
      raw("],\"term\":")
      string(word.term)
      raw(",\"updatedAt\":")
      string(JSONDate.format(word.updatedAt))
      raw("}")
    }
    if output.count >= 64 * 1024 { try flush() }
  }

  mutating func finish() throws {
    endDocument()
    try flush()
  }

  private mutating func endDocument() {
    if inDocument { raw("]}\n") }
    inDocument = false
  }

  private mutating func flush() throws {
    guard !output.isEmpty else { return }
    try sink(output)
    output.removeAll(keepingCapacity: true)
  }

  mutating func raw(_ text: String) { output.append(contentsOf: text.utf8) }

  mutating func string(_ value: String) { JSONString.append(value, to: &output) }
}

/// Dates as the JSON format writes them: ISO 8601 in UTC, with milliseconds when they are not zero
/// (`2026-11-21T19:42:45.123Z`); `list --json`'s whole seconds read too.
enum JSONDate {
  static func format(_ date: Date) -> String {
    let milliseconds = date.unixMilliseconds
    let whole = UTCTime.iso8601(Date(timeIntervalSince1970: Double(milliseconds.floorDivided(by: 1000))))
    let fraction = milliseconds - milliseconds.floorDivided(by: 1000) * 1000
    guard fraction != 0 else { return whole }
    let digits = String(fraction)
    return whole.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
  }

  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[range] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    func at(_ index: Int, _ character: Character) -> Bool {
      index < bytes.count && bytes[index] == character.asciiValue!
    }
    guard let year = number(0..<4), at(4, "-"), let month = number(5..<7), at(7, "-"), let day = number(8..<10),
      at(10, "T"), let hour = number(11..<13), at(13, ":"), let minute = number(14..<16), at(16, ":"),
      let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60,
      second < 61
    else { return nil }
    var milliseconds = 0
    var index = 19
    if at(19, ".") {
      guard let fraction = number(20..<23) else { return nil }
      milliseconds = fraction
      index = 23
    }
    guard index == bytes.count - 1, at(index, "Z") else { return nil }
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    let seconds = timegm(&parts)
    return Date(unixMilliseconds: Int64(seconds) * 1000 + Int64(milliseconds))
  }
}

extension Date {
  var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  init(unixMilliseconds: Int64) { self.init(timeIntervalSince1970: Double(unixMilliseconds) / 1000) }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
