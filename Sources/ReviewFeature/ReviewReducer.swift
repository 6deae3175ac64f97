import Composable
import FSRS
import Foundation
import Storage

/// A review session: it takes the cards due (within the day's limits), shows them one at a time, question side
/// first, grades each with FSRS, brings learning cards back when they fall due, and takes grades back one by
/// one. The terminal front end only sends these actions and draws this state.
public struct ReviewReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    /// One bookcase, or (nil) all.
    public var bookCaseID: BookCase.ID?
    /// The session's own caps on new cards and on reviews, in place of what the daily limits leave.
    public var newLimit: Int?
    public var reviewLimit: Int?
    /// The meaning is the question and the term the answer.
    public var reverse: Bool
    public var isLoading = true
    public var schedulers: [BookCase.ID: Scheduler] = [:]
    public var queue = ReviewQueue()
    public var current: ReviewCard?
    /// When the current card was shown: its answer's duration counts from here.
    public var shownAt: Date?
    /// The answer side, once revealed.
    public var answer: ReviewAnswer?
    /// A grade or an undo is being written; keys wait for it.
    public var isSaving = false
    /// The cards as they were before each grade of this session, the last on top.
    public var undoStack: [ReviewCard] = []
    /// Grades given in this session (undone ones not counted).
    public var reviewed = 0
    /// Only learning cards not yet due are left: the session waits until the first of them is.
    public var waitingUntil: Date?
    public var hasQuit = false
    public var error: StorageError?

    public init(bookCaseID: BookCase.ID?, newLimit: Int? = nil, reviewLimit: Int? = nil, reverse: Bool = false) {
      self.bookCaseID = bookCaseID
      self.newLimit = newLimit
      self.reviewLimit = reviewLimit
      self.reverse = reverse
    }

    public var isRevealed: Bool { answer != nil }

    /// Everything the session has still to show, the current card included.
    public var left: ReviewQueue.Left {
      var left = queue.left
      if let current { left.count(current) }
      return left
    }

    /// Nothing is left to show, now or later in the session.
    public var isFinished: Bool { !isLoading && current == nil && queue.isEmpty }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case task
    case started(ReviewStart)
    case startFailed(StorageError)
    case revealTapped
    case rated(Rating)
    case reviewRecorded(StoredReview)
    case saveFailed(StorageError)
    case undoTapped
    case reviewUndone(StoredCard)
    case learningCardDue
    case quitTapped
  }

  enum CancelID { case wait }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.date.now) var now
  @Dependency(\.calendar) var calendar
  @Dependency(\.continuousClock) var clock
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      state.isLoading = true
      let (storage, now, calendar) = (storageClient, now, calendar)
      let (bookCaseID, newLimit, reviewLimit) = (state.bookCaseID, state.newLimit, state.reviewLimit)
      return .run { send in
        await send(.started(try await ReviewStart.load(
          from: storage, bookCaseID: bookCaseID, newLimit: newLimit, reviewLimit: reviewLimit, now: now,
          calendar: calendar)))
      } catch: { error, send in
        await send(.startFailed(StorageError(error)))
      }

    case let .started(start):
      state.isLoading = false
      state.schedulers = start.schedulers
      state.queue = start.queue
      return showNext(&state)

    case let .startFailed(error):
      state.isLoading = false
      state.error = error
      return .none

    case .revealTapped:
      guard !state.hasQuit, let current = state.current, state.answer == nil,
        let scheduler = state.schedulers[current.word.bookCaseID]
      else { return .none }
      let random = withRandomNumberGenerator { Double.random(in: 0..<1, using: &$0) }
      state.answer = ReviewAnswer(
        random: random, intervals: scheduler.preview(card: current.card.fsrs, at: now, random: random))
      return .none

    case let .rated(rating):
      guard !state.hasQuit, let current = state.current, let answer = state.answer, !state.isSaving,
        let scheduler = state.schedulers[current.word.bookCaseID]
      else { return .none }
      let now = now
      let took = state.shownAt.map { max(0, now.timeIntervalSince($0)) } ?? 0
      let draft = scheduler.grade(
        current.card, rating, at: now, random: answer.random, durationMilliseconds: Int64((took * 1000).rounded()))
      state.isSaving = true
      state.error = nil
      return .run { [storageClient] send in
        await send(.reviewRecorded(try await storageClient.recordReview(draft)))
      } catch: { error, send in
        await send(.saveFailed(StorageError(error)))
      }

    case let .reviewRecorded(review):
      state.isSaving = false
      guard let current = state.current else { return .none }
      state.undoStack.append(current)
      state.reviewed += 1
      let after = ReviewCard(card: review.after, word: current.word)
      if after.isStepping { state.queue.putBack(after) }
      state.current = nil
      state.answer = nil
      state.shownAt = nil
      return showNext(&state)

    case let .saveFailed(error):
      state.isSaving = false
      state.error = error
      return .none

    case .undoTapped:
      guard !state.hasQuit, let last = state.undoStack.last, !state.isSaving else { return .none }
      state.isSaving = true
      state.error = nil
      return .run { [storageClient] send in
        await send(.reviewUndone(try await storageClient.undoLastReview(last.id)))
      } catch: { error, send in
        await send(.saveFailed(StorageError(error)))
      }

    case let .reviewUndone(card):
      state.isSaving = false
      guard let last = state.undoStack.popLast() else { return .none }
      state.reviewed -= 1
      state.queue.remove(wordID: last.id)
      if let current = state.current { state.queue.putBack(current) }
      state.waitingUntil = nil
      show(ReviewCard(card: card, word: last.word), in: &state)
      return .cancel(id: CancelID.wait)

    case .learningCardDue:
      guard state.current == nil else { return .none }
      return showNext(&state)

    case .quitTapped:
      state.hasQuit = true
      state.waitingUntil = nil
      return .cancel(id: CancelID.wait)
    }
  }

  /// Shows the next card due; when only learning cards that are not yet due are left, waits for the first.
  private func showNext(_ state: inout State) -> Effect<Action> {
    guard !state.hasQuit else { return .none }
    let now = now
    if let next = state.queue.takeNext(at: now) {
      state.waitingUntil = nil
      show(next, in: &state)
      return .none
    }
    state.waitingUntil = state.queue.nextLearningDue
    guard let due = state.waitingUntil else { return .none }
    let wait = Duration.milliseconds(Int64((due.timeIntervalSince(now) * 1000).rounded(.up)))
    return .run { [clock] send in
      try await clock.sleep(for: wait)
      await send(.learningCardDue)
    }
    .cancellable(id: CancelID.wait, cancelInFlight: true)
  }

  private func show(_ card: ReviewCard, in state: inout State) {
    state.current = card
    state.answer = nil
    state.shownAt = now
  }
}
