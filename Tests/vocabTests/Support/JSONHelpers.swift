import Foundation
import Testing

/// Reading `--json` output in tests: one document per line, parsed without knowing vocab's types.
enum JSONHelpers {
  static func object(_ line: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(value as? [String: Any], "a JSON object: \(line)")
  }

  static let bookCaseKeys: Set<String> = ["id", "name", "description", "wordCount", "createdAt", "updatedAt"]
  static let wordKeys: Set<String> = [
    "id", "bookcaseId", "term", "reading", "meaning", "example", "note", "tags", "guid", "createdAt", "updatedAt",
  ]

  /// Checks the documented shape of a bookcase object: exactly these keys (and the `extra` ones some commands
  /// add: `due`, `review`), these types, ISO 8601 dates.
  static func expectBookCaseShape(_ object: [String: Any], extra: Set<String> = []) {
    #expect(Set(object.keys) == bookCaseKeys.union(extra))
    #expect(object["id"] is Int)
    #expect(object["name"] is String)
    #expect(object["description"] is String)
    #expect(object["wordCount"] is Int)
    expectISO8601(object["createdAt"])
    expectISO8601(object["updatedAt"])
  }

  /// `extra`: the keys some commands add (`show`: `card`).
  static func expectWordShape(_ object: [String: Any], extra: Set<String> = []) {
    #expect(Set(object.keys) == wordKeys.union(extra))
    #expect(object["id"] is Int)
    #expect(object["bookcaseId"] is Int)
    for key in ["term", "reading", "meaning", "example", "note"] {
      #expect(object[key] is String, "\(key) is a string")
    }
    #expect(object["tags"] is [String])
    #expect(UUID(uuidString: object["guid"] as? String ?? "") != nil, "a guid: \(object["guid"] ?? "none")")
    expectISO8601(object["createdAt"])
    expectISO8601(object["updatedAt"])
  }

  static func expectISO8601(_ value: Any?) {
    let text = value as? String ?? ""
    #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/) != nil, "ISO 8601 date: \(text)")
  }
}
