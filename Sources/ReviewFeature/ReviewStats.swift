import Foundation
import Storage

/// What `stats` shows: reviews per review day, retention, and the cards in each state.
public struct ReviewStats: Equatable, Sendable {
  public struct Day: Equatable, Sendable {
    /// The review day's calendar date where it began (a day runs from 04:00 to 04:00 local time).
    public var year: Int
    public var month: Int
    public var day: Int
    public var reviews: Int

    public init(year: Int, month: Int, day: Int, reviews: Int) {
      self.year = year
      self.month = month
      self.day = day
      self.reviews = reviews
    }
  }

  /// Every review day with a review, oldest first.
  public var days: [Day]
  public var reviews: Int
  /// Reviews of cards in the review state, and how many of them were not rated Again: what retention measures
  /// (a learning step forgotten says nothing about memory over days).
  public var reviewsOfReviewCards: Int
  public var recalled: Int
  public var cards: CardCounts

  /// The share of reviews of review cards not rated Again; nil before there is any.
  public var retention: Double? {
    reviewsOfReviewCards == 0 ? nil : Double(recalled) / Double(reviewsOfReviewCards)
  }

  public init(days: [Day] = [], reviews: Int = 0, reviewsOfReviewCards: Int = 0, recalled: Int = 0, cards: CardCounts = CardCounts()) {
    self.days = days
    self.reviews = reviews
    self.reviewsOfReviewCards = reviewsOfReviewCards
    self.recalled = recalled
    self.cards = cards
  }

  /// The statistics of `log` (oldest first) and `cards`, with review days in `calendar`'s time zone.
  public init(log: [ReviewLogEntry], cards: CardCounts, calendar: Calendar) {
    var days: [Day] = []
    var lastStart: Date?
    for entry in log {
      let start = ReviewDay.start(containing: entry.reviewedAt, in: calendar)
      if start == lastStart, !days.isEmpty {
        days[days.count - 1].reviews += 1
      } else {
        let date = calendar.dateComponents([.year, .month, .day], from: start)
        days.append(Day(year: date.year ?? 0, month: date.month ?? 0, day: date.day ?? 0, reviews: 1))
        lastStart = start
      }
    }
    let ofReviewCards = log.filter { $0.stateBefore == .review }
    self.init(
      days: days, reviews: log.count, reviewsOfReviewCards: ofReviewCards.count,
      recalled: ofReviewCards.count { $0.rating != 1 }, cards: cards)
  }
}
