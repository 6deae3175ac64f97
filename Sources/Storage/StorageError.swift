/// Everything the storage client can refuse or fail with. Each case reads as a sentence a person can act on.
public enum StorageError: Error, Equatable, Sendable {
  /// The user-editable fields, named as a person would name them in an error.
  public enum Field: String, Equatable, Sendable, Codable {
    case name, description, term, meaning, example, note
  }

  case bookCaseNotFound(id: BookCase.ID)
  case bookCaseNamedNotFound(String)
  case wordNotFound(id: Word.ID)
  case duplicateBookCaseName(String)
  case emptyField(Field)
  case fieldTooLong(Field, limit: Int)
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
    case let .database(code, message, sql):
      return "database error \(code): \(message) (while running: \(sql))"
    }
  }
}
