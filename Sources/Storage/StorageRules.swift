import Foundation

/// The rules every storage client applies, public and pure so reducers can validate with the very same
/// functions before they call storage.
///
/// - Text is NFC-normalised and trimmed at both ends of white space and invisible characters.
/// - Names and terms are single lines: a control character inside them (newline, tab, escape, …) is refused
///   with `invalidCharacter`, never replaced, so what is stored is what was typed. The other fields may hold
///   line breaks (CR LF, CR, NEL, U+2028 and U+2029 are stored as LF) and tabs; any other control character
///   is refused too, so nothing stored can move a terminal's cursor or change its colours.
/// - Names, terms and meanings must not be empty; every field has a length limit, counted in characters, and
///   a size limit in UTF-8 bytes (`maxBytes(of:)`), since one character may pile up any number of combining marks.
/// - Bookcase names are unique by `nameKey(_:)` and listed by `sortKey(nameKey:)`.
public enum StorageRules {
  public static let maxNameLength = 100
  public static let maxDescriptionLength = 1_000
  public static let maxTermLength = 200
  /// A reading follows the example's rules.
  public static let maxReadingLength = maxExampleLength
  public static let maxMeaningLength = 2_000
  public static let maxExampleLength = 2_000
  public static let maxNoteLength = 4_000
  public static let maxTagLength = 100
  public static let maxTagsPerWord = 50
  /// vocab's guids are UUIDs (36 characters) and Anki's ten; imports bring either.
  public static let maxGuidLength = 100

  public static func maxLength(of field: StorageError.Field) -> Int {
    switch field {
    case .name: maxNameLength
    case .description: maxDescriptionLength
    case .term: maxTermLength
    case .reading: maxReadingLength
    case .meaning: maxMeaningLength
    case .example: maxExampleLength
    case .note: maxNoteLength
    case .tag: maxTagLength
    case .guid: maxGuidLength
    }
  }

  /// A field's size limit in UTF-8 bytes: 16 for each character of its length limit. A character of any
  /// script takes at most a few scalars of at most 4 bytes, so text reaches the character limit first; only
  /// long emoji sequences throughout, or characters piled high with combining marks (`e` followed by 50,000
  /// acute accents is one character of 100 KB), reach this one.
  public static func maxBytes(of field: StorageError.Field) -> Int { maxLength(of: field) * 16 }

  /// The draft as it will be stored, or the first rule it breaks (name before description).
  public static func validated(_ draft: BookCaseDraft) throws(StorageError) -> BookCaseDraft {
    BookCaseDraft(
      name: try checked(draft.name, .name, required: true),
      description: try checked(draft.description, .description, required: false))
  }

  /// A bookcase description as it will be stored, or the rule it breaks.
  public static func validatedDescription(_ description: String) throws(StorageError) -> String {
    try checked(description, .description, required: false)
  }

  /// The settings unchanged, or the first one out of its range.
  public static func validated(_ settings: ReviewSettings) throws(StorageError) -> ReviewSettings {
    if !ReviewSettings.retentionRange.contains(settings.desiredRetention) {
      throw .reviewSettingOutOfRange("desired retention", range: "0.70 to 0.99")
    }
    if !ReviewSettings.newCardsRange.contains(settings.newCardsPerDay) {
      throw .reviewSettingOutOfRange("number of new cards per day", range: "0 to 10000")
    }
    if !ReviewSettings.reviewsRange.contains(settings.maxReviewsPerDay) {
      throw .reviewSettingOutOfRange("maximum number of reviews per day", range: "0 to 100000")
    }
    return settings
  }

  /// The history unchanged, or the first value no card or review the storage writes can have: a rating outside
  /// 1–4, a negative step, count or duration, a stability or difficulty that is not a finite number.
  public static func validated(_ history: ReviewHistory) throws(StorageError) -> ReviewHistory {
    try checked(history.card, "of the card")
    for (index, review) in history.log.enumerated() {
      guard (1...4).contains(review.rating) else { throw .invalidRating(review.rating) }
      try checked(review.before, "before review \(index + 1)")
      try atLeastZero(review.stepAfter, "step after review \(index + 1)")
      try finite(review.stabilityAfter, "stability after review \(index + 1)")
      try finite(review.difficultyAfter, "difficulty after review \(index + 1)")
      try atLeastZero(review.durationMilliseconds, "duration of review \(index + 1)")
    }
    return history
  }

  /// `whose` names the card after each column's name: "the reps of the card".
  private static func checked(_ card: StoredCard, _ whose: String) throws(StorageError) {
    try atLeastZero(card.step, "step \(whose)")
    try atLeastZero(card.reps, "reps \(whose)")
    try atLeastZero(card.lapses, "lapses \(whose)")
    try finite(card.stability, "stability \(whose)")
    try finite(card.difficulty, "difficulty \(whose)")
  }

  private static func atLeastZero<N: BinaryInteger>(_ value: N, _ name: String) throws(StorageError) {
    if value < 0 { throw .reviewValueOutOfRange(name, value: "\(value)", range: "0 or more") }
  }

  private static func finite(_ value: Double?, _ name: String) throws(StorageError) {
    if let value, !value.isFinite { throw .reviewValueOutOfRange(name, value: "\(value)", range: "a finite number") }
  }

  /// The draft as it will be stored, or the first rule it breaks (term, reading, meaning, example, note, tags).
  /// Tags that fold to the same key are one tag (the first spelling is kept), ordered by their key.
  public static func validated(_ draft: WordDraft) throws(StorageError) -> WordDraft {
    WordDraft(
      term: try checked(draft.term, .term, required: true),
      reading: try checked(draft.reading, .reading, required: false),
      meaning: try checked(draft.meaning, .meaning, required: true),
      example: try checked(draft.example, .example, required: false),
      note: try checked(draft.note, .note, required: false),
      tags: try validatedTags(draft.tags))
  }

  /// Each tag checked as one word, duplicates (by key) dropped, ordered by key.
  public static func validatedTags(_ tags: [String]) throws(StorageError) -> [String] {
    var byKey: [String: String] = [:]
    for tag in tags {
      let tag = try validatedTag(tag)
      let key = tagKey(tag)
      if byKey[key] == nil { byKey[key] = tag }
    }
    guard byKey.count <= maxTagsPerWord else { throw .tooManyTags(limit: maxTagsPerWord) }
    return byKey.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map(\.value)
  }

  /// A tag as stored: one word (no white space anywhere in it), not empty, within its length limit.
  public static func validatedTag(_ tag: String) throws(StorageError) -> String {
    let tag = try checked(tag, .tag, required: true)
    if let space = tag.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
      throw .invalidCharacter(.tag, space)
    }
    return tag
  }

  /// A guid as stored (one brought by an import): one word, not empty, within its length limit.
  public static func validatedGuid(_ guid: String) throws(StorageError) -> String {
    let guid = try checked(guid, .guid, required: true)
    if let space = guid.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
      throw .invalidCharacter(.guid, space)
    }
    return guid
  }

  /// The key tags are compared and ordered by: case and Unicode normalisation ignored, as for names.
  public static func tagKey(_ tag: String) -> String {
    nameKey(tag)
  }

  /// The key a term is compared by, to find a term already in a bookcase and to sort by term.
  public static func termKey(_ term: String) -> String {
    nameKey(term)
  }

  /// A single-line field as stored: NFC, then trimmed. Control characters are left for `validated` to refuse.
  public static func normalizedLine(_ text: String) -> String {
    trimmed(isASCII(text) ? text : text.precomposedStringWithCanonicalMapping)
  }

  /// A multi-line field as stored: every kind of line break becomes "\n" (CR LF counts as one), then NFC,
  /// then trimmed. Other control characters are left for `validated` to refuse.
  public static func normalizedText(_ text: String) -> String {
    // ASCII without a carriage return has no line break to rewrite and is already NFC: an import of a million
    // words spent most of its time rebuilding such text scalar by scalar.
    var text = text
    if text.withUTF8({ $0.allSatisfy { $0 < 0x80 && $0 != 0x0D } }) { return trimmed(text) }
    var result = String.UnicodeScalarView()
    var previousWasReturn = false
    for scalar in text.unicodeScalars {
      defer { previousWasReturn = scalar == "\r" }
      switch scalar {
      case "\n" where previousWasReturn: continue
      case _ where isLineBreak(scalar): result.append("\n")
      default: result.append(scalar)
      }
    }
    let rewritten = String(result)
    return trimmed(isASCII(rewritten) ? rewritten : rewritten.precomposedStringWithCanonicalMapping)
  }

  /// Unicode's newline functions: the ways other systems end a line, all meaning what "\n" means here.
  /// Vertical tab and form feed are page controls, not line ends, so they are refused rather than guessed at.
  private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
  }

  /// Whether a normalised field may hold the character: a single line holds no control character and no
  /// line break of any kind; the other fields hold newline and tab but no other control character.
  private static func isAllowed(_ scalar: Unicode.Scalar, in field: StorageError.Field) -> Bool {
    if field.isSingleLine, isLineBreak(scalar) { return false }
    if !field.isSingleLine, scalar == "\n" || scalar == "\t" { return true }
    return scalar.properties.generalCategory != .control
  }

  static func refuseControlCharacters(in text: String, _ field: StorageError.Field) throws(StorageError) {
    // In ASCII the control characters are exactly the bytes below 0x20 and 0x7F; no need to ask Unicode.
    if isASCII(text) {
      var text = text
      let refused = text.withUTF8 { bytes in
        bytes.first { ($0 < 0x20 || $0 == 0x7F) && !isAllowed(Unicode.Scalar($0), in: field) }
      }
      if let refused { throw .invalidCharacter(field, Unicode.Scalar(refused)) }
      return
    }
    if let scalar = text.unicodeScalars.first(where: { !isAllowed($0, in: field) }) {
      throw .invalidCharacter(field, scalar)
    }
  }

  /// Drops the characters at both ends that show nothing: white space, and invisible ones such as the byte
  /// order mark a file exported on Windows starts with (which would make "\u{FEFF}TOEFL" a second "TOEFL").
  /// Whole characters are judged, so "❤️" keeps its trailing variation selector.
  static func trimmed(_ text: String) -> String {
    // A character holding a scalar that is not blank is not blank. An ASCII byte that is not white space (tab to
    // carriage return, space) is such a scalar (no ASCII character is default-ignorable), so text that starts and
    // ends with one has nothing to trim: the usual field, without asking Unicode about its characters.
    let isASCIIShown = { (byte: UInt8) in byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte) }
    if let first = text.utf8.first, let last = text.utf8.last, isASCIIShown(first), isASCIIShown(last) { return text }
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
    let text = field.isSingleLine ? normalizedLine(text) : normalizedText(text)
    try refuseControlCharacters(in: text, field)
    if required, text.isEmpty { throw .emptyField(field) }
    let limit = maxLength(of: field)
    // Never fewer bytes than characters: counting characters (slow) is needed only past the limit in bytes.
    if text.utf8.count > limit, text.count > limit { throw .fieldTooLong(field, limit: limit) }
    if text.utf8.count > maxBytes(of: field) { throw .fieldTooLarge(field, byteLimit: maxBytes(of: field)) }
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
