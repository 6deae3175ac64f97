import Foundation
import Storage
import WordFormats

#if canImport(Glibc)
  import Glibc
#endif

/// The `--json` documents, vocab's public contract (documented in README.md): one line each, keys in sorted
/// order, dates as ISO 8601 in UTC to the second.
///
/// Written by hand rather than with `JSONEncoder`: the shapes are fixed, and for a bookcase of 10,000 words the
/// generic encoder (and its calendar-based date formatting) took most of the command's time.
enum JSONShapes {
  /// `vocab list --json`: `{"bookcases":[Bookcase…]}`, each with its `due` count when given.
  static func bookCaseList(_ bookCases: some Collection<BookCase>, due: [BookCase.ID: Int]? = nil) -> String {
    var json = JSONText()
    json.raw("{\"bookcases\":[")
    for (index, bookCase) in bookCases.enumerated() {
      if index > 0 { json.raw(",") }
      json.bookCase(bookCase, due: due.map { $0[bookCase.id] ?? 0 })
    }
    json.raw("]}\n")
    return json.text
  }

  /// `vocab tags --json`: `{"tags":[{"name":…,"wordCount":…}…]}`, ordered by the tags' folded keys.
  static func tagList(_ tags: [TagCount]) -> String {
    var json = JSONText()
    json.raw("{\"tags\":[")
    for (index, tag) in tags.enumerated() {
      if index > 0 { json.raw(",") }
      json.raw("{\"name\":")
      json.string(tag.name)
      json.raw(",\"wordCount\":\(tag.wordCount)}")
    }
    json.raw("]}\n")
    return json.text
  }

  /// What `add-bookcase`, `edit-bookcase` and `delete-bookcase` print with `--json`: a Bookcase.
  static func bookCase(_ bookCase: BookCase) -> String {
    var json = JSONText()
    json.bookCase(bookCase)
    json.raw("\n")
    return json.text
  }

  /// `vocab show WORD_ID --json`, and what the commands that change a word print with `--json`: a Word.
  static func word(_ word: Word) -> String {
    var json = JSONText()
    json.word(word)
    json.raw("\n")
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

extension JSONShapes {
  /// `vocab import --json`: the totals and, per bookcase, its counts (skipped split by reason).
  static func importReport(_ report: ImportReport) -> String {
    var json = JSONText()
    json.raw("{\"added\":\(report.added),\"bookcases\":[")
    for (index, bookCase) in report.bookCases.enumerated() {
      if index > 0 { json.raw(",") }
      json.raw("{\"added\":\(bookCase.added),\"created\":\(bookCase.created),\"id\":\(bookCase.id),\"name\":")
      json.string(bookCase.name)
      json.raw(
        ",\"skipped\":\(bookCase.skipped),\"skippedSameGuid\":\(bookCase.skippedSameGuid),"
          + "\"skippedSameTerm\":\(bookCase.skippedSameTerm),\"unchanged\":\(bookCase.unchanged),"
          + "\"updated\":\(bookCase.updated)}")
    }
    json.raw(
      "],\"dryRun\":\(report.dryRun),\"read\":\(report.read),\"skipped\":\(report.skipped),"
        + "\"updated\":\(report.updated)}\n")
    return json.text
  }

  /// `vocab search --json`: `{"words":[Word…]}`, the best match first.
  static func foundWords(_ words: [Word]) -> String {
    var json = JSONText()
    json.raw("{\"words\":[")
    for (index, word) in words.enumerated() {
      if index > 0 { json.raw(",") }
      json.word(word)
    }
    json.raw("]}\n")
    return json.text
  }
}

/// A JSON document being written, as UTF-8 bytes (appending to a `String` scalar by scalar was the slow part).
struct JSONText {
  private var bytes: [UInt8] = []

  var text: String { String(decoding: bytes, as: UTF8.self) }

  mutating func raw(_ fragment: String) {
    bytes.append(contentsOf: fragment.utf8)
  }

  /// A Bookcase; `list` adds how many cards are `due`, `edit-bookcase` the `review` settings.
  mutating func bookCase(_ bookCase: BookCase, due: Int? = nil, review: ReviewSettings? = nil) {
    raw("{\"createdAt\":")
    date(bookCase.createdAt)
    raw(",\"description\":")
    string(bookCase.description)
    if let due { raw(",\"due\":\(due)") }
    raw(",\"id\":\(bookCase.id),\"name\":")
    string(bookCase.name)
    if let review { reviewSettings(review) }
    raw(",\"updatedAt\":")
    date(bookCase.updatedAt)
    raw(",\"wordCount\":\(bookCase.wordCount)}")
  }

  /// A Word; `show` adds its `card`.
  mutating func word(_ word: Word, card: StoredCard? = nil) {
    raw("{\"bookcaseId\":\(word.bookCaseID)")
    if let card {
      raw(",\"card\":")
      self.card(card)
    }
    raw(",\"createdAt\":")
    date(word.createdAt)
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
    raw(",\"tags\":[")
    for (index, tag) in word.tags.enumerated() {
      if index > 0 { raw(",") }
      string(tag)
    }
    raw("],\"term\":")
    string(word.term)
    raw(",\"updatedAt\":")
    date(word.updatedAt)
    raw("}")
  }

  mutating func string(_ value: String) { JSONString.append(value, to: &bytes) }

  /// `"2026-11-21T19:42:45Z"`: UTC, whole seconds (rounded down).
  mutating func date(_ date: Date) {
    raw("\"" + UTCTime.iso8601(date) + "\"")
  }
}
