/// Everything the storage client can refuse or fail with. Each case reads as a sentence a person can act on.
public enum StorageError: Error, Equatable, Sendable {
  /// The user-editable fields, named as a person would name them in an error.
  public enum Field: String, Equatable, Sendable, Codable {
    case name, description, term, reading, meaning, example, note, tag, guid

    /// Names, terms, tags and guids are one line; the other fields may hold line breaks and tabs.
    public var isSingleLine: Bool { self == .name || self == .term || self == .tag || self == .guid }
  }

  case bookCaseNotFound(id: BookCase.ID)
  case bookCaseNamedNotFound(String)
  case wordNotFound(id: Word.ID)
  case duplicateBookCaseName(String)
  case emptyField(Field)
  case fieldTooLong(Field, limit: Int)
  /// Within its limit in characters, but larger in UTF-8 bytes than `StorageRules.maxBytes(of:)`.
  case fieldTooLarge(Field, byteLimit: Int)
  case tooManyTags(limit: Int)
  /// Adding was asked to refuse a term (with its reading) the bookcase already has, as the word `wordID`.
  case termAlreadyInBookCase(String, wordID: Word.ID)
  /// The field holds a character it may not: a control character, or a line break in a name or term.
  case invalidCharacter(Field, Unicode.Scalar)
  /// A review's rating is 1 (again) to 4 (easy).
  case invalidRating(Int)
  /// A review setting outside what the scheduler accepts: the setting's name and the range it must lie in.
  case reviewSettingOutOfRange(String, range: String)
  /// A card or review log imported with a value it cannot have: what it is, the value, and what it must be.
  case reviewValueOutOfRange(String, value: String, range: String)
  /// Undo was asked for a word that has no review left to undo.
  case noReviewToUndo(wordID: Word.ID)
  /// SQLite refused or failed, named by its kind, with SQLite's code, message and statement as detail.
  case database(DatabaseFailure)
}

extension StorageError: CustomStringConvertible {
  public var description: String {
    switch self {
    case let .bookCaseNotFound(id):
      return "no bookcase has the id \(id)"
    case let .bookCaseNamedNotFound(name):
      return "no bookcase is named “\(name)”"
    case let .wordNotFound(id):
      return "no word has the id \(id)"
    case let .duplicateBookCaseName(name):
      return "a bookcase named “\(name)” already exists"
    case let .emptyField(field):
      return "the \(field.rawValue) must not be empty"
    case let .fieldTooLong(field, limit):
      return "the \(field.rawValue) is longer than \(limit) characters"
    case let .fieldTooLarge(field, byteLimit):
      return "the \(field.rawValue) is larger than \(byteLimit) bytes in UTF-8 "
        + "(a character built of many combining marks counts every byte)"
    case let .tooManyTags(limit):
      return "a word has at most \(limit) tags"
    case let .termAlreadyInBookCase(term, wordID):
      return "“\(term)” is already in the bookcase as word \(wordID), so nothing was added"
    case let .invalidCharacter(field, scalar):
      let rule =
        field == .guid
        ? "a guid is one word: no spaces, line breaks or control characters"
        : field == .tag
        ? "a tag is one word: no spaces, line breaks or control characters (write `jlpt::n3` for a hierarchy)"
        : field.isSingleLine
        ? "names and terms are one line: no line breaks, tabs or other control characters"
        : "descriptions, readings, meanings, examples and notes may contain line breaks and tabs but no other control characters"
      return "the \(field.rawValue) contains \(Self.codePoint(scalar)), which is not allowed; \(rule)"
    case let .invalidRating(rating):
      return "the rating \(rating) is not one of 1 (again), 2 (hard), 3 (good) or 4 (easy)"
    case let .reviewSettingOutOfRange(setting, range):
      return "the \(setting) must be from \(range)"
    case let .reviewValueOutOfRange(name, value, range):
      return "the \(name) is \(value); it must be \(range)"
    case let .noReviewToUndo(wordID):
      return "word \(wordID) has no review to undo"
    case let .database(failure):
      return failure.description
    }
  }

  /// A character as Unicode writes it, "U+0007": the character itself may be invisible or move the cursor.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
