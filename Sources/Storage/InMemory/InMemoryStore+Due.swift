import Foundation

/// `countDueCards` over the in-memory client's arrays, by the same rules as the SQLite client.
extension InMemoryStore {
  func dueCounts(_ bookCaseID: BookCase.ID?, at: Date, dayStart: Date) throws(StorageError) -> DueCounts {
    let (now, since) = (at.storedPrecision, dayStart.storedPrecision)
    var scope = bookCases
    if let bookCaseID { scope = [try bookCase(id: bookCaseID)] }
    var counts = DueCounts()
    for bookCase in scope {
      let settings = reviewSettings[bookCase.id] ?? .default
      let cards = try self.cards(of: bookCase.id)
      let wordIDs = Set(cards.map(\.wordID))
      let studied = reviews.filter { wordIDs.contains($0.wordID) && $0.reviewedAt >= since }
      let due = cards.filter { $0.due <= now }
      counts.byBookCase[bookCase.id] = CardCounts(
        new: min(due.count { $0.state == .new }, max(0, settings.newCardsPerDay - studied.count { $0.before.state == .new })),
        learning: due.count { $0.state == .learning },
        review: min(due.count { $0.state == .review }, max(0, settings.maxReviewsPerDay - studied.count { $0.before.state == .review })),
        relearning: due.count { $0.state == .relearning })
    }
    counts.next = try self.cards(of: bookCaseID).map(\.due).filter { $0 > now }.min()
    return counts
  }
}
