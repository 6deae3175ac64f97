import Foundation
import Testing

@testable import Storage

/// Cards and the review log: the same rules, order and errors in the SQLite and in-memory clients.
@Suite struct ReviewStoreContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The card FSRS might make of a first "good": learning, step 1, due ten minutes after `seconds`.
  func learning(_ wordID: Word.ID, at seconds: Int, due: Int) -> StoredCard {
    StoredCard(
      wordID: wordID, state: .learning, step: 1, stability: 2.3065, difficulty: 2.118_103_970_459_543_6,
      due: time(due), lastReview: time(seconds), reps: 1)
  }

  func review(_ card: StoredCard, at seconds: Int, rating: Int = 3) -> ReviewDraft {
    ReviewDraft(reviewedAt: time(seconds), rating: rating, after: card, intervalBefore: 0, intervalAfter: 2, durationMilliseconds: 4200)
  }

  @Test(arguments: Backend.allCases)
  func everyWordGetsANewCardDueWhenItWasAdded(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let word = try await at(5) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen"))
    }
    #expect(try await client.fetchCard(word.id) == StoredCard(wordID: word.id, due: time(5)))
    #expect(await thrownError { try await client.fetchCard(99) } as? StorageError == .wordNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func listsDueCardsByDueThenIdWithinABookCaseOrAll(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, other, words) = try await at(1) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let other = try await client.createBookCase(BookCaseDraft(name: "Other"))
      var words: [Word] = []
      for term in ["abate", "benign", "candid"] { words.append(try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m"))) }
      words.append(try await client.addWord(other.id, WordDraft(term: "dour", meaning: "m")))
      return (toefl, other, words)
    }
    _ = try await client.recordReview(review(learning(words[0].id, at: 10, due: 600), at: 10))
    let ids = { (cards: [StoredCard]) in cards.map(\.wordID) }
    #expect(ids(try await client.fetchDueCards(toefl.id, time(10), 10)) == [words[1].id, words[2].id])
    #expect(ids(try await client.fetchDueCards(toefl.id, time(10), 1)) == [words[1].id])
    #expect(ids(try await client.fetchDueCards(nil, time(10), 10)) == [words[1].id, words[2].id, words[3].id])
    #expect(ids(try await client.fetchDueCards(nil, time(600), 10)) == [words[1].id, words[2].id, words[3].id, words[0].id])
    #expect(try await client.fetchDueCards(other.id, time(0), 10) == [])
    #expect(await thrownError { try await client.fetchDueCards(99, time(0), 10) } as? StorageError == .bookCaseNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func countsCardsPerStateWithTheNextDueTime(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, empty, words) = try await at(100) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let empty = try await client.createBookCase(BookCaseDraft(name: "Empty"))
      var words: [Word] = []
      for term in ["abate", "benign", "candid"] { words.append(try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m"))) }
      return (toefl, empty, words)
    }
    _ = try await client.recordReview(review(learning(words[0].id, at: 10, due: 50), at: 10))
    var relearning = learning(words[1].id, at: 20, due: 700)
    relearning.state = .relearning
    relearning.lapses = 1
    _ = try await client.recordReview(review(relearning, at: 20, rating: 1))
    let counts = CardCounts(new: 1, learning: 1, review: 0, relearning: 1, nextDue: time(50))
    #expect(try await client.fetchCardCounts(toefl.id) == counts)
    #expect(try await client.fetchCardCounts(nil) == counts)
    #expect(try await client.fetchCardCounts(empty.id) == CardCounts())
    #expect(await thrownError { try await client.fetchCardCounts(99) } as? StorageError == .bookCaseNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func recordsReviewsAndUndoesThemOneByOneExactly(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let word = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen"))
    }
    let fresh = try await client.fetchCard(word.id)
    let first = learning(word.id, at: 10, due: 610)
    let recorded = try await client.recordReview(review(first, at: 10))
    #expect(recorded.before == fresh && recorded.after == first)
    #expect(recorded.wordID == word.id && recorded.rating == 3 && recorded.reviewedAt == time(10))
    #expect(recorded.intervalAfter == 2 && recorded.durationMilliseconds == 4200)
    var second = first
    second.state = .review
    second.step = 0
    second.stability = 9.5
    second.due = time(86_400 * 9)
    second.lastReview = time(620)
    second.reps = 2
    let again = try await client.recordReview(review(second, at: 620, rating: 4))
    #expect(again.id > recorded.id && again.before == first)
    #expect(try await client.fetchCard(word.id) == second)

    #expect(try await client.undoLastReview(word.id) == first)
    #expect(try await client.fetchCard(word.id) == first)
    #expect(try await client.undoLastReview(word.id) == fresh)
    #expect(try await client.fetchCard(word.id) == fresh)
    #expect(await thrownError { try await client.undoLastReview(word.id) } as? StorageError == .noReviewToUndo(wordID: word.id))
    #expect(await thrownError { try await client.undoLastReview(99) } as? StorageError == .wordNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func aBadRatingOrAMissingWordIsRefusedAndChangesNothing(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let word = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen"))
    }
    let card = try await client.fetchCard(word.id)
    for rating in [0, 5] {
      let thrown = await thrownError { try await client.recordReview(review(learning(word.id, at: 10, due: 20), at: 10, rating: rating)) }
      #expect(thrown as? StorageError == .invalidRating(rating))
    }
    let missing = await thrownError { try await client.recordReview(review(learning(99, at: 10, due: 20), at: 10)) }
    #expect(missing as? StorageError == .wordNotFound(id: 99))
    #expect(try await client.fetchCard(word.id) == card)
    #expect(await thrownError { try await client.undoLastReview(word.id) } as? StorageError == .noReviewToUndo(wordID: word.id))
  }

  @Test(arguments: Backend.allCases)
  func aDeletedWordTakesItsCardAndReviewsWithIt(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (bookCase, word) = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return (bookCase, try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen")))
    }
    _ = try await client.recordReview(review(learning(word.id, at: 10, due: 20), at: 10))
    try await client.deleteWord(word.id)
    #expect(await thrownError { try await client.fetchCard(word.id) } as? StorageError == .wordNotFound(id: word.id))
    #expect(await thrownError { try await client.undoLastReview(word.id) } as? StorageError == .wordNotFound(id: word.id))
    #expect(try await client.fetchCardCounts(nil) == CardCounts())
    _ = try await at(2) { try await client.addWord(bookCase.id, WordDraft(term: "benign", meaning: "kind")) }
    try await client.deleteBookCase(bookCase.id)
    #expect(try await client.fetchCardCounts(nil) == CardCounts())
  }

  @Test(arguments: Backend.allCases)
  func reviewSettingsStartAtTheDefaultsAndKeepWhatIsSaved(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, other) = try await at(1) {
      (try await client.createBookCase(BookCaseDraft(name: "TOEFL")), try await client.createBookCase(BookCaseDraft(name: "Other")))
    }
    #expect(try await client.fetchReviewSettings(toefl.id) == ReviewSettings(desiredRetention: 0.9, newCardsPerDay: 20, maxReviewsPerDay: 200, fuzz: true))
    let chosen = ReviewSettings(desiredRetention: 0.85, newCardsPerDay: 5, maxReviewsPerDay: 0, fuzz: false)
    #expect(try await client.updateReviewSettings(toefl.id, chosen) == chosen)
    #expect(try await client.fetchReviewSettings(toefl.id) == chosen)
    #expect(try await client.fetchReviewSettings(other.id) == .default)
    #expect(try await client.fetchBookCase(toefl.id).updatedAt == time(1))
    #expect(await thrownError { try await client.fetchReviewSettings(99) } as? StorageError == .bookCaseNotFound(id: 99))
    #expect(await thrownError { try await client.updateReviewSettings(99, chosen) } as? StorageError == .bookCaseNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func reviewSettingsOutOfRangeAreRefusedAndChangeNothing(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
    let refused: [(ReviewSettings, StorageError)] = [
      (ReviewSettings(desiredRetention: 0.69), .reviewSettingOutOfRange("desired retention", range: "0.70 to 0.99")),
      (ReviewSettings(desiredRetention: 0.995), .reviewSettingOutOfRange("desired retention", range: "0.70 to 0.99")),
      (ReviewSettings(newCardsPerDay: -1), .reviewSettingOutOfRange("number of new cards per day", range: "0 to 10000")),
      (ReviewSettings(maxReviewsPerDay: 100_001), .reviewSettingOutOfRange("maximum number of reviews per day", range: "0 to 100000")),
    ]
    for (settings, error) in refused {
      #expect(await thrownError { try await client.updateReviewSettings(toefl.id, settings) } as? StorageError == error)
    }
    #expect(try await client.fetchReviewSettings(toefl.id) == .default)
    #expect(try await client.updateReviewSettings(toefl.id, ReviewSettings(desiredRetention: 0.7, newCardsPerDay: 10_000)).desiredRetention == 0.7)
  }

  @Test(arguments: Backend.allCases)
  func theTallyCountsFirstReviewsAndReviewsOfReviewCardsSinceATime(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, other, words) = try await at(1) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let other = try await client.createBookCase(BookCaseDraft(name: "Other"))
      var words: [Word] = []
      for term in ["abate", "benign"] { words.append(try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m"))) }
      words.append(try await client.addWord(other.id, WordDraft(term: "dour", meaning: "m")))
      return (toefl, other, words)
    }
    var graduated = learning(words[0].id, at: 10, due: 86_400)
    graduated.state = .review
    graduated.step = 0
    _ = try await client.recordReview(review(learning(words[0].id, at: 10, due: 610), at: 10))
    _ = try await client.recordReview(review(graduated, at: 620))
    _ = try await client.recordReview(review(learning(words[1].id, at: 700, due: 1300), at: 700))
    _ = try await client.recordReview(review(learning(words[2].id, at: 800, due: 1400), at: 800))
    var lapsed = graduated
    lapsed.state = .relearning
    _ = try await client.recordReview(review(lapsed, at: 900, rating: 1))

    #expect(try await client.fetchReviewTally(toefl.id, time(0)) == ReviewTally(newCards: 2, reviews: 1))
    #expect(try await client.fetchReviewTally(toefl.id, time(700)) == ReviewTally(newCards: 1, reviews: 1))
    #expect(try await client.fetchReviewTally(other.id, time(0)) == ReviewTally(newCards: 1, reviews: 0))
    #expect(try await client.fetchReviewTally(nil, time(0)) == ReviewTally(newCards: 3, reviews: 1))
    #expect(try await client.fetchReviewTally(nil, time(901)) == ReviewTally())
    _ = try await client.undoLastReview(words[0].id)
    #expect(try await client.fetchReviewTally(toefl.id, time(0)) == ReviewTally(newCards: 2, reviews: 0))
    #expect(await thrownError { try await client.fetchReviewTally(99, time(0)) } as? StorageError == .bookCaseNotFound(id: 99))
  }
}
