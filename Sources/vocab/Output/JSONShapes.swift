import Foundation
import Storage

#if canImport(Glibc)
  import Glibc
#endif

/// The `--json` documents, vocab's public contract (documented in README.md): one line each, keys in sorted
/// order, dates as ISO 8601 in UTC to the second.
///
/// Written by hand rather than with `JSONEncoder`: the shapes are fixed, and for a bookcase of 10,000 words the
/// generic encoder (and its calendar-based date formatting) took most of the command's time.
enum JSONShapes {
  /// `vocab list --json`: `{"bookcases":[Bookcase…]}`.
  static func bookCaseList(_ bookCases: some Collection<BookCase>) -> String {
    var json = JSONText()
    json.raw("{\"bookcases\":[")
    for (index, bookCase) in bookCases.enumerated() {
      if index > 0 { json.raw(",") }
      json.bookCase(bookCase)
    }
    json.raw("]}\n")
    return json.text
  }

  /// `vocab list BOOKCASE --json`: `{"bookcase":Bookcase,"words":[Word…]}`.
  static func bookCaseWords(_ bookCase: BookCase, _ words: some Collection<Word>) -> String {
    var json = JSONText()
    json.raw("{\"bookcase\":")
    json.bookCase(bookCase)
    json.raw(",\"words\":[")
    for (index, word) in words.enumerated() {
      if index > 0 { json.raw(",") }
      json.word(word)
    }
    json.raw("]}\n")
    return json.text
  }
}

/// A JSON document being written.
private struct JSONText {
  var text = ""

  mutating func raw(_ fragment: String) {
    text += fragment
  }

  mutating func bookCase(_ bookCase: BookCase) {
    raw("{\"createdAt\":")
    date(bookCase.createdAt)
    raw(",\"description\":")
    string(bookCase.description)
    raw(",\"id\":\(bookCase.id),\"name\":")
    string(bookCase.name)
    raw(",\"updatedAt\":")
    date(bookCase.updatedAt)
    raw(",\"wordCount\":\(bookCase.wordCount)}")
  }

  mutating func word(_ word: Word) {
    raw("{\"bookcaseId\":\(word.bookCaseID),\"createdAt\":")
    date(word.createdAt)
    raw(",\"example\":")
    string(word.example)
    raw(",\"id\":\(word.id),\"meaning\":")
    string(word.meaning)
    raw(",\"note\":")
    string(word.note)
    raw(",\"term\":")
    string(word.term)
    raw(",\"updatedAt\":")
    date(word.updatedAt)
    raw("}")
  }

  /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped, everything else as UTF-8.
  mutating func string(_ value: String) {
    text.append("\"")
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text.append("\\\"")
      case "\\": text.append("\\\\")
      case "\n": text.append("\\n")
      case "\r": text.append("\\r")
      case "\t": text.append("\\t")
      case "\u{0}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        text.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: text.unicodeScalars.append(scalar)
      }
    }
    text.append("\"")
  }

  /// `"2026-11-21T19:42:45Z"`: UTC, whole seconds (rounded down).
  mutating func date(_ date: Date) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(parts.tm_year + 1900)
    text.append(
      "\"\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z\"")
  }
}
