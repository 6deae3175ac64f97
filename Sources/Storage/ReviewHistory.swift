import Foundation

/// A row of the review log with every column: what an export hands out and an import writes back. Of the card
/// after the review the log keeps the state, step, stability, difficulty and due; the card itself has the rest.
public struct LoggedReview: Equatable, Hashable, Sendable, Identifiable {
  public var id: StoredReview.ID
  public var wordID: Word.ID
  public var reviewedAt: Date
  /// 1 again, 2 hard, 3 good, 4 easy.
  public var rating: Int
  /// The card as the review found it, every column (its `wordID` is the review's).
  public var before: StoredCard
  public var stateAfter: StoredCard.State
  public var stepAfter: Int
  public var stabilityAfter: Double?
  public var difficultyAfter: Double?
  public var dueAfter: Date
  public var intervalBefore: Int
  public var intervalAfter: Int
  public var durationMilliseconds: Int64

  public init(
    id: StoredReview.ID, wordID: Word.ID, reviewedAt: Date, rating: Int, before: StoredCard,
    stateAfter: StoredCard.State, stepAfter: Int, stabilityAfter: Double?, difficultyAfter: Double?, dueAfter: Date,
    intervalBefore: Int, intervalAfter: Int, durationMilliseconds: Int64
  ) {
    self.id = id
    self.wordID = wordID
    self.reviewedAt = reviewedAt
    self.rating = rating
    self.before = before
    self.stateAfter = stateAfter
    self.stepAfter = stepAfter
    self.stabilityAfter = stabilityAfter
    self.difficultyAfter = difficultyAfter
    self.dueAfter = dueAfter
    self.intervalBefore = intervalBefore
    self.intervalAfter = intervalAfter
    self.durationMilliseconds = durationMilliseconds
  }

  /// The row a recorded review makes.
  public init(_ review: StoredReview) {
    self.init(
      id: review.id, wordID: review.wordID, reviewedAt: review.reviewedAt, rating: review.rating, before: review.before,
      stateAfter: review.after.state, stepAfter: review.after.step, stabilityAfter: review.after.stability,
      difficultyAfter: review.after.difficulty, dueAfter: review.after.due, intervalBefore: review.intervalBefore,
      intervalAfter: review.intervalAfter, durationMilliseconds: review.durationMilliseconds)
  }
}

/// A word's card and its review log, oldest first: what a JSON export carries beside a word, and what an import
/// gives the word instead of a new card. On import the ids and word ids are ignored (the word's are used).
public struct ReviewHistory: Equatable, Hashable, Sendable {
  public var card: StoredCard
  public var log: [LoggedReview]

  public init(card: StoredCard, log: [LoggedReview] = []) {
    self.card = card
    self.log = log
  }

  /// The history as the word `wordID` keeps it: its ids, times to the millisecond (log ids are the store's).
  func stored(for wordID: Word.ID) -> ReviewHistory {
    var history = self
    history.card.wordID = wordID
    history.card = history.card.storedPrecision
    for index in history.log.indices {
      history.log[index].id = 0
      history.log[index].wordID = wordID
      history.log[index].reviewedAt = log[index].reviewedAt.storedPrecision
      history.log[index].before.wordID = wordID
      history.log[index].before = history.log[index].before.storedPrecision
      history.log[index].dueAfter = log[index].dueAfter.storedPrecision
    }
    return history
  }

  /// Whether the two hold the same card and log, ids aside.
  func isSame(as other: ReviewHistory) -> Bool { stored(for: 0) == other.stored(for: 0) }
}

extension ReviewLogEntry {
  /// The entry of a logged review.
  init(_ review: LoggedReview) {
    self.init(
      id: review.id, wordID: review.wordID, reviewedAt: review.reviewedAt, rating: review.rating,
      stateBefore: review.before.state, stateAfter: review.stateAfter, intervalBefore: review.intervalBefore,
      intervalAfter: review.intervalAfter, durationMilliseconds: review.durationMilliseconds)
  }
}
