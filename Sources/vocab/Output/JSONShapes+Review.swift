import Foundation
import ReviewFeature
import Storage

/// The `--json` documents of reviewing (documented in README.md), written as `JSONShapes` writes the others.
extension JSONShapes {
  /// `edit-bookcase --json`: the Bookcase with its review settings.
  static func bookCase(_ bookCase: BookCase, reviewSettings: ReviewSettings) -> String {
    var json = JSONText()
    json.bookCase(bookCase, review: reviewSettings)
    json.raw("\n")
    return json.text
  }

  /// `show --json`: the Word with its card.
  static func word(_ word: Word, card: StoredCard) -> String {
    var json = JSONText()
    json.word(word, card: card)
    json.raw("\n")
    return json.text
  }
}

extension JSONText {
  /// `,"review":{…}`, the settings as a member of a Bookcase.
  mutating func reviewSettings(_ settings: ReviewSettings) {
    raw(",\"review\":{\"desiredRetention\":\(settings.desiredRetention),\"fuzz\":\(settings.fuzz)")
    raw(",\"maxReviewsPerDay\":\(settings.maxReviewsPerDay),\"newCardsPerDay\":\(settings.newCardsPerDay)}")
  }

  /// A Card: `step` null outside learning and relearning, `stability`, `difficulty` and `lastReview` null
  /// before the first review.
  mutating func card(_ card: StoredCard) {
    raw("{\"difficulty\":")
    number(card.difficulty)
    raw(",\"due\":")
    date(card.due)
    raw(",\"lapses\":\(card.lapses),\"lastReview\":")
    if let lastReview = card.lastReview { date(lastReview) } else { raw("null") }
    raw(",\"reps\":\(card.reps),\"stability\":")
    number(card.stability)
    raw(",\"state\":\"\(card.state.rawValue)\",\"step\":")
    raw(card.state == .learning || card.state == .relearning ? String(card.step) : "null")
    raw(",\"wordId\":\(card.wordID)}")
  }

  /// A number as Swift writes it shortest (it reads back as the same Double), or null.
  mutating func number(_ value: Double?) {
    guard let value, value.isFinite else { return raw("null") }
    raw(String(value))
  }
}

extension JSONShapes {
  /// `grade --json`: `{"card":Card,"rating":"good","reviewedAt":"…"}`.
  static func graded(_ review: StoredReview) -> String {
    var json = JSONText()
    json.raw("{\"card\":")
    json.card(review.after)
    json.raw(",\"rating\":\"\(ratingNames[review.rating - 1])\",\"reviewedAt\":")
    json.date(review.reviewedAt)
    json.raw("}\n")
    return json.text
  }

  /// `grade --undo --json`: `{"card":Card}`, the card as it is again.
  static func card(_ card: StoredCard) -> String {
    var json = JSONText()
    json.raw("{\"card\":")
    json.card(card)
    json.raw("}\n")
    return json.text
  }

  /// Ratings 1–4 by name.
  static let ratingNames = ["again", "hard", "good", "easy"]
}

extension JSONShapes {
  /// `due --json`: `{"learning":n,"new":n,"next":"…"|null,"relearning":n,"review":n}`.
  static func due(_ counts: DueCounts) -> String {
    let total = counts.total
    var json = JSONText()
    json.raw("{\"learning\":\(total.learning),\"new\":\(total.new),\"next\":")
    if let next = counts.next { json.date(next) } else { json.raw("null") }
    json.raw(",\"relearning\":\(total.relearning),\"review\":\(total.review)}\n")
    return json.text
  }
}

extension JSONShapes {
  /// `stats --json`: `{"cards":{…},"days":[{"date":"2026-03-01","reviews":n}…],"retention":0.9|null,"reviews":n,
  /// "reviewsOfReviewCards":n}`.
  static func stats(_ stats: ReviewStats) -> String {
    let cards = stats.cards
    var json = JSONText()
    json.raw("{\"cards\":{\"learning\":\(cards.learning),\"new\":\(cards.new),\"relearning\":\(cards.relearning)")
    json.raw(",\"review\":\(cards.review)},\"days\":[")
    for (index, day) in stats.days.enumerated() {
      if index > 0 { json.raw(",") }
      json.raw("{\"date\":\"\(Listings.date(day))\",\"reviews\":\(day.reviews)}")
    }
    json.raw("],\"retention\":")
    json.number(stats.retention)
    json.raw(",\"reviews\":\(stats.reviews),\"reviewsOfReviewCards\":\(stats.reviewsOfReviewCards)}\n")
    return json.text
  }
}
