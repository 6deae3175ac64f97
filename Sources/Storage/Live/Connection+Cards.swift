import Foundation

/// The cards and review_log tables as the live client reads and writes them. Every function runs inside the
/// caller's transaction.
extension Connection {
  static let cardColumns = "c.word_id, c.state, c.step, c.stability, c.difficulty, c.due, c.last_review, c.reps, c.lapses"

  func card(wordID: Word.ID) throws -> StoredCard {
    guard
      let found = try row("SELECT \(Self.cardColumns) FROM cards c WHERE c.word_id = ?", [.integer(wordID)], StoredCard.init(row:))
    else { throw StorageError.wordNotFound(id: wordID) }
    return found
  }

  /// `condition` over `cards c` joined with `words w`: all cards, or (`bookCaseID`) one bookcase's.
  static func cardScope(_ bookCaseID: BookCase.ID?) -> (sql: String, values: [SQLiteValue]) {
    guard let bookCaseID else { return ("1", []) }
    return ("c.word_id IN (SELECT id FROM words WHERE bookcase_id = ?)", [.integer(bookCaseID)])
  }

  func writeCard(_ card: StoredCard) throws {
    try run(
      """
      UPDATE cards SET state = ?, step = ?, stability = ?, difficulty = ?, due = ?, last_review = ?, reps = ?, lapses = ?
      WHERE word_id = ?
      """,
      [.text(card.state.rawValue), .integer(Int64(card.step)), card.stability.map(SQLiteValue.real) ?? .null,
       card.difficulty.map(SQLiteValue.real) ?? .null, .integer(card.due.unixMilliseconds),
       card.lastReview.map { .integer($0.unixMilliseconds) } ?? .null, .integer(Int64(card.reps)),
       .integer(Int64(card.lapses)), .integer(card.wordID)])
  }
}

/// The review log's every column, as an export reads it and an import writes it back.
extension Connection {
  static let loggedReviewColumns = """
    id, word_id, reviewed_at, rating, state_before, step_before, stability_before, difficulty_before, due_before,
    last_review_before, reps_before, lapses_before, state_after, step_after, stability_after, difficulty_after,
    due_after, interval_before, interval_after, duration_ms
    """

  /// The word's reviews, oldest first.
  func reviewLog(wordID: Word.ID) throws -> [LoggedReview] {
    try rows(
      "SELECT \(Self.loggedReviewColumns) FROM review_log WHERE word_id = ? ORDER BY id", [.integer(wordID)],
      LoggedReview.init(row:))
  }

  /// Gives the word this card and log (validated) in place of its own; the rows get new ids, in the log's order.
  func replaceReviews(of wordID: Word.ID, with history: ReviewHistory) throws {
    let history = history.stored(for: wordID)
    try writeCard(history.card)
    try run("DELETE FROM review_log WHERE word_id = ?", [.integer(wordID)])
    for review in history.log {
      let before = review.before
      try run(
        """
        INSERT INTO review_log (\(Self.loggedReviewColumns))
        VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [.integer(wordID), .integer(review.reviewedAt.unixMilliseconds), .integer(Int64(review.rating)),
         .text(before.state.rawValue), .integer(Int64(before.step)), before.stability.map(SQLiteValue.real) ?? .null,
         before.difficulty.map(SQLiteValue.real) ?? .null, .integer(before.due.unixMilliseconds),
         before.lastReview.map { .integer($0.unixMilliseconds) } ?? .null, .integer(Int64(before.reps)),
         .integer(Int64(before.lapses)), .text(review.stateAfter.rawValue), .integer(Int64(review.stepAfter)),
         review.stabilityAfter.map(SQLiteValue.real) ?? .null, review.difficultyAfter.map(SQLiteValue.real) ?? .null,
         .integer(review.dueAfter.unixMilliseconds), .integer(Int64(review.intervalBefore)),
         .integer(Int64(review.intervalAfter)), .integer(review.durationMilliseconds)])
    }
  }
}

extension StoredCard {
  /// A row of `Connection.cardColumns`, starting at `offset`.
  init(row: Statement, offset: Int) {
    self.init(
      wordID: row.int64(offset), state: State(rawValue: row.text(offset + 1)) ?? .new, step: row.int(offset + 2),
      stability: row.isNull(offset + 3) ? nil : row.double(offset + 3),
      difficulty: row.isNull(offset + 4) ? nil : row.double(offset + 4),
      due: Date(unixMilliseconds: row.int64(offset + 5)),
      lastReview: row.isNull(offset + 6) ? nil : Date(unixMilliseconds: row.int64(offset + 6)),
      reps: row.int(offset + 7), lapses: row.int(offset + 8))
  }

  init(row: Statement) { self.init(row: row, offset: 0) }
}

extension LoggedReview {
  /// A row of `Connection.loggedReviewColumns`.
  init(row: Statement) {
    self.init(
      id: row.int64(0), wordID: row.int64(1), reviewedAt: Date(unixMilliseconds: row.int64(2)), rating: row.int(3),
      before: StoredCard(
        wordID: row.int64(1), state: StoredCard.State(rawValue: row.text(4)) ?? .new, step: row.int(5),
        stability: row.isNull(6) ? nil : row.double(6), difficulty: row.isNull(7) ? nil : row.double(7),
        due: Date(unixMilliseconds: row.int64(8)),
        lastReview: row.isNull(9) ? nil : Date(unixMilliseconds: row.int64(9)), reps: row.int(10), lapses: row.int(11)),
      stateAfter: StoredCard.State(rawValue: row.text(12)) ?? .new, stepAfter: row.int(13),
      stabilityAfter: row.isNull(14) ? nil : row.double(14), difficultyAfter: row.isNull(15) ? nil : row.double(15),
      dueAfter: Date(unixMilliseconds: row.int64(16)), intervalBefore: row.int(17), intervalAfter: row.int(18),
      durationMilliseconds: row.int64(19))
  }
}

extension ReviewLogEntry {
  /// A row of id, word_id, reviewed_at, rating, state_before, state_after, interval_before, interval_after, duration_ms.
  init(row: Statement) {
    self.init(
      id: row.int64(0), wordID: row.int64(1), reviewedAt: Date(unixMilliseconds: row.int64(2)), rating: row.int(3),
      stateBefore: StoredCard.State(rawValue: row.text(4)) ?? .new, stateAfter: StoredCard.State(rawValue: row.text(5)) ?? .new,
      intervalBefore: row.int(6), intervalAfter: row.int(7), durationMilliseconds: row.int64(8))
  }
}
