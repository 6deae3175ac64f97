/// The `#key:value` lines at the top of a file in Anki's plain-text format (Anki 2.1.54 and later).
/// Keys are matched ignoring case and surrounding spaces; column numbers count from 1.
public struct AnkiTextHeader: Equatable, Sendable {
  /// `#if matches:` — what Anki does with a row that matches an existing note.
  public enum DuplicateRule: String, Sendable {
    case updateCurrent = "update current"
    case keepCurrent = "keep current"
    case keepBoth = "keep both"
  }

  /// `#match scope:` — where Anki looks for an existing note.
  public enum MatchScope: String, Sendable {
    case notetype = "notetype"
    case notetypeAndDeck = "notetype + deck"
  }

  /// The separators Anki accepts, by the name `#separator:` may give instead of the character.
  static let separators: [(name: String, byte: UInt8)] = [
    ("tab", 0x09), ("pipe", UInt8(ascii: "|")), ("semicolon", UInt8(ascii: ";")), ("colon", UInt8(ascii: ":")),
    ("comma", UInt8(ascii: ",")), ("space", 0x20),
  ]

  /// The field separator; a tab unless `#separator:` says otherwise.
  public var separator: Character = "\t"
  /// `#html:`; nil when the file does not say, and then the first rows decide, as in Anki.
  public var html: Bool?
  /// `#columns:` — a label for each column.
  public var columns: [String] = []
  public var deck: String?
  public var notetype: String?
  /// `#tags:` — tags added to every row.
  public var tags: [String] = []
  public var guidColumn: Int?
  public var notetypeColumn: Int?
  public var deckColumn: Int?
  public var tagsColumn: Int?
  public var ifMatches: DuplicateRule?
  public var matchScope: MatchScope?

  public init() {}

  var separatorByte: UInt8 { separator.asciiValue ?? 0x09 }

  /// Applies one header line (its text after `#`). False when the key is not one Anki knows: then the line is
  /// only a comment. A known key with a value that makes no sense is an error, rather than a silent misreading.
  mutating func apply(_ line: Substring, at lineNumber: Int) throws -> Bool {
    guard let colon = line.firstIndex(of: ":") else { return false }
    let key = line[..<colon].trimmingSpaces.lowercased()
    let value = line[line.index(after: colon)...]
    // Anki cuts values like `tab\t\t\t` (a header line exported as a row) after the first character at the first
    // one that is not a letter or digit, so `#separator:,` still works.
    let word = Self.firstWord(value)
    func fail(_ what: String) -> FormatError {
      FormatError(line: lineNumber, "#\(key): \(what), found \"\(value)\"")
    }
    switch key {
    case "separator":
      let lowered = word.lowercased()
      guard
        let byte = Self.separators.first(where: {
          lowered.trimmingSpaces == $0.name || Array(lowered.utf8) == [$0.byte]
        })?.byte
      else {
        throw fail("expected Comma, Semicolon, Tab, Space, Pipe, Colon or one of , ; | :")
      }
      separator = Character(Unicode.Scalar(byte))
    case "html":
      switch word.lowercased() {
      case "true": html = true
      case "false": html = false
      default: throw fail("expected true or false")
      }
    case "tags":
      tags = WordTextReader.tags(String(value))
    case "columns":
      columns = try Self.labels(value, separator: separatorByte, line: lineNumber)
    case "deck":
      deck = value.isEmpty ? nil : String(value)
    case "notetype":
      notetype = value.isEmpty ? nil : String(value)
    case "guid column", "notetype column", "deck column", "tags column":
      guard let number = Int(word.trimmingSpaces), number >= 0 else {
        throw fail("expected a column number, counting from 1")
      }
      let column = number == 0 ? nil : number
      switch key {
      case "guid column": guidColumn = column
      case "notetype column": notetypeColumn = column
      case "deck column": deckColumn = column
      default: tagsColumn = column
      }
      try checkColumnsDistinct(line: lineNumber)
    case "if matches":
      guard let rule = DuplicateRule(rawValue: value.trimmingSpaces.lowercased()) else {
        throw fail("expected update current, keep current or keep both")
      }
      ifMatches = rule
    case "match scope":
      guard let scope = MatchScope(rawValue: value.trimmingSpaces.lowercased()) else {
        throw fail("expected notetype or notetype + deck")
      }
      matchScope = scope
    default:
      return false
    }
    return true
  }

  /// The columns holding something other than a note field, 0-based, with the header line naming each.
  var metaColumns: [(index: Int, name: String)] {
    [
      (guidColumn, "#guid column"), (notetypeColumn, "#notetype column"), (deckColumn, "#deck column"),
      (tagsColumn, "#tags column"),
    ].compactMap { column, name in column.map { ($0 - 1, name) } }
  }

  private func checkColumnsDistinct(line: Int) throws {
    var seen: [Int: String] = [:]
    for (index, name) in metaColumns {
      if let other = seen[index] {
        throw FormatError(line: line, "column \(index + 1) is named by both \(other) and \(name)")
      }
      seen[index] = name
    }
  }

  static func firstWord(_ value: Substring) -> Substring {
    guard value.count > 1 else { return value }
    let rest = value.dropFirst()
    guard let cut = rest.firstIndex(where: { !($0.isASCII && ($0.isLetter || $0.isNumber)) }) else { return value }
    return value[..<cut]
  }

  /// `#columns:` is itself a row in the file's dialect, so labels may be quoted.
  static func labels(_ value: Substring, separator: UInt8, line: Int) throws -> [String] {
    var tokenizer = RecordTokenizer(
      source: .string(String(value)), separator: separator, comments: false, maxRecordBytes: Int.max)
    do {
      guard case .record(let labels, _) = try tokenizer.next() else { return [] }
      return labels
    } catch let error as FormatError {
      throw FormatError(line: line, "#columns: \(error.message)")
    }
  }
}

extension StringProtocol {
  var trimmingSpaces: String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
