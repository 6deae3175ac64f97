import FSRS
import Foundation
import Storage

extension Scheduler {
  /// What `recordReview` stores when `card` is answered with `rating` at `now`: FSRS's new card, and the
  /// intervals in whole days since the last review and until the next, as Anki's review log keeps them.
  /// `random` is the fuzz draw (0 ≤ random < 1) from the caller's random-number dependency.
  public func grade(
    _ card: StoredCard, _ rating: Rating, at now: Date, random: Double, durationMilliseconds: Int64 = 0
  ) -> ReviewDraft {
    let after = review(card: card.fsrs, rating: rating, at: now, random: random).card
    return ReviewDraft(
      reviewedAt: now, rating: rating.rawValue, after: StoredCard(wordID: card.wordID, after),
      intervalBefore: card.lastReview.map { Self.days(from: $0, to: now) } ?? 0,
      intervalAfter: Self.days(from: now, to: after.due), durationMilliseconds: durationMilliseconds)
  }

  static func days(from start: Date, to end: Date) -> Int {
    Int((end.timeIntervalSince(start) / 86_400).rounded(.down))
  }
}
