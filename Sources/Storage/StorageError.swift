/// Everything the storage client can refuse or fail with. Each case reads as a sentence a person can act on.
public enum StorageError: Error, Equatable, Sendable {
  /// The user-editable fields, named as a person would name them in an error.
  public enum Field: String, Equatable, Sendable, Codable {
    case name, description, term, meaning, example, note

    /// Names and terms are one line; the other fields may hold line breaks and tabs.
    public var isSingleLine: Bool { self == .name || self == .term }
  }

  case bookCaseNotFound(id: BookCase.ID)
  case bookCaseNamedNotFound(String)
  case wordNotFound(id: Word.ID)
  case duplicateBookCaseName(String)
  case emptyField(Field)
  case fieldTooLong(Field, limit: Int)
  /// Within its limit in characters, but larger in UTF-8 bytes than `StorageRules.maxBytes(of:)`.
  case fieldTooLarge(Field, byteLimit: Int)
  /// The field holds a character it may not: a control character, or a line break in a name or term.
  case invalidCharacter(Field, Unicode.Scalar)
  /// SQLite refused or failed: its extended result code, its message and the statement.
  case database(code: Int32, message: String, sql: String)
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
    case let .invalidCharacter(field, scalar):
      let rule =
        field.isSingleLine
        ? "names and terms are one line: no line breaks, tabs or other control characters"
        : "descriptions, meanings, examples and notes may contain line breaks and tabs but no other control characters"
      return "the \(field.rawValue) contains \(Self.codePoint(scalar)), which is not allowed; \(rule)"
    case let .database(code, message, sql):
      let statement = sql.isEmpty ? "" : ", while running: \(sql)"
      let detail = "SQLite error \(code): \(message)\(statement)"
      return "\(Self.advice(forSQLiteCode: code)) (\(detail))"
    }
  }

  /// A character as Unicode writes it, "U+0007": the character itself may be invisible or move the cursor.
  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// What a person can do about a SQLite failure, by its primary result code. SQLite's own message alone
  /// ("database is locked") says what happened, not what to do.
  private static func advice(forSQLiteCode code: Int32) -> String {
    switch code & 0xFF {
    case 5, 6:  // SQLITE_BUSY, SQLITE_LOCKED
      "the database is busy: another program kept it locked too long, and nothing was changed; try again"
    case 8:  // SQLITE_READONLY
      "the database is read-only, so nothing was changed; make the file and its directory writable"
    case 13:  // SQLITE_FULL
      "the disk is full, so nothing was changed; free some space and try again"
    case 11, 26:  // SQLITE_CORRUPT, SQLITE_NOTADB
      "the database file is damaged; restore it from a backup (vocab makes one beside the file before each migration)"
    case 10, 14:  // SQLITE_IOERR, SQLITE_CANTOPEN
      "the database file could not be read or written; check the disk and the file's permissions"
    default:
      "the database failed to carry out the request, and nothing was changed"
    }
  }
}
