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

extension ReviewLogEntry {
  /// A row of id, word_id, reviewed_at, rating, state_before, state_after, interval_before, interval_after, duration_ms.
  init(row: Statement) {
    self.init(
      id: row.int64(0), wordID: row.int64(1), reviewedAt: Date(unixMilliseconds: row.int64(2)), rating: row.int(3),
      stateBefore: StoredCard.State(rawValue: row.text(4)) ?? .new, stateAfter: StoredCard.State(rawValue: row.text(5)) ?? .new,
      intervalBefore: row.int(6), intervalAfter: row.int(7), durationMilliseconds: row.int64(8))
  }
}
