import Foundation

/// A failure SQLite reported, named by what a person can do about it.
///
/// The kind is decided once, from SQLite's result code, where that code is read (`SQLiteError`); every layer
/// above matches on the kind. The code, SQLite's message and the statement are kept only as detail for a bug
/// report.
public struct DatabaseFailure: Error, Equatable, Sendable {
  public enum Kind: String, Equatable, Sendable, CaseIterable {
    /// Another connection held a lock longer than vocab waits (`busyTimeoutSeconds`).
    case busy
    /// The file, its directory or the mount may not be written.
    case readOnly
    /// The disk (or a quota) is full.
    case diskFull
    /// The file is not a usable SQLite database any more.
    case damaged
    /// The operating system failed to read or write the file.
    case io
    /// The file (or its `-wal`/`-shm` companions) could not be opened.
    case cannotOpen
    /// Anything else: a bug, a constraint vocab did not expect, a refused statement.
    case other
  }

  public var kind: Kind
  /// SQLite's extended result code, or 0 when the failure did not come from SQLite.
  public var code: Int32
  public var message: String
  /// The statement that failed, or "" when there was none.
  public var sql: String

  public init(kind: Kind, code: Int32 = 0, message: String, sql: String = "") {
    self.kind = kind
    self.code = code
    self.message = message
    self.sql = sql
  }

  /// A failure with the kind SQLite's result `code` (primary or extended) stands for, refined by the operating
  /// system's error behind it (`systemError`, an `errno`) when SQLite's code is only "I/O error" or "cannot open".
  public init(code: Int32, systemError: Int32 = 0, message: String, sql: String) {
    let kind = Self.kind(ofSQLiteCode: code, systemError: systemError)
    let refined = systemError != 0 && Self.kind(ofSQLiteCode: code) != kind
    let cause = refined ? " (\(String(cString: strerror(systemError))))" : ""
    self.init(kind: kind, code: code, message: message + cause, sql: sql)
  }

  /// The one place where SQLite's numbers become kinds. Primary result codes, from sqlite3.h.
  static func kind(ofSQLiteCode code: Int32, systemError: Int32 = 0) -> Kind {
    // SQLITE_IOERR, SQLITE_CANTOPEN, SQLITE_CORRUPT (a failed read can look like a damaged page): what did the
    // system say?
    if [10, 14, 11].contains(code & 0xFF) {
      switch systemError {
      case ENOSPC, EDQUOT: return .diskFull
      case EROFS: return .readOnly
      case EIO: return .io
      default: break
      }
    }
    return switch code & 0xFF {
    case 5, 6: .busy  // SQLITE_BUSY, SQLITE_LOCKED
    case 8: .readOnly  // SQLITE_READONLY
    case 13: .diskFull  // SQLITE_FULL
    case 11, 26: .damaged  // SQLITE_CORRUPT, SQLITE_NOTADB
    case 10: .io  // SQLITE_IOERR
    case 14, 3: .cannotOpen  // SQLITE_CANTOPEN, SQLITE_PERM
    default: .other
    }
  }

  /// How long a connection waits for another one's lock before giving up with `.busy`.
  public static let busyTimeoutSeconds = 5
}

extension DatabaseFailure: CustomStringConvertible {
  /// One line: what to do first, then SQLite's detail.
  public var description: String { "\(advice) (\(detail))" }

  /// What a person can do about it. SQLite's own message alone ("database is locked") says what happened, not
  /// what to do.
  public var advice: String {
    switch kind {
    case .busy:
      "the database is busy: another program kept it locked for more than the \(Self.busyTimeoutSeconds) seconds "
        + "vocab waited, and nothing was changed; try again"
    case .readOnly:
      "the database is read-only, so nothing was changed; make the file and its directory writable"
    case .diskFull:
      "the disk is full, so nothing was changed; free some space and try again"
    case .damaged:
      "the database file is damaged; restore it from a backup (vocab makes one beside the file before each migration)"
    case .io:
      "the database file could not be read or written (an input/output error), so nothing was changed; check the "
        + "disk and try again"
    case .cannotOpen:
      "the database file could not be opened; check that it and its directory exist and that you may read them"
    case .other:
      "the database failed to carry out the request, and nothing was changed"
    }
  }

  /// SQLite's code, message and statement, on one line.
  public var detail: String {
    let origin = code == 0 ? message : "SQLite error \(code): \(message)"
    return sql.isEmpty ? origin : "\(origin), while running: \(Self.oneLine(sql))"
  }

  /// A statement as an error quotes it: every run of white space (line breaks included) as one space.
  static func oneLine(_ sql: String) -> String {
    sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
