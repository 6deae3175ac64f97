import Foundation

/// One card's scheduling state: a plain value, changed only by `Scheduler.review`.
public struct Card: Equatable, Sendable, Codable {
  public var state: CardState
  /// The learning or relearning step the card is at; nil for new and review cards.
  public var step: Int?
  /// Days until recall probability falls to 90%; nil until the first review.
  public var stability: Double?
  /// 1 (easy) to 10 (hard); nil until the first review.
  public var difficulty: Double?
  public var due: Date
  public var lastReview: Date?
  /// Reviews so far.
  public var reps: Int
  /// Times the card was forgotten (rated Again) while in review.
  public var lapses: Int

  public init(
    state: CardState, step: Int?, stability: Double?, difficulty: Double?, due: Date, lastReview: Date?,
    reps: Int, lapses: Int
  ) {
    self.state = state
    self.step = step
    self.stability = stability
    self.difficulty = difficulty
    self.due = due
    self.lastReview = lastReview
    self.reps = reps
    self.lapses = lapses
  }

  /// A card never reviewed, due at once from `due` on (its creation time, as in py-fsrs).
  public static func new(due: Date) -> Card {
    Card(state: .new, step: nil, stability: nil, difficulty: nil, due: due, lastReview: nil, reps: 0, lapses: 0)
  }
}
