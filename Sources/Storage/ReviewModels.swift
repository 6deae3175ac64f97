import Foundation

/// A word's spaced-repetition card as stored: the fields of FSRS's `Card`, kept free of the FSRS target
/// (the feature layer converts).
public struct StoredCard: Equatable, Hashable, Sendable, Codable {
  public enum State: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    case new, learning, review, relearning
  }

  public var wordID: Word.ID
  public var state: State
  /// The learning or relearning step; 0 in the other states.
  public var step: Int
  /// FSRS's stability in days and difficulty; nil before the first review.
  public var stability: Double?
  public var difficulty: Double?
  public var due: Date
  public var lastReview: Date?
  public var reps: Int
  public var lapses: Int

  public init(
    wordID: Word.ID, state: State = .new, step: Int = 0, stability: Double? = nil, difficulty: Double? = nil,
    due: Date, lastReview: Date? = nil, reps: Int = 0, lapses: Int = 0
  ) {
    self.wordID = wordID
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
    self.reps = reps
    self.lapses = lapses
  }

  /// The card with its times to the millisecond, as stored.
  var storedPrecision: StoredCard {
    var card = self
    card.due = due.storedPrecision
    card.lastReview = lastReview?.storedPrecision
    return card
  }
}

/// One answered card: the card before and after, so an undo restores it exactly.
public struct StoredReview: Equatable, Hashable, Sendable, Codable, Identifiable {
  public typealias ID = Int64

  public var id: ID
  public var wordID: Word.ID
  public var reviewedAt: Date
  /// 1 again, 2 hard, 3 good, 4 easy.
  public var rating: Int
  public var before: StoredCard
  public var after: StoredCard
  /// Days between the previous review and this one, and until the next (Anki's revlog `lastIvl`, `ivl`).
  public var intervalBefore: Int
  public var intervalAfter: Int
  /// How long the learner took to answer.
  public var durationMilliseconds: Int64

  public init(
    id: ID, wordID: Word.ID, reviewedAt: Date, rating: Int, before: StoredCard, after: StoredCard,
    intervalBefore: Int, intervalAfter: Int, durationMilliseconds: Int64
  ) {
    self.id = id
    self.wordID = wordID
    self.reviewedAt = reviewedAt
    self.rating = rating
    self.before = before
    self.after = after
    self.intervalBefore = intervalBefore
    self.intervalAfter = intervalAfter
    self.durationMilliseconds = durationMilliseconds
  }
}

/// What `recordReview` writes: the answer and the card FSRS computed from it.
public struct ReviewDraft: Equatable, Hashable, Sendable, Codable {
  public var reviewedAt: Date
  public var rating: Int
  /// The card after the review; its `wordID` names the word reviewed.
  public var after: StoredCard
  public var intervalBefore: Int
  public var intervalAfter: Int
  public var durationMilliseconds: Int64

  public init(
    reviewedAt: Date, rating: Int, after: StoredCard, intervalBefore: Int, intervalAfter: Int,
    durationMilliseconds: Int64 = 0
  ) {
    self.reviewedAt = reviewedAt
    self.rating = rating
    self.after = after
    self.intervalBefore = intervalBefore
    self.intervalAfter = intervalAfter
    self.durationMilliseconds = durationMilliseconds
  }
}

/// How many cards are in each state, and when the next one falls due (nil when there is no card).
public struct CardCounts: Equatable, Hashable, Sendable, Codable {
  public var new: Int
  public var learning: Int
  public var review: Int
  public var relearning: Int
  public var nextDue: Date?

  public init(new: Int = 0, learning: Int = 0, review: Int = 0, relearning: Int = 0, nextDue: Date? = nil) {
    self.new = new
    self.learning = learning
    self.review = review
    self.relearning = relearning
    self.nextDue = nextDue
  }
}

/// How a bookcase's cards are scheduled and how many of them a day asks for.
public struct ReviewSettings: Equatable, Hashable, Sendable, Codable {
  /// The recall probability intervals aim for (FSRS's desired retention).
  public static let retentionRange: ClosedRange<Double> = 0.70...0.99
  public static let newCardsRange: ClosedRange<Int> = 0...10_000
  public static let reviewsRange: ClosedRange<Int> = 0...100_000
  public static let `default` = ReviewSettings()

  public var desiredRetention: Double
  /// Cards seen for the first time in one review day.
  public var newCardsPerDay: Int
  /// Reviews of cards in the review state in one review day (learning cards are never held back).
  public var maxReviewsPerDay: Int
  /// Whether review intervals are spread a little at random, so words learnt together part ways.
  public var fuzz: Bool

  public init(desiredRetention: Double = 0.9, newCardsPerDay: Int = 20, maxReviewsPerDay: Int = 200, fuzz: Bool = true) {
    self.desiredRetention = desiredRetention
    self.newCardsPerDay = newCardsPerDay
    self.maxReviewsPerDay = maxReviewsPerDay
    self.fuzz = fuzz
  }
}

/// What has been studied since a time (the start of the review day), as the daily limits count it.
public struct ReviewTally: Equatable, Hashable, Sendable, Codable {
  /// Cards reviewed for the first time.
  public var newCards: Int
  /// Reviews of cards that were in the review state.
  public var reviews: Int

  public init(newCards: Int = 0, reviews: Int = 0) {
    self.newCards = newCards
    self.reviews = reviews
  }
}

/// How many cards a review day asks for at a moment (`countDueCards`), per bookcase, and when the next card
/// falls due.
public struct DueCounts: Equatable, Hashable, Sendable, Codable {
  /// Each bookcase's due cards per state: new and review cards only as many as its daily limits leave
  /// (`nextDue` unused).
  public var byBookCase: [BookCase.ID: CardCounts]
  /// The earliest due time after the moment, of any card in scope; nil when none is due later.
  public var next: Date?

  public init(byBookCase: [BookCase.ID: CardCounts] = [:], next: Date? = nil) {
    self.byBookCase = byBookCase
    self.next = next
  }

  /// Every bookcase's counts added up.
  public var total: CardCounts {
    byBookCase.values.reduce(into: CardCounts()) { total, counts in
      total.new += counts.new
      total.learning += counts.learning
      total.review += counts.review
      total.relearning += counts.relearning
    }
  }
}

extension CardCounts {
  /// Cards in every state.
  public var all: Int { new + learning + review + relearning }
}

/// One row of the review log as `fetchReviewLog` reads it: the answer and the states it moved the card between.
public struct ReviewLogEntry: Equatable, Hashable, Sendable, Codable, Identifiable {
  public var id: StoredReview.ID
  public var wordID: Word.ID
  public var reviewedAt: Date
  /// 1 again, 2 hard, 3 good, 4 easy.
  public var rating: Int
  public var stateBefore: StoredCard.State
  public var stateAfter: StoredCard.State
  public var intervalBefore: Int
  public var intervalAfter: Int
  public var durationMilliseconds: Int64

  public init(
    id: StoredReview.ID, wordID: Word.ID, reviewedAt: Date, rating: Int, stateBefore: StoredCard.State,
    stateAfter: StoredCard.State, intervalBefore: Int, intervalAfter: Int, durationMilliseconds: Int64
  ) {
    self.id = id
    self.wordID = wordID
    self.reviewedAt = reviewedAt
    self.rating = rating
    self.stateBefore = stateBefore
    self.stateAfter = stateAfter
    self.intervalBefore = intervalBefore
    self.intervalAfter = intervalAfter
    self.durationMilliseconds = durationMilliseconds
  }

  /// The entry a recorded review makes.
  public init(_ review: StoredReview) {
    self.init(
      id: review.id, wordID: review.wordID, reviewedAt: review.reviewedAt, rating: review.rating,
      stateBefore: review.before.state, stateAfter: review.after.state, intervalBefore: review.intervalBefore,
      intervalAfter: review.intervalAfter, durationMilliseconds: review.durationMilliseconds)
  }
}
