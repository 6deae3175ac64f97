import Foundation
import Testing

@testable import Storage

/// `fetchCardsInStates`, what a review session's queue is built from: the same choice and order in the SQLite
/// and in-memory clients.
@Suite struct CardsInStatesContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A card FSRS might leave in `state` after a review at `seconds`, due at `due`.
  func card(_ wordID: Word.ID, _ state: StoredCard.State, at seconds: Int, due: Int) -> ReviewDraft {
    let after = StoredCard(
      wordID: wordID, state: state, step: 0, stability: 2.3, difficulty: 5.1, due: time(due), lastReview: time(seconds),
      reps: 1)
    return ReviewDraft(reviewedAt: time(seconds), rating: 3, after: after, intervalBefore: 0, intervalAfter: 0)
  }

  @Test(arguments: Backend.allCases)
  func choosesByStateAndDueTimeInDueThenAddedOrder(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let toefl = try await at(1) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
    let other = try await at(1) { try await client.createBookCase(BookCaseDraft(name: "Other")) }
    var words: [Word] = []
    // Added at 1…6 in this order; the last in another bookcase.
    for (index, term) in ["abate", "benign", "candid", "dour", "eschew"].enumerated() {
      words.append(try await at(index + 1) { try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m")) })
    }
    let elsewhere = try await at(6) { try await client.addWord(other.id, WordDraft(term: "fickle", meaning: "m")) }
    _ = try await client.recordReview(card(words[0].id, .learning, at: 10, due: 70))
    _ = try await client.recordReview(card(words[1].id, .relearning, at: 10, due: 40))
    _ = try await client.recordReview(card(words[2].id, .review, at: 10, due: 500))
    let ids = { (cards: [StoredCard]) in cards.map(\.wordID) }

    #expect(ids(try await client.fetchCardsInStates(toefl.id, [.learning, .relearning], time(100), 10))
      == [words[1].id, words[0].id])
    #expect(ids(try await client.fetchCardsInStates(toefl.id, [.learning, .relearning], time(50), 10)) == [words[1].id])
    #expect(try await client.fetchCardsInStates(toefl.id, [.review], time(499), 10) == [])
    #expect(try await client.fetchCardsInStates(toefl.id, [.review], time(500), 10)
      == [try await client.fetchCard(words[2].id)])
    // New cards whenever they are due, oldest word first, up to the limit; of all bookcases with nil.
    #expect(ids(try await client.fetchCardsInStates(toefl.id, [.new], nil, 10)) == [words[3].id, words[4].id])
    #expect(ids(try await client.fetchCardsInStates(toefl.id, [.new], nil, 1)) == [words[3].id])
    #expect(ids(try await client.fetchCardsInStates(nil, [.new], nil, 10)) == [words[3].id, words[4].id, elsewhere.id])
    #expect(ids(try await client.fetchCardsInStates(other.id, [.new, .review], time(0), 10)) == [])
    #expect(try await client.fetchCardsInStates(toefl.id, [], nil, 10) == [])
    #expect(try await client.fetchCardsInStates(toefl.id, [.new], nil, 0) == [])
    #expect(
      await thrownError { try await client.fetchCardsInStates(99, [.new], nil, 10) } as? StorageError
        == .bookCaseNotFound(id: 99))
  }
}
