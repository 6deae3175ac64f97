import Composable
import FSRS
import Foundation
import Storage
import Testing

@testable import ReviewFeature

/// The review session, exhaustively: what it takes from the database, revealing, every grade, learning cards
/// coming back when due (waiting on the clock when nothing else is left), the daily limits and the session's
/// overrides, undo after each kind of grade, and quitting.
@MainActor
@Suite struct ReviewReducerTests {
  nonisolated static let day: TimeInterval = 86_400

  /// A new card's buttons with the default scheduler and a draw of 0.5: 1m, 5½m, 10m, 8d.
  nonisolated static let newCardIntervals: [Rating: TimeInterval] = [.again: 60, .hard: 330, .good: 600, .easy: 8 * day]

  @Test func startsWithDueLearningThenReviewsThenNewCardsWithinWhatTheDailyLimitsLeave() async throws {
    let fixture = ReviewFixture(count: 5)
    let start = ReviewFixture.start
    _ = try await fixture.storage.updateReviewSettings(1, ReviewSettings(newCardsPerDay: 2, maxReviewsPerDay: 1))
    try await fixture.put(0, .review, due: start - 3600, reviewedAt: start - 10 * Self.day)
    try await fixture.put(1, .review, due: start - 1800, reviewedAt: start - 10 * Self.day)
    // A new card first studied today (after 04:00): one of today's two new cards is used.
    try await fixture.put(2, .learning, due: start - 300, reviewedAt: start - 900)
    let cards = [try await fixture.card(0), try await fixture.card(1), try await fixture.card(2),
      try await fixture.card(3), try await fixture.card(4)]

    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(.started(ReviewStart(
      queue: ReviewQueue(learning: [cards[2]], upcoming: [cards[0], cards[3]]), schedulers: [1: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.queue = ReviewQueue(upcoming: [cards[0], cards[3]])
      $0.current = cards[2]
      $0.shownAt = start
    }
    #expect(store.state.left == ReviewQueue.Left(new: 1, learning: 1, review: 1))
    await store.finish()
  }

  @Test func theSessionsOwnLimitsReplaceWhatTheDailyLimitsLeaveAndAllBookCasesMix() async throws {
    let fixture = ReviewFixture(count: 3)
    let start = ReviewFixture.start
    _ = try await fixture.storage.updateReviewSettings(1, ReviewSettings(newCardsPerDay: 0, maxReviewsPerDay: 0))
    try await fixture.put(0, .review, due: start - 1800, reviewedAt: start - 10 * Self.day)
    try await fixture.put(1, .review, due: start - 3600, reviewedAt: start - 10 * Self.day)
    let cards = [try await fixture.card(0), try await fixture.card(1), try await fixture.card(2), try await fixture.card(3)]

    // TOEFL's limits leave nothing today; --new 1 --limit 5 take one new card and both reviews.
    let overridden = fixture.store(.init(bookCaseID: 1, newLimit: 1, reviewLimit: 5))
    await overridden.send(.task)
    await overridden.receive(.started(ReviewStart(
      queue: ReviewQueue(upcoming: [cards[1], cards[0], cards[2]]), schedulers: [1: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.queue = ReviewQueue(upcoming: [cards[0], cards[2]])
      $0.current = cards[1]
      $0.shownAt = start
    }

    // Every bookcase, each by its own limits: only Other's new card.
    let all = fixture.store(.init(bookCaseID: nil))
    await all.send(.task)
    await all.receive(.started(ReviewStart(queue: ReviewQueue(upcoming: [cards[3]]), schedulers: fixture.schedulers))) {
      $0.isLoading = false
      $0.schedulers = fixture.schedulers
      $0.current = cards[3]
      $0.shownAt = start
    }

    // A bookcase with nothing due finishes at once.
    _ = try await fixture.storage.updateReviewSettings(2, ReviewSettings(newCardsPerDay: 0))
    let empty = fixture.store(.init(bookCaseID: 2))
    await empty.send(.task)
    await empty.receive(.started(ReviewStart(queue: ReviewQueue(), schedulers: [2: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [2: try Scheduler()]
    }
    #expect(empty.state.isFinished)
  }

  @Test func anUnknownBookCaseFailsToStart() async {
    let fixture = ReviewFixture()
    let store = fixture.store(.init(bookCaseID: 99))
    await store.send(.task)
    await store.receive(.startFailed(.bookCaseNotFound(id: 99))) {
      $0.isLoading = false
      $0.error = .bookCaseNotFound(id: 99)
    }
  }

  /// Each grade of a new card: again, hard and good keep it learning and bring it back when due, the session
  /// waiting on the clock since nothing else is left; easy sends it to review in 8 days and ends the session.
  @Test(arguments: [
    (Rating.again, StoredCard.State.learning, 0, 60.0), (.hard, .learning, 0, 330), (.good, .learning, 1, 600),
    (.easy, .review, 0, 8 * day),
  ])
  func gradingANewCard(rating: Rating, state: StoredCard.State, step: Int, interval: TimeInterval) async throws {
    let fixture = ReviewFixture(count: 1)
    let start = ReviewFixture.start
    let new = try await fixture.card(0)
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(.started(ReviewStart(queue: ReviewQueue(upcoming: [new]), schedulers: [1: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.current = new
      $0.shownAt = start
    }
    #expect(!store.state.isRevealed)
    await fixture.clock.advance(by: .seconds(5))
    await store.send(.revealTapped) {
      $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals)
    }
    // The answer's buttons are the intervals a grade at reveal time gives.
    #expect(store.state.answer?.intervals[rating] == interval)
    await store.send(.rated(rating)) { $0.isSaving = true }

    let gradedAt = start + 5
    let after = try await fixture.storage.fetchCard(new.word.id)
    #expect(after.state == state && after.step == step && after.due == gradedAt + interval && after.reps == 1)
    let review = StoredReview(
      id: 1, wordID: new.word.id, reviewedAt: gradedAt, rating: rating.rawValue, before: new.card, after: after,
      intervalBefore: 0, intervalAfter: rating == .easy ? 8 : 0, durationMilliseconds: 5000)
    let returning = ReviewCard(card: after, word: new.word)
    await store.receive(.reviewRecorded(review)) {
      $0.isSaving = false
      $0.undoStack = [new]
      $0.reviewed = 1
      $0.current = nil
      $0.answer = nil
      $0.shownAt = nil
      if rating != .easy {
        $0.queue = ReviewQueue(learning: [returning])
        $0.waitingUntil = gradedAt + interval
      }
    }
    guard rating != .easy else {
      #expect(store.state.isFinished)
      return
    }
    #expect(!store.state.isFinished)
    await fixture.clock.advance(by: .seconds(interval - 1))
    await fixture.clock.advance(by: .seconds(1))
    await store.receive(.learningCardDue) {
      $0.queue = ReviewQueue()
      $0.current = returning
      $0.shownAt = gradedAt + interval
      $0.waitingUntil = nil
    }
  }

  /// A learning card due again goes ahead of the next new card; one not yet due lets it pass.
  @Test func learningCardsComeBackBetweenOtherCardsOnceDue() async throws {
    let fixture = ReviewFixture(count: 3)
    let start = ReviewFixture.start
    let cards = [try await fixture.card(0), try await fixture.card(1), try await fixture.card(2)]
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(.started(ReviewStart(queue: ReviewQueue(upcoming: cards), schedulers: [1: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.queue = ReviewQueue(upcoming: [cards[1], cards[2]])
      $0.current = cards[0]
      $0.shownAt = start
    }
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.rated(.again)) { $0.isSaving = true }
    let again = ReviewCard(card: try await fixture.storage.fetchCard(1), word: cards[0].word)
    await store.receive(\.reviewRecorded) {
      $0.isSaving = false
      $0.undoStack = [cards[0]]
      $0.reviewed = 1
      $0.queue = ReviewQueue(learning: [again], upcoming: [cards[2]])
      $0.current = cards[1]
      $0.answer = nil
    }
    #expect(store.state.left == ReviewQueue.Left(new: 2, learning: 1))

    await fixture.clock.advance(by: .seconds(60))
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.rated(.good)) { $0.isSaving = true }
    let good = ReviewCard(card: try await fixture.storage.fetchCard(2), word: cards[1].word)
    await store.receive(\.reviewRecorded) {
      $0.isSaving = false
      $0.undoStack = [cards[0], cards[1]]
      $0.reviewed = 2
      $0.queue = ReviewQueue(learning: [good], upcoming: [cards[2]])
      $0.current = again
      $0.answer = nil
      $0.shownAt = start + 60
    }
  }

  /// Undo after a grade of each kind of card: the card comes back as it was, question side, ahead of the card
  /// shown meanwhile, and the database holds it as before with its review gone.
  @Test(arguments: [
    (StoredCard.State.new, Rating.again), (.new, .hard), (.new, .good), (.new, .easy), (.learning, .good),
    (.relearning, .again), (.review, .again), (.review, .good),
  ])
  func undoAfterAGrade(state: StoredCard.State, rating: Rating) async throws {
    let fixture = ReviewFixture(count: 2)
    let start = ReviewFixture.start
    if state != .new { try await fixture.put(0, state, due: start - 60, reviewedAt: start - 3 * Self.day) }
    let (first, second) = (try await fixture.card(0), try await fixture.card(1))
    let stepping = state == .learning || state == .relearning
    let queue = stepping ? ReviewQueue(learning: [first], upcoming: [second]) : ReviewQueue(upcoming: [first, second])
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(.started(ReviewStart(queue: queue, schedulers: [1: try Scheduler()]))) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.queue = ReviewQueue(upcoming: [second])
      $0.current = first
      $0.shownAt = start
    }
    await store.send(.revealTapped) {
      $0.answer = ReviewAnswer(random: 0.5, intervals: try Scheduler().preview(card: first.card.fsrs, at: start, random: 0.5))
    }
    await store.send(.rated(rating)) { $0.isSaving = true }
    let graded = ReviewCard(card: try await fixture.storage.fetchCard(first.id), word: first.word)
    #expect(graded.card != first.card)
    await store.receive(\.reviewRecorded) {
      $0.isSaving = false
      $0.undoStack = [first]
      $0.reviewed = 1
      $0.queue = graded.isStepping ? ReviewQueue(learning: [graded]) : ReviewQueue()
      $0.current = second
      $0.answer = nil
    }

    await fixture.clock.advance(by: .seconds(2))
    await store.send(.undoTapped) { $0.isSaving = true }
    await store.receive(.reviewUndone(first.card)) {
      $0.isSaving = false
      $0.undoStack = []
      $0.reviewed = 0
      $0.queue = ReviewQueue(upcoming: [second])
      $0.current = first
      $0.shownAt = start + 2
    }
    #expect(try await fixture.storage.fetchCard(first.id) == first.card)
    if state == .new {
      await #expect(throws: StorageError.noReviewToUndo(wordID: first.id)) {
        _ = try await fixture.storage.undoLastReview(first.id)
      }
    }
    // Nothing further of this session to take back.
    await store.send(.undoTapped)
  }

  /// Undo while the session waits for a learning card: the wait ends and the card is back at once.
  @Test func undoWhileWaitingForALearningCard() async throws {
    let fixture = ReviewFixture(count: 1)
    let start = ReviewFixture.start
    let new = try await fixture.card(0)
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(\.started) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.current = new
      $0.shownAt = start
    }
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.rated(.good)) { $0.isSaving = true }
    let graded = ReviewCard(card: try await fixture.storage.fetchCard(new.id), word: new.word)
    await store.receive(\.reviewRecorded) {
      $0.isSaving = false
      $0.undoStack = [new]
      $0.reviewed = 1
      $0.queue = ReviewQueue(learning: [graded])
      $0.current = nil
      $0.answer = nil
      $0.shownAt = nil
      $0.waitingUntil = start + 600
    }
    await store.send(.undoTapped) { $0.isSaving = true }
    await store.receive(.reviewUndone(new.card)) {
      $0.isSaving = false
      $0.undoStack = []
      $0.reviewed = 0
      $0.queue = ReviewQueue()
      $0.current = new
      $0.shownAt = start
      $0.waitingUntil = nil
    }
    // The cancelled wait sends nothing.
    await fixture.clock.advance(by: .seconds(600))
  }

  /// Quitting mid-card, answer shown, grades nothing; quitting while waiting ends the wait.
  @Test func quitMidCardRecordsNothing() async throws {
    let fixture = ReviewFixture(count: 2)
    let start = ReviewFixture.start
    let (first, second) = (try await fixture.card(0), try await fixture.card(1))
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(\.started) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.queue = ReviewQueue(upcoming: [second])
      $0.current = first
      $0.shownAt = start
    }
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.quitTapped) { $0.hasQuit = true }
    // Keys after quitting do nothing.
    await store.send(.rated(.good))
    #expect(try await fixture.storage.fetchCard(first.id) == first.card)
    #expect(try await fixture.storage.fetchReviewTally(nil, start - Self.day) == ReviewTally())
  }

  @Test func quitWhileWaitingEndsTheWait() async throws {
    let fixture = ReviewFixture(count: 1)
    let start = ReviewFixture.start
    let new = try await fixture.card(0)
    let store = fixture.store(.init(bookCaseID: 1))
    await store.send(.task)
    await store.receive(\.started) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.current = new
      $0.shownAt = start
    }
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.rated(.again)) { $0.isSaving = true }
    let again = ReviewCard(card: try await fixture.storage.fetchCard(new.id), word: new.word)
    await store.receive(\.reviewRecorded) {
      $0.isSaving = false
      $0.undoStack = [new]
      $0.reviewed = 1
      $0.queue = ReviewQueue(learning: [again])
      $0.current = nil
      $0.answer = nil
      $0.shownAt = nil
      $0.waitingUntil = start + 60
    }
    await store.send(.quitTapped) {
      $0.hasQuit = true
      $0.waitingUntil = nil
    }
  }

  /// A grade the database refuses leaves the card shown, answer side, with the error, to grade again.
  @Test func aFailedSaveKeepsTheCard() async throws {
    let fixture = ReviewFixture(count: 1)
    let start = ReviewFixture.start
    let new = try await fixture.card(0)
    let store = fixture.store(.init(bookCaseID: 1))
    let failure = StorageError.database(DatabaseFailure(kind: .other, message: "disk I/O error"))
    store.dependencies.storageClient.recordReview = { _ in throw failure }
    await store.send(.task)
    await store.receive(\.started) {
      $0.isLoading = false
      $0.schedulers = [1: try Scheduler()]
      $0.current = new
      $0.shownAt = start
    }
    await store.send(.revealTapped) { $0.answer = ReviewAnswer(random: 0.5, intervals: Self.newCardIntervals) }
    await store.send(.rated(.good)) { $0.isSaving = true }
    await store.receive(.saveFailed(failure)) {
      $0.isSaving = false
      $0.error = failure
    }
  }
}
