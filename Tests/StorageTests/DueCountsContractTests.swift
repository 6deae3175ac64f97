import Foundation
import Testing

@testable import Storage

/// `countDueCards`: what a review day asks for, alike in the SQLite and in-memory clients.
@Suite struct DueCountsContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The word's card after a review at `seconds`, in `state`, due at `due`.
  func reviewed(_ wordID: Word.ID, _ state: StoredCard.State, at seconds: Int, due: Int) -> StoredCard {
    StoredCard(
      wordID: wordID, state: state, step: 0, stability: 3, difficulty: 5, due: time(due), lastReview: time(seconds),
      reps: 1, lapses: state == .relearning ? 1 : 0)
  }

  func record(_ client: StorageClient, _ card: StoredCard, at seconds: Int) async throws {
    _ = try await client.recordReview(
      ReviewDraft(reviewedAt: time(seconds), rating: card.state == .relearning ? 1 : 3, after: card, intervalBefore: 0, intervalAfter: 1))
  }

  /// TOEFL (3 new cards and 1 review a day) with words 1–5 and Other (the defaults) with word 6, all added at 1;
  /// the first four TOEFL words reviewed at 10–40: 1 learning due 600, 2 and 3 review due 300 and 400, 4
  /// relearning due 350.
  func populated(_ backend: Backend) async throws -> (StorageClient, toefl: BookCase, other: BookCase) {
    let client = try backend.makeClient(in: directory)
    let (toefl, other) = try await at(1) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let other = try await client.createBookCase(BookCaseDraft(name: "Other"))
      for term in ["a", "b", "c", "d", "e"] { _ = try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m")) }
      _ = try await client.addWord(other.id, WordDraft(term: "f", meaning: "m"))
      return (toefl, other)
    }
    _ = try await client.updateReviewSettings(toefl.id, ReviewSettings(newCardsPerDay: 3, maxReviewsPerDay: 1))
    try await record(client, reviewed(1, .learning, at: 10, due: 600), at: 10)
    try await record(client, reviewed(2, .review, at: 20, due: 300), at: 20)
    try await record(client, reviewed(3, .review, at: 30, due: 400), at: 30)
    try await record(client, reviewed(4, .relearning, at: 40, due: 350), at: 40)
    return (client, toefl, other)
  }

  @Test(arguments: Backend.allCases)
  func countsTheDueCardsOfEachStateWithinTheDaysLimits(_ backend: Backend) async throws {
    let (client, toefl, other) = try await populated(backend)
    // The day began at 0: four new cards studied (the limit is 3, none left), no review card yet (one left).
    let day = try await client.countDueCards(toefl.id, time(500), time(0))
    #expect(day == DueCounts(byBookCase: [toefl.id: CardCounts(new: 0, learning: 0, review: 1, relearning: 1)], next: time(600)))
    // The day began at 35: one new card studied, two left, and one new card (5) is there to take.
    let later = try await client.countDueCards(toefl.id, time(500), time(35))
    #expect(later.byBookCase[toefl.id] == CardCounts(new: 1, learning: 0, review: 1, relearning: 1))
    // Every bookcase: each by its own limits; the next due time of all.
    let all = try await client.countDueCards(nil, time(500), time(0))
    #expect(all.byBookCase == [toefl.id: CardCounts(review: 1, relearning: 1), other.id: CardCounts(new: 1)])
    #expect(all.total == CardCounts(new: 1, review: 1, relearning: 1) && all.next == time(600))
    // Before any review fell due, after every one did.
    #expect(try await client.countDueCards(toefl.id, time(100), time(0)) == DueCounts(byBookCase: [toefl.id: CardCounts()], next: time(300)))
    #expect(try await client.countDueCards(toefl.id, time(600), time(0)) == DueCounts(byBookCase: [toefl.id: CardCounts(learning: 1, review: 1, relearning: 1)], next: nil))
    // Nothing is due before the words were added.
    #expect(try await client.countDueCards(other.id, time(0), time(0)) == DueCounts(byBookCase: [other.id: CardCounts()], next: time(1)))
  }

  @Test(arguments: Backend.allCases)
  func aReviewOfAReviewCardUsesUpTheReviewLimit(_ backend: Backend) async throws {
    let (client, toefl, _) = try await populated(backend)
    try await record(client, reviewed(2, .review, at: 320, due: 5_000), at: 320)
    let day = try await client.countDueCards(toefl.id, time(500), time(0))
    #expect(day.byBookCase[toefl.id] == CardCounts(review: 0, relearning: 1))
    // A new day: the limits start again.
    #expect(try await client.countDueCards(toefl.id, time(500), time(450)).byBookCase[toefl.id] == CardCounts(new: 1, review: 1, relearning: 1))
  }

  @Test(arguments: Backend.allCases)
  func anEmptyOrUnknownBookCase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    #expect(try await client.countDueCards(nil, time(0), time(0)) == DueCounts())
    let empty = try await at(1) { try await client.createBookCase(BookCaseDraft(name: "Empty")) }
    #expect(try await client.countDueCards(empty.id, time(5), time(0)) == DueCounts(byBookCase: [empty.id: CardCounts()]))
    #expect(await thrownError { try await client.countDueCards(99, time(0), time(0)) } as? StorageError == .bookCaseNotFound(id: 99))
  }
}
