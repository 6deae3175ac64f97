import Foundation

/// The import's lookups and writes over the in-memory arrays (a copy, kept only when the import succeeds).
extension InMemoryStore: ImportTarget {
  func bookCase(nameKey: String) -> (id: BookCase.ID, name: String)? {
    bookCases.first { StorageRules.nameKey($0.name) == nameKey }.map { ($0.id, $0.name) }
  }

  mutating func createBookCase(_ draft: BookCaseDraft, nameKey: String, createdAt: Date, updatedAt: Date) -> BookCase.ID {
    let bookCase = BookCase(
      id: nextBookCaseID, name: draft.name, description: draft.description, createdAt: createdAt.storedPrecision,
      updatedAt: updatedAt.storedPrecision)
    nextBookCaseID += 1
    bookCases.append(bookCase)
    return bookCase.id
  }

  func word(guid: String) -> Word? {
    words.first { $0.guid == guid }
  }

  func word(in bookCaseID: BookCase.ID, termKey: String, readingKey: String) -> Word? {
    words.filter {
      $0.bookCaseID == bookCaseID && StorageRules.termKey($0.term) == termKey
        && StorageRules.termKey($0.reading) == readingKey
    }.min { $0.id < $1.id }
  }

  mutating func insertWord(_ draft: WordDraft, into bookCaseID: BookCase.ID, guid: String, createdAt: Date, updatedAt: Date)
    -> Word.ID
  {
    insert(draft, into: bookCaseID, guid: guid, createdAt: createdAt, updatedAt: updatedAt).id
  }

  mutating func updateWord(_ id: Word.ID, _ draft: WordDraft, updatedAt: Date) throws {
    update(try wordIndex(id: id), draft, updatedAt: updatedAt)
  }

  func reviews(of wordID: Word.ID) throws(StorageError) -> ReviewHistory {
    ReviewHistory(card: try card(wordID: wordID), log: reviews.filter { $0.wordID == wordID })
  }

  mutating func replaceReviews(of wordID: Word.ID, with history: ReviewHistory) {
    let history = history.stored(for: wordID)
    cards[wordID] = history.card
    reviews.removeAll { $0.wordID == wordID }
    for var review in history.log {
      review.id = nextReviewID
      nextReviewID += 1
      reviews.append(review)
    }
  }
}
