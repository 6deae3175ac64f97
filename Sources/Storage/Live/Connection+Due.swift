import Foundation

/// `countDueCards` as the live client runs it, in the caller's read transaction. Each part is a range of an
/// index, so the cost follows the cards due, not the cards kept: learning, review and relearning cards through
/// `cards_by_state_and_due`, new cards a bookcase at a time and only up to its day's limit, the next due time
/// through `cards_by_due` (or, for one bookcase, its words).
extension Connection {
  func dueCounts(_ bookCaseID: BookCase.ID?, at: Date, dayStart: Date) throws -> DueCounts {
    let (now, since) = (SQLiteValue.integer(at.unixMilliseconds), SQLiteValue.integer(dayStart.unixMilliseconds))
    let only = bookCaseID.map { [SQLiteValue.integer($0)] } ?? []
    let inScope = bookCaseID == nil ? "" : " AND w.bookcase_id = ?"
    let limits = try rows(
      "SELECT id, new_cards_per_day, max_reviews_per_day FROM bookcases\(bookCaseID == nil ? "" : " WHERE id = ?")",
      only
    ) { (id: $0.int64(0), newCards: $0.int(1), reviews: $0.int(2)) }
    if let bookCaseID, limits.isEmpty { throw StorageError.bookCaseNotFound(id: bookCaseID) }

    var studied: [BookCase.ID: ReviewTally] = [:]
    _ = try rows(
      """
      SELECT w.bookcase_id, count(*) FILTER (WHERE r.state_before = 'new'), count(*) FILTER (WHERE r.state_before = 'review')
      FROM review_log r JOIN words w ON w.id = r.word_id WHERE r.reviewed_at >= ?\(inScope) GROUP BY w.bookcase_id
      """, [since] + only
    ) { studied[$0.int64(0)] = ReviewTally(newCards: $0.int(1), reviews: $0.int(2)) }

    var due: [BookCase.ID: CardCounts] = [:]
    _ = try rows(
      """
      SELECT w.bookcase_id, c.state, count(*) FROM cards c INDEXED BY cards_by_state_and_due JOIN words w ON w.id = c.word_id
      WHERE c.state IN ('learning', 'review', 'relearning') AND c.due <= ?\(inScope) GROUP BY w.bookcase_id, c.state
      """, [now] + only
    ) { row in
      let count = row.int(2)
      switch StoredCard.State(rawValue: row.text(1)) {
      case .learning: due[row.int64(0), default: CardCounts()].learning = count
      case .review: due[row.int64(0), default: CardCounts()].review = count
      case .relearning: due[row.int64(0), default: CardCounts()].relearning = count
      case .new, nil: break
      }
    }

    var counts = DueCounts()
    for limit in limits {
      var bookCase = due[limit.id] ?? CardCounts()
      let tally = studied[limit.id] ?? ReviewTally()
      bookCase.review = min(bookCase.review, max(0, limit.reviews - tally.reviews))
      let newLeft = max(0, limit.newCards - tally.newCards)
      if newLeft > 0 {
        // The bookcase's words in order, stopping at the limit: a million new cards cost no more than the limit.
        bookCase.new = Int(try integer(
          """
          SELECT count(*) FROM (SELECT 1 FROM words w CROSS JOIN cards c ON c.word_id = w.id
          WHERE w.bookcase_id = ? AND c.state = 'new' AND c.due <= ? LIMIT ?)
          """, [.integer(limit.id), now, .integer(Int64(newLeft))]))
      }
      counts.byBookCase[limit.id] = bookCase
    }
    counts.next = try row(
      bookCaseID == nil
        ? "SELECT min(due) FROM cards WHERE due > ?"
        : "SELECT min(c.due) FROM cards c WHERE c.due > ? AND c.word_id IN (SELECT id FROM words WHERE bookcase_id = ?)",
      [now] + only
    ) { $0.isNull(0) ? nil : Date(unixMilliseconds: $0.int64(0)) } ?? nil
    return counts
  }
}
