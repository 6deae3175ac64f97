import Dependencies
import Foundation
import IssueReporting

extension StorageClient {
  /// Opens (or creates) the database at `path`, migrates it to the latest schema and returns a client over
  /// it, with what migrating did: show `migration.summary` when `migration.didMigrate`.
  ///
  /// Throws `MigrationError` when the file cannot be opened or is refused (not a database, another
  /// application's, made by a newer vocab, a changed migration); a refused file is left unchanged.
  /// `.readOnly` (or a file the process may not write, or one in a directory it may not write) gives a client
  /// that reads, and whose writes fail with `StorageError.database` of kind `.readOnly`.
  public static func live(path: String, mode: OpenMode = .create) throws(MigrationError)
    -> (client: StorageClient, migration: MigrationReport)
  {
    @Dependency(\.date.now) var now
    let connection = try Connection.opened(path: path, mode: mode)
    let report = try Migrator(migrations: Migration.embedded()).migrate(connection, now: now)
    do {
      return (.sqlite(try SQLiteDatabase(connection)), report)
    } catch {
      throw .database(path: path, failure: error.failure)
    }
  }

  /// A migrated SQLite database in memory, gone when the client is.
  public static func liveInMemory() throws(MigrationError) -> StorageClient {
    @Dependency(\.date.now) var now
    let connection: Connection
    do {
      connection = try Connection(inMemory: ())
    } catch {
      throw .database(path: ":memory:", failure: error.failure)
    }
    _ = try Migrator(migrations: Migration.embedded()).migrate(connection, now: now)
    do {
      return .sqlite(try SQLiteDatabase(connection))
    } catch {
      throw .database(path: ":memory:", failure: error.failure)
    }
  }

  static func sqlite(_ database: SQLiteDatabase) -> StorageClient {
    StorageClient(
      fetchBookCases: {
        try await database.read { db in
          try db.rows(
            "SELECT \(bookCaseColumns) FROM bookcases ORDER BY sort_key, name, id", [], BookCase.init(row:))
        }
      },
      fetchBookCase: { id in
        try await database.read { db in try db.bookCase(id: id) }
      },
      findBookCase: { name in
        try await database.read { db in
          // A name typed exactly as stored, the usual case, is found without folding it: for a name outside
          // ASCII that keeps Foundation's ICU-backed calls, slow at their first use, off this read path.
          if let found = try db.row(
            "SELECT \(bookCaseColumns) FROM bookcases WHERE name = ?", [.text(StorageRules.trimmed(name))],
            BookCase.init(row:))
          {
            return found
          }
          let key = try StorageRules.lookupKey(name)
          guard
            let found = try db.row(
              "SELECT \(bookCaseColumns) FROM bookcases WHERE name_key = ?", [.text(key)], BookCase.init(row:))
          else { throw StorageError.bookCaseNamedNotFound(StorageRules.normalizedLine(name)) }
          return found
        }
      },
      createBookCase: { draft in
        let draft = try StorageRules.validated(draft)
        let key = StorageRules.nameKey(draft.name)
        @Dependency(\.date) var date
        let now = date.now.unixMilliseconds
        return try await database.write { db in
          try db.refuseDuplicate(key: key, except: nil)
          return try db.bookCase(id: db.insertBookCase(draft, nameKey: key, createdAt: now, updatedAt: now))
        }
      },
      updateBookCase: { id, draft in
        let draft = try StorageRules.validated(draft)
        let key = StorageRules.nameKey(draft.name)
        @Dependency(\.date) var date
        let now = date.now.unixMilliseconds
        return try await database.write { db in
          _ = try db.bookCase(id: id)
          try db.refuseDuplicate(key: key, except: id)
          // An edit that changes nothing keeps `updated_at` (SET expressions read the row as it was).
          try db.run(
            """
            UPDATE bookcases SET updated_at = CASE WHEN name IS ?1 AND description IS ?4 THEN updated_at ELSE ?5 END,
              name = ?1, name_key = ?2, sort_key = ?3, description = ?4 WHERE id = ?6
            """,
            [.text(draft.name), .text(key), .text(StorageRules.sortKey(nameKey: key)), .text(draft.description),
             .integer(now), .integer(id)])
          return try db.bookCase(id: id)
        }
      },
      updateBookCaseDescription: { id, description in
        let description = try StorageRules.validatedDescription(description)
        @Dependency(\.date) var date
        let now = date.now.unixMilliseconds
        return try await database.write { db in
          let bookCase = try db.bookCase(id: id)
          guard bookCase.description != description else { return bookCase }
          try db.run(
            "UPDATE bookcases SET description = ?, updated_at = ? WHERE id = ?",
            [.text(description), .integer(now), .integer(id)])
          return try db.bookCase(id: id)
        }
      },
      deleteBookCase: { id in
        try await database.write { db in
          try db.run("DELETE FROM bookcases WHERE id = ?", [.integer(id)])
          guard db.changes > 0 else { throw StorageError.bookCaseNotFound(id: id) }
        }
      },
      fetchWords: { bookCaseID, listing in
        let tagKey = try listing.tag.map(StorageRules.validatedTag).map(StorageRules.tagKey)
        return try await database.read { db in
          try db.requireBookCase(bookCaseID)
          guard let tagKey else {
            return try db.words(where: "bookcase_id = ?", [.integer(bookCaseID)], order: listing.order)
          }
          return try db.words(
            where: "bookcase_id = ? AND id IN (SELECT wt.word_id FROM word_tags wt JOIN tags t ON t.id = wt.tag_id WHERE t.key = ?)",
            [.integer(bookCaseID), .text(tagKey)], order: listing.order)
        }
      },
      fetchWord: { id in
        try await database.read { db in try db.word(id: id) }
      },
      findWords: { bookCaseID, term, reading in
        let termKey = StorageRules.termKey(StorageRules.normalizedLine(term))
        let readingKey = StorageRules.termKey(StorageRules.normalizedText(reading))
        return try await database.read { db in
          try db.requireBookCase(bookCaseID)
          // The index narrows to the term; readings are few and compared here, by the same folding.
          return try db.words(
            where: "bookcase_id = ? AND term_key = ?", [.integer(bookCaseID), .text(termKey)], order: .added
          ).filter { StorageRules.termKey($0.reading) == readingKey }
        }
      },
      addWord: { bookCaseID, draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date) var date
        @Dependency(\.uuid) var uuid
        let now = date.now.unixMilliseconds
        let guid = uuid().guidString
        return try await database.write { db in
          try db.requireBookCase(bookCaseID)
          let id = try db.insertWord(draft, into: bookCaseID, guid: guid, createdAt: now, updatedAt: now)
          return try db.word(id: id)
        }
      },
      updateWord: { id, draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date) var date
        let now = date.now.unixMilliseconds
        return try await database.write { db in
          let word = try db.word(id: id)
          guard !word.matches(draft) else { return word }
          try db.updateWordFields(id, draft, updatedAt: now)
          return try db.word(id: id)
        }
      },
      moveWord: { id, bookCaseID in
        @Dependency(\.date) var date
        let now = date.now.unixMilliseconds
        return try await database.write { db in
          let word = try db.word(id: id)
          try db.requireBookCase(bookCaseID)
          guard word.bookCaseID != bookCaseID else { return word }
          try db.run(
            "UPDATE words SET bookcase_id = ?, updated_at = ? WHERE id = ?",
            [.integer(bookCaseID), .integer(now), .integer(id)])
          return try db.word(id: id)
        }
      },
      deleteWord: { id in
        try await database.write { db in
          try db.run("DELETE FROM words WHERE id = ?", [.integer(id)])
          guard db.changes > 0 else { throw StorageError.wordNotFound(id: id) }
        }
      },
      searchWords: { search in
        let tagKey = try search.tag.map(StorageRules.validatedTag).map(StorageRules.tagKey)
        let plan = SearchPlan(search)
        return try await database.read { db in
          if let bookCaseID = search.bookCaseID { try db.requireBookCase(bookCaseID) }
          guard !plan.findsNothing else { return [] }
          let ids = try db.searchWordIDs(search, plan: plan, tagKey: tagKey)
          guard !ids.isEmpty else { return [] }
          let words = try db.words(
            where: "id IN (SELECT value FROM json_each(?))", [.text("[\(ids.map(String.init).joined(separator: ","))]")],
            order: .added)
          let position = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
          return words.sorted { position[$0.id]! < position[$1.id]! }
        }
      },
      fetchTags: {
        try await database.read { db in
          try db.rows("SELECT name, word_count FROM tags ORDER BY key", []) { TagCount(name: $0.text(0), wordCount: $0.int(1)) }
        }
      },
      fetchCard: { wordID in
        try await database.read { db in try db.card(wordID: wordID) }
      },
      fetchDueCards: { bookCaseID, dueBy, limit in
        try await database.read { db in
          if let bookCaseID { try db.requireBookCase(bookCaseID) }
          let scope = Connection.cardScope(bookCaseID)
          return try db.rows(
            "SELECT \(Connection.cardColumns) FROM cards c WHERE c.due <= ? AND \(scope.sql) ORDER BY c.due, c.word_id LIMIT ?",
            [.integer(dueBy.unixMilliseconds)] + scope.values + [.integer(Int64(max(0, limit)))], StoredCard.init(row:))
        }
      },
      fetchCardsInStates: { bookCaseID, states, dueBy, limit in
        try await database.read { db in
          if let bookCaseID { try db.requireBookCase(bookCaseID) }
          let scope = Connection.cardScope(bookCaseID)
          let states = StoredCard.State.allCases.filter(states.contains)
          guard !states.isEmpty else { return [] }
          let placeholders = states.map { _ in "?" }.joined(separator: ", ")
          return try db.rows(
            """
            SELECT \(Connection.cardColumns) FROM cards c
            WHERE c.state IN (\(placeholders)) AND c.due <= ? AND \(scope.sql) ORDER BY c.due, c.word_id LIMIT ?
            """,
            states.map { .text($0.rawValue) } + [.integer(dueBy?.unixMilliseconds ?? .max)] + scope.values
              + [.integer(Int64(max(0, limit)))], StoredCard.init(row:))
        }
      },
      fetchCardCounts: { bookCaseID in
        try await database.read { db in
          if let bookCaseID { try db.requireBookCase(bookCaseID) }
          let scope = Connection.cardScope(bookCaseID)
          var counts = CardCounts()
          _ = try db.rows("SELECT c.state, count(*) FROM cards c WHERE \(scope.sql) GROUP BY c.state", scope.values) { row in
            switch StoredCard.State(rawValue: row.text(0)) {
            case .new: counts.new = row.int(1)
            case .learning: counts.learning = row.int(1)
            case .review: counts.review = row.int(1)
            case .relearning: counts.relearning = row.int(1)
            case nil: break
            }
          }
          counts.nextDue = try db.row("SELECT min(c.due) FROM cards c WHERE \(scope.sql)", scope.values) { row -> Date? in
            row.isNull(0) ? nil : Date(unixMilliseconds: row.int64(0))
          } ?? nil
          return counts
        }
      },
      recordReview: { draft in
        guard (1...4).contains(draft.rating) else { throw StorageError.invalidRating(draft.rating) }
        return try await database.write { db in
          let before = try db.card(wordID: draft.after.wordID)
          try db.writeCard(draft.after)
          try db.run(
            """
            INSERT INTO review_log (word_id, reviewed_at, rating, state_before, step_before, stability_before,
              difficulty_before, due_before, last_review_before, reps_before, lapses_before, state_after, step_after,
              stability_after, difficulty_after, due_after, interval_before, interval_after, duration_ms)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, state, step, stability, difficulty, due, ?, ?, ? FROM cards WHERE word_id = ?
            """,
            [.integer(before.wordID), .integer(draft.reviewedAt.unixMilliseconds), .integer(Int64(draft.rating)),
             .text(before.state.rawValue), .integer(Int64(before.step)), before.stability.map(SQLiteValue.real) ?? .null,
             before.difficulty.map(SQLiteValue.real) ?? .null, .integer(before.due.unixMilliseconds),
             before.lastReview.map { .integer($0.unixMilliseconds) } ?? .null, .integer(Int64(before.reps)),
             .integer(Int64(before.lapses)), .integer(Int64(draft.intervalBefore)), .integer(Int64(draft.intervalAfter)),
             .integer(draft.durationMilliseconds), .integer(before.wordID)])
          return StoredReview(
            id: db.lastInsertRowID, wordID: before.wordID, reviewedAt: draft.reviewedAt.storedPrecision,
            rating: draft.rating, before: before, after: try db.card(wordID: before.wordID),
            intervalBefore: draft.intervalBefore, intervalAfter: draft.intervalAfter,
            durationMilliseconds: draft.durationMilliseconds)
        }
      },
      undoLastReview: { wordID in
        try await database.write { db in
          _ = try db.card(wordID: wordID)
          guard
            let last = try db.row(
              """
              SELECT id, word_id, state_before, step_before, stability_before, difficulty_before, due_before,
                last_review_before, reps_before, lapses_before
              FROM review_log WHERE word_id = ? ORDER BY id DESC LIMIT 1
              """, [.integer(wordID)], { (id: $0.int64(0), before: StoredCard(row: $0, offset: 1)) })
          else { throw StorageError.noReviewToUndo(wordID: wordID) }
          try db.writeCard(last.before)
          try db.run("DELETE FROM review_log WHERE id = ?", [.integer(last.id)])
          return try db.card(wordID: wordID)
        }
      },
      fetchReviewSettings: { bookCaseID in
        try await database.read { db in
          guard
            let settings = try db.row(
              "SELECT desired_retention, new_cards_per_day, max_reviews_per_day, fuzz FROM bookcases WHERE id = ?",
              [.integer(bookCaseID)], ReviewSettings.init(row:))
          else { throw StorageError.bookCaseNotFound(id: bookCaseID) }
          return settings
        }
      },
      updateReviewSettings: { bookCaseID, settings in
        let settings = try StorageRules.validated(settings)
        return try await database.write { db in
          try db.requireBookCase(bookCaseID)
          try db.run(
            "UPDATE bookcases SET desired_retention = ?, new_cards_per_day = ?, max_reviews_per_day = ?, fuzz = ? WHERE id = ?",
            [.real(settings.desiredRetention), .integer(Int64(settings.newCardsPerDay)),
             .integer(Int64(settings.maxReviewsPerDay)), .integer(settings.fuzz ? 1 : 0), .integer(bookCaseID)])
          return settings
        }
      },
      fetchReviewTally: { bookCaseID, since in
        try await database.read { db in
          if let bookCaseID { try db.requireBookCase(bookCaseID) }
          let scope = bookCaseID == nil ? "1" : "word_id IN (SELECT id FROM words WHERE bookcase_id = ?)"
          let values: [SQLiteValue] = [.integer(since.unixMilliseconds)] + (bookCaseID.map { [.integer($0)] } ?? [])
          return try db.row(
            """
            SELECT count(*) FILTER (WHERE state_before = 'new'), count(*) FILTER (WHERE state_before = 'review')
            FROM review_log WHERE reviewed_at >= ? AND \(scope)
            """, values) { ReviewTally(newCards: $0.int(0), reviews: $0.int(1)) } ?? ReviewTally()
        }
      },
      countDueCards: { bookCaseID, at, dayStart in
        try await database.read { db in try db.dueCounts(bookCaseID, at: at, dayStart: dayStart) }
      },
      fetchReviewLog: { bookCaseID, since in
        try await database.read { db in
          if let bookCaseID { try db.requireBookCase(bookCaseID) }
          let scope = Connection.cardScope(bookCaseID)
          return try db.rows(
            """
            SELECT id, word_id, reviewed_at, rating, state_before, state_after, interval_before, interval_after, duration_ms
            FROM review_log c WHERE reviewed_at >= ? AND \(scope.sql) ORDER BY id  -- c: the alias cardScope names
            """, [.integer(since.unixMilliseconds)] + scope.values, ReviewLogEntry.init(row:))
        }
      },
      importWords: { request in try await importWords(request, into: database) },
      exportWords: { bookCaseIDs, reviews, visit in
        try await exportWords(bookCaseIDs, reviews: reviews, from: database, to: visit)
      },
      observeChanges: { database.changes.stream() }
    )
  }
}

extension StorageClient: DependencyKey {
  /// A private in-memory SQLite database. The command line always injects `.live(path:)`; this default
  /// keeps a program that forgot to from touching any file.
  public static let liveValue: StorageClient = {
    do {
      return try .liveInMemory()
    } catch {
      reportIssue("could not open an in-memory database: \(error)")
      return StorageClient()
    }
  }()
}

let bookCaseColumns = "id, name, description, word_count, created_at, updated_at"

extension BookCase {
  init(row: Statement) {
    self.init(
      id: row.int64(0), name: row.text(1), description: row.text(2), wordCount: row.int(3),
      createdAt: Date(unixMilliseconds: row.int64(4)), updatedAt: Date(unixMilliseconds: row.int64(5)))
  }
}

extension Connection {
  /// Writes a new bookcase (validated, its key not taken) and returns its id.
  func insertBookCase(_ draft: BookCaseDraft, nameKey key: String, createdAt: Int64, updatedAt: Int64) throws
    -> BookCase.ID
  {
    try run(
      """
      INSERT INTO bookcases (name, name_key, sort_key, description, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?)
      """,
      [.text(draft.name), .text(key), .text(StorageRules.sortKey(nameKey: key)), .text(draft.description),
       .integer(createdAt), .integer(updatedAt)])
    return lastInsertRowID
  }

  func bookCase(id: BookCase.ID) throws -> BookCase {
    guard let found = try row("SELECT \(bookCaseColumns) FROM bookcases WHERE id = ?", [.integer(id)], BookCase.init(row:))
    else { throw StorageError.bookCaseNotFound(id: id) }
    return found
  }

  func requireBookCase(_ id: BookCase.ID) throws {
    guard try integer("SELECT count(*) FROM bookcases WHERE id = ?", [.integer(id)]) > 0 else {
      throw StorageError.bookCaseNotFound(id: id)
    }
  }

  /// Throws `duplicateBookCaseName` with the existing bookcase's name when another one has this key.
  fileprivate func refuseDuplicate(key: String, except id: BookCase.ID?) throws {
    if let existing = try row(
      "SELECT name FROM bookcases WHERE name_key = ? AND id IS NOT ?", [.text(key), id.map { .integer($0) } ?? .null],
      { $0.text(0) })
    {
      throw StorageError.duplicateBookCaseName(existing)
    }
  }
}

extension ReviewSettings {
  /// A row of desired_retention, new_cards_per_day, max_reviews_per_day, fuzz.
  init(row: Statement) {
    self.init(
      desiredRetention: row.double(0), newCardsPerDay: row.int(1), maxReviewsPerDay: row.int(2), fuzz: row.int(3) != 0)
  }
}
