import Foundation
import Storage
import WordFormats

// A word's card and review log in vocab's JSON, named as `show --json` names a Card (and `grade --json` a
// rating), with every stored column and the dates to the millisecond:
//   "card": {"difficulty":…,"due":"…","lapses":n,"lastReview":"…"|null,"reps":n,"stability":…,"state":"review",
//            "step":n,"wordId":n}
//   "reviews": [{"after":{"difficulty","due","stability","state","step"},"before":{a Card without "wordId"},
//                "durationMs":n,"id":n,"intervalAfter":n,"intervalBefore":n,"rating":"good","reviewedAt":"…",
//                "wordId":n}…]   oldest first
// Unlike `show`, `step` is written in every state (the stored number). Ids are the exporting database's and are
// ignored on import.

extension JSONWordWriter {
  /// A Card; `withWordID` for the word's own, not for the card before a review.
  mutating func card(_ card: StoredCard, withWordID: Bool) {
    raw("{\"difficulty\":")
    number(card.difficulty)
    raw(",\"due\":")
    string(JSONDate.format(card.due))
    raw(",\"lapses\":\(card.lapses),\"lastReview\":")
    if let lastReview = card.lastReview { string(JSONDate.format(lastReview)) } else { raw("null") }
    raw(",\"reps\":\(card.reps),\"stability\":")
    number(card.stability)
    raw(",\"state\":\"\(card.state.rawValue)\",\"step\":\(card.step)")
    raw(withWordID ? ",\"wordId\":\(card.wordID)}" : "}")
  }

  mutating func review(_ review: LoggedReview) {
    raw("{\"after\":{\"difficulty\":")
    number(review.difficultyAfter)
    raw(",\"due\":")
    string(JSONDate.format(review.dueAfter))
    raw(",\"stability\":")
    number(review.stabilityAfter)
    raw(",\"state\":\"\(review.stateAfter.rawValue)\",\"step\":\(review.stepAfter)},\"before\":")
    card(review.before, withWordID: false)
    raw(",\"durationMs\":\(review.durationMilliseconds),\"id\":\(review.id),\"intervalAfter\":\(review.intervalAfter)")
    raw(",\"intervalBefore\":\(review.intervalBefore),\"rating\":")
    if (1...4).contains(review.rating) { string(JSONRating.names[review.rating - 1]) } else { raw("\(review.rating)") }
    raw(",\"reviewedAt\":")
    string(JSONDate.format(review.reviewedAt))
    raw(",\"wordId\":\(review.wordID)}")
  }

  /// A number as Swift writes it shortest (it reads back as the same Double), or null.
  private mutating func number(_ value: Double?) {
    guard let value, value.isFinite else { return raw("null") }
    raw(String(value))
  }
}

/// Ratings by the names `grade` takes and prints.
enum JSONRating {
  static let names = ["again", "hard", "good", "easy"]
}

extension JSONObject {
  /// The word's `card` and `reviews`, when it has a card (a log without one is an error; a card without a log
  /// has none). Values out of range are left to the storage rules, which name them.
  func reviewHistory() throws -> ReviewHistory? {
    guard let card = try object("card", "the card") else {
      guard field("reviews") == nil else { throw FormatError(line: line, "the word has \"reviews\" but no \"card\"") }
      return nil
    }
    guard let value = field("reviews") else { return ReviewHistory(card: try card.card()) }
    guard case .array(let items) = value else { throw FormatError(line: line, "\"reviews\" must be an array") }
    return ReviewHistory(
      card: try card.card(),
      log: try items.enumerated().map { index, item in
        guard case .object(let fields) = item else {
          throw FormatError(line: line, "review \(index + 1) must be an object")
        }
        return try JSONObject(fields: fields, line: line, what: "review \(index + 1)").review()
      })
  }

  private func object(_ name: String, _ what: String) throws -> JSONObject? {
    guard let value = field(name) else { return nil }
    guard case .object(let fields) = value else { throw FormatError(line: line, "\"\(name)\" must be an object") }
    return JSONObject(fields: fields, line: line, what: what)
  }

  private func card() throws -> StoredCard {
    StoredCard(
      wordID: 0, state: try state(), step: try integer("step", default: 0), stability: try number("stability"),
      difficulty: try number("difficulty"), due: try requiredDate("due"), lastReview: try date("lastReview"),
      reps: try integer("reps", default: 0), lapses: try integer("lapses", default: 0))
  }

  private func review() throws -> LoggedReview {
    guard let before = try object("before", "the card before \(what)") else {
      throw FormatError(line: line, "\(what) has no \"before\"")
    }
    guard let after = try object("after", "the card after \(what)") else {
      throw FormatError(line: line, "\(what) has no \"after\"")
    }
    return LoggedReview(
      id: 0, wordID: 0, reviewedAt: try requiredDate("reviewedAt"), rating: try rating(), before: try before.card(),
      stateAfter: try after.state(), stepAfter: try after.integer("step", default: 0),
      stabilityAfter: try after.number("stability"), difficultyAfter: try after.number("difficulty"),
      dueAfter: try after.requiredDate("due"), intervalBefore: try integer("intervalBefore", default: 0),
      intervalAfter: try integer("intervalAfter", default: 0), durationMilliseconds: Int64(try integer("durationMs", default: 0)))
  }

  private func state() throws -> StoredCard.State {
    let name = try string("state")
    guard let state = StoredCard.State(rawValue: name) else {
      throw FormatError(line: line, "the state of \(what) must be new, learning, review or relearning, not \"\(name)\"")
    }
    return state
  }

  /// A rating by name, or its number (1–4, which the storage rules check).
  private func rating() throws -> Int {
    switch field("rating") {
    case .string(let name)?:
      guard let index = JSONRating.names.firstIndex(of: name) else {
        throw FormatError(line: line, "the rating of \(what) must be again, hard, good or easy, not \"\(name)\"")
      }
      return index + 1
    case .number?: return try integer("rating", default: 0)
    case nil: throw FormatError(line: line, "\(what) has no \"rating\"")
    default: throw FormatError(line: line, "the rating of \(what) must be again, hard, good or easy")
    }
  }

  /// A whole number; `fallback` when missing or null (`show` prints a new card's step as null).
  private func integer(_ name: String, default fallback: Int) throws -> Int {
    switch field(name) {
    case nil, .null?: return fallback
    case .number(let text)?:
      guard let value = Int(text) else { throw FormatError(line: line, "\"\(name)\" of \(what) must be a whole number, not \(text)") }
      return value
    default: throw FormatError(line: line, "\"\(name)\" of \(what) must be a whole number")
    }
  }

  /// A number, nil when missing or null.
  private func number(_ name: String) throws -> Double? {
    switch field(name) {
    case nil, .null?: return nil
    case .number(let text)?:
      guard let value = Double(text) else { throw FormatError(line: line, "\"\(name)\" of \(what) must be a number") }
      return value
    default: throw FormatError(line: line, "\"\(name)\" of \(what) must be a number or null")
    }
  }

  private func requiredDate(_ name: String) throws -> Date {
    guard let date = try date(name) else { throw FormatError(line: line, "\(what) has no \"\(name)\"") }
    return date
  }
}
