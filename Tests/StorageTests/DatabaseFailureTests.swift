import CSQLite
import Testing

@testable import Storage

/// SQLite's result codes become named kinds in one place, and every failure reads as one line: what to do first,
/// then SQLite's code, message and statement.
@Suite struct DatabaseFailureTests {
  @Test(arguments: [
    (SQLITE_BUSY, DatabaseFailure.Kind.busy), (SQLITE_LOCKED, .busy), (SQLITE_BUSY | 2 << 8, .busy),
    (SQLITE_READONLY, .readOnly), (SQLITE_READONLY | 6 << 8, .readOnly),  // SQLITE_READONLY_DIRECTORY
    (SQLITE_FULL, .diskFull), (SQLITE_CORRUPT, .damaged), (SQLITE_NOTADB, .damaged),
    (SQLITE_IOERR, .io), (SQLITE_IOERR | 4 << 8, .io),  // SQLITE_IOERR_SHORT_READ: not "damaged"
    (SQLITE_CANTOPEN, .cannotOpen), (SQLITE_PERM, .cannotOpen),
    (SQLITE_ERROR, .other), (SQLITE_CONSTRAINT, .other),
  ])
  func theKindIsDecidedFromThePrimaryCode(code: Int32, kind: DatabaseFailure.Kind) {
    #expect(DatabaseFailure(code: code, message: "m", sql: "").kind == kind)
    #expect(SQLiteError(code: code, message: "m", sql: "").kind == kind)
  }

  @Test func aFailureLeadsWithWhatToDoAndKeepsSQLitesDetail() {
    let busy = StorageError.database(DatabaseFailure(code: SQLITE_BUSY, message: "database is locked", sql: "BEGIN IMMEDIATE"))
    #expect(busy.description
      == "the database is busy: another program kept it locked for more than the 5 seconds vocab waited, and nothing "
      + "was changed; try again (SQLite error 5: database is locked, while running: BEGIN IMMEDIATE)")
    #expect(DatabaseFailure(code: SQLITE_FULL, message: "m", sql: "").description.hasPrefix("the disk is full"))
    #expect(DatabaseFailure(code: SQLITE_IOERR | 10 << 8, message: "disk I/O error", sql: "").description
      == "the database file could not be read or written (an input/output error), so nothing was changed; check the "
      + "disk and try again (SQLite error 2570: disk I/O error)")
    // A failure that did not come from SQLite has no code to show.
    #expect(DatabaseFailure(kind: .readOnly, message: "you may not write /x").description
      == "the database is read-only, so nothing was changed; make the file and its directory writable (you may not write /x)")
  }

  @Test func theStatementIsQuotedOnOneLine() {
    let failure = DatabaseFailure(
      code: SQLITE_READONLY, message: "attempt to write a readonly database",
      sql: "INSERT INTO words (bookcase_id, term)\n  VALUES (?, ?)\r\n\t")
    #expect(failure.detail
      == "SQLite error 8: attempt to write a readonly database, while running: INSERT INTO words (bookcase_id, term) VALUES (?, ?)")
    #expect(!failure.description.contains("\n"))
    let migration = MigrationError.migrationFailed(version: 2, name: "x", message: "m", sql: "CREATE TABLE t (\n  a\n);")
    #expect(migration.description.hasSuffix("(while running: CREATE TABLE t ( a );)"))
  }

  @Test func openingErrorsNameThePathAndReadLikeWritingErrors() {
    let failure = DatabaseFailure(code: SQLITE_FULL, message: "database or disk is full", sql: "PRAGMA journal_mode = WAL")
    #expect(MigrationError.database(path: "/d/v.sqlite3", failure: failure).description
      == "/d/v.sqlite3: \(StorageError.database(failure))")
  }
}
