import Dependencies
import Foundation

extension StorageClient {
  /// The SQLite client's import: one immediate transaction, committed when every word went in, rolled back on
  /// the first error and for a dry run.
  static func importWords(_ request: WordImport, into database: SQLiteDatabase) async throws -> ImportReport {
    @Dependency(\.date.now) var now
    @Dependency(\.uuid) var uuid
    let newGuid = { @Sendable in uuid().guidString }
    let passed = PassedThrough<ImportReport>()
    do {
      return try await database.write { db in
        try passed.run {
          var run = ImportRun(target: SQLiteImportTarget(db: db), request: request, now: now, newGuid: newGuid)
          let report = try db.withSearchKeysStaged { try run.run() }
          if request.isStopped() { throw CancellationError() }
          // A dry run leaves by throwing, so the transaction rolls back; its report is handed out beside.
          if request.dryRun { throw PassedThrough<ImportReport>.Finished(report) }
          return report
        }
      }
    } catch {
      return try passed.result(for: error)
    }
  }

  /// The SQLite client's export: one read transaction, one row at a time (and, with `reviews`, each word's card
  /// joined to it and its log read beside it).
  static func exportWords(
    _ bookCaseIDs: [BookCase.ID], reviews: Bool, from database: SQLiteDatabase,
    to visit: @escaping @Sendable (ExportItem) throws -> Void
  ) async throws {
    let passed = PassedThrough<Void>()
    do {
      try await database.read { db in
        try passed.run {
          let bookCases =
            bookCaseIDs.isEmpty
            ? try db.rows(
              "SELECT \(bookCaseColumns) FROM bookcases ORDER BY sort_key, name, id", [], BookCase.init(row:))
            : try bookCaseIDs.map { try db.bookCase(id: $0) }
          for bookCase in bookCases {
            try visit(.bookCase(bookCase))
            // The tags are sorted only for a word that has any: the sort costs a word without tags more than the
            // rest of its row, and most words have none.
            try db.forEachRow(
              """
              SELECT \(Connection.wordColumns),
                CASE WHEN EXISTS (SELECT 1 FROM word_tags WHERE word_id = words.id) THEN
                (SELECT group_concat(name, char(31)) FROM (SELECT t.name FROM word_tags wt JOIN tags t ON t.id = wt.tag_id
                 WHERE wt.word_id = words.id ORDER BY t.key)) END\(reviews ? ", \(Connection.cardColumns)" : "")
              FROM words\(reviews ? " JOIN cards c ON c.word_id = words.id" : "") WHERE bookcase_id = ? ORDER BY id
              """, [.integer(bookCase.id)]
            ) { row in
              var word = Word(row: row)
              if !row.isNull(10) { word.tags = row.text(10).split(separator: "\u{1F}").map(String.init) }
              let history =
                reviews ? ReviewHistory(card: StoredCard(row: row, offset: 11), log: try db.reviewLog(wordID: word.id)) : nil
              try visit(.word(word, reviews: history))
            }
          }
        }
      }
    } catch {
      try passed.result(for: error)
    }
  }
}

/// Carries errors that are not SQLite's (a file's, a cancellation, a broken rule) out of the database queue,
/// which reports only storage errors, so the caller sees them as they were thrown.
private final class PassedThrough<Value: Sendable>: @unchecked Sendable {
  /// How a body ends early with a value (a dry run's report) after its transaction rolled back.
  struct Finished: Error {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private let outcome = Locked<Result<Value, any Error>?>(nil)

  func run<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw error
    } catch let finished as Finished {
      outcome.withLock { $0 = .success(finished.value) }
      throw finished
    } catch {
      outcome.withLock { $0 = .failure(error) }
      throw error
    }
  }

  /// What the caller gets when the database call threw `error`.
  func result(for error: any Error) throws -> Value {
    guard let stashed = outcome.withLock({ $0 }) else { throw error }
    return try stashed.get()
  }
}

/// The import's lookups and writes over a connection, inside its transaction.
private struct SQLiteImportTarget: ImportTarget {
  let db: Connection

  func bookCase(nameKey: String) throws -> (id: BookCase.ID, name: String)? {
    try db.row("SELECT id, name FROM bookcases WHERE name_key = ?", [.text(nameKey)]) { ($0.int64(0), $0.text(1)) }
  }

  func createBookCase(_ draft: BookCaseDraft, nameKey: String, createdAt: Date, updatedAt: Date) throws -> BookCase.ID {
    try db.insertBookCase(
      draft, nameKey: nameKey, createdAt: createdAt.unixMilliseconds, updatedAt: updatedAt.unixMilliseconds)
  }

  func word(guid: String) throws -> Word? {
    try db.row("SELECT id FROM words WHERE guid = ?", [.text(guid)]) { $0.int64(0) }.map(db.word(id:))
  }

  func word(in bookCaseID: BookCase.ID, termKey: String, readingKey: String) throws -> Word? {
    // The index narrows to the term; readings are few and compared here, by the same folding as `findWords`.
    let candidates = try db.rows(
      "SELECT id, reading FROM words WHERE bookcase_id = ? AND term_key = ? ORDER BY id",
      [.integer(bookCaseID), .text(termKey)]
    ) { ($0.int64(0), $0.text(1)) }
    return try candidates.first { StorageRules.termKey($0.1) == readingKey }.map { try db.word(id: $0.0) }
  }

  func insertWord(_ draft: WordDraft, into bookCaseID: BookCase.ID, guid: String, createdAt: Date, updatedAt: Date) throws
    -> Word.ID
  {
    try db.insertWord(
      draft, into: bookCaseID, guid: guid, createdAt: createdAt.unixMilliseconds, updatedAt: updatedAt.unixMilliseconds)
  }

  func updateWord(_ id: Word.ID, _ draft: WordDraft, updatedAt: Date) throws {
    try db.updateWordFields(id, draft, updatedAt: updatedAt.unixMilliseconds)
  }

  func reviews(of wordID: Word.ID) throws -> ReviewHistory {
    ReviewHistory(card: try db.card(wordID: wordID), log: try db.reviewLog(wordID: wordID))
  }

  func replaceReviews(of wordID: Word.ID, with history: ReviewHistory) throws {
    try db.replaceReviews(of: wordID, with: history)
  }
}
