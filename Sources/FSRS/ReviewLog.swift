import Foundation

/// What one review did: the card before and after, so a review can be taken back exactly and history exported
/// with the intervals Anki's revlog keeps.
public struct ReviewLog: Equatable, Sendable {
  public var rating: Rating
  public var reviewedAt: Date
  public var before: Card
  public var after: Card

  public init(rating: Rating, reviewedAt: Date, before: Card, after: Card) {
    self.rating = rating
    self.reviewedAt = reviewedAt
    self.before = before
    self.after = after
  }
}
