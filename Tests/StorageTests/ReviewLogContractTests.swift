import Foundation
import Testing

@testable import Storage

/// `fetchReviewLog`: the review log read back, alike in the SQLite and in-memory clients.
@Suite struct ReviewLogContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  func card(_ wordID: Word.ID, _ state: StoredCard.State, due: Int) -> StoredCard {
    StoredCard(wordID: wordID, state: state, stability: 3, difficulty: 5, due: time(due), lastReview: time(0), reps: 1)
  }

  @Test(arguments: Backend.allCases)
  func readsTheLogOfABookCaseOrAllFromATimeInOrder(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, other) = try await at(1) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let other = try await client.createBookCase(BookCaseDraft(name: "Other"))
      _ = try await client.addWord(toefl.id, WordDraft(term: "a", meaning: "m"))
      _ = try await client.addWord(other.id, WordDraft(term: "b", meaning: "m"))
      return (toefl, other)
    }
    let first = try await client.recordReview(ReviewDraft(reviewedAt: time(10), rating: 3, after: card(1, .learning, due: 600), intervalBefore: 0, intervalAfter: 0, durationMilliseconds: 1500))
    let second = try await client.recordReview(ReviewDraft(reviewedAt: time(20), rating: 4, after: card(2, .review, due: 90_000), intervalBefore: 0, intervalAfter: 1))
    let third = try await client.recordReview(ReviewDraft(reviewedAt: time(700), rating: 1, after: card(1, .relearning, due: 1_300), intervalBefore: 0, intervalAfter: 0))
    #expect(try await client.fetchReviewLog(nil, .distantPast) == [first, second, third].map(ReviewLogEntry.init))
    #expect(try await client.fetchReviewLog(toefl.id, .distantPast) == [first, third].map(ReviewLogEntry.init))
    #expect(try await client.fetchReviewLog(other.id, time(20)) == [ReviewLogEntry(second)])
    #expect(try await client.fetchReviewLog(nil, time(21)) == [ReviewLogEntry(third)])
    let entry = ReviewLogEntry(first)
    #expect(entry.stateBefore == .new && entry.stateAfter == .learning && entry.rating == 3 && entry.durationMilliseconds == 1500)
    // An undone review leaves the log; a deleted word takes its reviews along.
    _ = try await client.undoLastReview(1)
    #expect(try await client.fetchReviewLog(toefl.id, .distantPast) == [ReviewLogEntry(first)])
    try await client.deleteWord(1)
    #expect(try await client.fetchReviewLog(nil, .distantPast) == [ReviewLogEntry(second)])
    #expect(await thrownError { try await client.fetchReviewLog(99, .distantPast) } as? StorageError == .bookCaseNotFound(id: 99))
  }
}
