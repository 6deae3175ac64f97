import Foundation

/// The rules every storage client applies, public and pure so reducers can validate with the very same
/// functions before they call storage.
///
/// - Text is NFC-normalised and trimmed at both ends of white space and invisible characters.
/// - Names and terms are single lines: each control character in them (newline, tab, escape, …) becomes a
///   space. The other fields keep newlines and tabs; their other control characters are removed, so nothing
///   stored can move a terminal's cursor or change its colours.
/// - Names, terms and meanings must not be empty; every field has a length limit, counted in characters.
/// - Bookcase names are unique ignoring case: compared through `nameKey(_:)`.
public enum StorageRules {
  public static let maxNameLength = 100
  public static let maxDescriptionLength = 1_000
  public static let maxTermLength = 200
  public static let maxMeaningLength = 2_000
  public static let maxExampleLength = 2_000
  public static let maxNoteLength = 4_000

  public static func maxLength(of field: StorageError.Field) -> Int {
    switch field {
    case .name: maxNameLength
    case .description: maxDescriptionLength
    case .term: maxTermLength
    case .meaning: maxMeaningLength
    case .example: maxExampleLength
    case .note: maxNoteLength
    }
  }

  /// The draft as it will be stored, or the first rule it breaks (name before description).
  public static func validated(_ draft: BookCaseDraft) throws(StorageError) -> BookCaseDraft {
    BookCaseDraft(
      name: try checked(normalizedLine(draft.name), .name, required: true),
      description: try checked(normalizedText(draft.description), .description, required: false))
  }

  /// The draft as it will be stored, or the first rule it breaks (term, meaning, example, note).
  public static func validated(_ draft: WordDraft) throws(StorageError) -> WordDraft {
    WordDraft(
      term: try checked(normalizedLine(draft.term), .term, required: true),
      meaning: try checked(normalizedText(draft.meaning), .meaning, required: true),
      example: try checked(normalizedText(draft.example), .example, required: false),
      note: try checked(normalizedText(draft.note), .note, required: false))
  }

  /// The key bookcase names are compared and ordered by: the normalised name, case-folded (Unicode-aware,
  /// so "Ä" and "ä" match, and "STRASSE" and "straße"), in NFC.
  public static func nameKey(_ name: String) -> String {
    normalizedLine(name).folding(options: [.caseInsensitive], locale: nil).precomposedStringWithCanonicalMapping
  }

  /// A single-line field as stored: control characters become spaces, then NFC, then trimmed.
  public static func normalizedLine(_ text: String) -> String {
    var line = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      line.append(isControl(scalar) ? " " : scalar)
    }
    return trimmed(String(line).precomposedStringWithCanonicalMapping)
  }

  /// A multi-line field as stored: line breaks become "\n", tabs stay, other control characters go,
  /// then NFC, then trimmed.
  public static func normalizedText(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var previousWasReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasReturn = scalar == "\r" }
      switch scalar {
      case "\n" where previousWasReturn: continue
      case "\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}": result.append("\n")
      case "\t": result.append(scalar)
      case _ where isControl(scalar): continue
      default: result.append(scalar)
      }
    }
    return trimmed(String(result).precomposedStringWithCanonicalMapping)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
  }

  /// Drops the characters at both ends that show nothing: white space, and invisible ones such as the byte
  /// order mark a file exported on Windows starts with (which would make "\u{FEFF}TOEFL" a second "TOEFL").
  /// Whole characters are judged, so "❤️" keeps its trailing variation selector.
  private static func trimmed(_ text: String) -> String {
    func isBlank(_ character: Character) -> Bool {
      character.unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.isDefaultIgnorableCodePoint }
    }
    guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(text[first...last])
  }

  private static func checked(_ text: String, _ field: StorageError.Field, required: Bool) throws(StorageError)
    -> String
  {
    if required, text.isEmpty { throw .emptyField(field) }
    let limit = maxLength(of: field)
    if text.count > limit { throw .fieldTooLong(field, limit: limit) }
    return text
  }
}

extension Date {
  /// Times are stored as whole Unix milliseconds; both clients round through this so they agree exactly.
  var unixMilliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

  init(unixMilliseconds: Int64) { self.init(timeIntervalSince1970: Double(unixMilliseconds) / 1000) }

  /// The time as the storage clients keep it (whole milliseconds).
  var storedPrecision: Date { Date(unixMilliseconds: unixMilliseconds) }
}
