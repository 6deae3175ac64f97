import Foundation
import Storage

/// The `--json` shapes. They are vocab's public contract (documented in README.md), so they are spelled out here
/// rather than taken from the models' Codable conformance, which may change with the schema.
enum JSONShapes {
  struct BookCaseJSON: Encodable {
    var id: Int64
    var name: String
    var description: String
    var wordCount: Int
    var createdAt: Date
    var updatedAt: Date

    init(_ bookCase: BookCase) {
      id = bookCase.id
      name = bookCase.name
      description = bookCase.description
      wordCount = bookCase.wordCount
      createdAt = bookCase.createdAt
      updatedAt = bookCase.updatedAt
    }
  }

  struct WordJSON: Encodable {
    var id: Int64
    var bookcaseId: Int64
    var term: String
    var meaning: String
    var example: String
    var note: String
    var createdAt: Date
    var updatedAt: Date

    init(_ word: Word) {
      id = word.id
      bookcaseId = word.bookCaseID
      term = word.term
      meaning = word.meaning
      example = word.example
      note = word.note
      createdAt = word.createdAt
      updatedAt = word.updatedAt
    }
  }

  /// `vocab list --json`: `{"bookcases": [BookCase…]}`.
  struct BookCaseList: Encodable {
    var bookcases: [BookCaseJSON]
  }

  /// `vocab list BOOKCASE --json`: `{"bookcase": BookCase, "words": [Word…]}`.
  struct BookCaseWords: Encodable {
    var bookcase: BookCaseJSON
    var words: [WordJSON]
  }

  /// One line of JSON: keys sorted, dates as ISO 8601 in UTC, slashes unescaped.
  static func line(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    // Encoding these plain structs cannot fail.
    let data = try! encoder.encode(value)
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}
