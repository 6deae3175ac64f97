import FSRS
import Foundation
import Testing

/// Review histories scheduled by py-fsrs (scripts/fsrs-histories.py), as JSON, and their replay through the
/// Swift scheduler.
struct PyFSRSHistories: Decodable {
  var fsrsVersion: String
  var seed: Int
  var histories: [History]

  struct History: Decodable {
    var scheduler: Settings
    /// Times are microseconds since 1970, UTC.
    var created: Int64
    var reviews: [Review]
  }

  struct Settings: Decodable {
    var parameters: [Double]
    var desiredRetention: Double
    var learningSteps: [Double]
    var relearningSteps: [Double]
    var maximumInterval: Int
    var enableFuzzing: Bool
  }

  struct Review: Decodable {
    var at: Int64
    var rating: String
    /// What py-fsrs's random.random() returned during this review, if it was called.
    var fuzz: Double?
    var card: ExpectedCard
  }

  struct ExpectedCard: Decodable {
    var state: String
    var step: Int?
    var stability: Double?
    var difficulty: Double?
    var due: Int64
    var lastReview: Int64?
  }

  static let repository = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

  static func decode(_ data: Data) throws -> PyFSRSHistories {
    try JSONDecoder().decode(PyFSRSHistories.self, from: data)
  }

  /// Replays every history, recording an issue at the first review where Swift and py-fsrs part, and returns the
  /// number of reviews compared.
  @discardableResult
  func replay(context: String) throws -> Int {
    #expect(fsrsVersion == "6.3.2", "histories made by py-fsrs \(fsrsVersion), not 6.3.2 (\(context))")
    var compared = 0
    for (index, history) in histories.enumerated() {
      let settings = history.scheduler
      let scheduler = try Scheduler(
        parameters: Parameters(settings.parameters), desiredRetention: settings.desiredRetention,
        learningSteps: settings.learningSteps, relearningSteps: settings.relearningSteps,
        maximumInterval: settings.maximumInterval, enableFuzzing: settings.enableFuzzing)
      var card = Card.new(due: date(history.created))
      for (number, review) in history.reviews.enumerated() {
        let rating = try #require(Rating.allCases.first { "\($0)" == review.rating })
        // Where py-fsrs drew nothing, 0 would move any fuzzed interval to its lowest day: a Swift fuzz that
        // py-fsrs did not apply shows.
        card = scheduler.review(card: card, rating: rating, at: date(review.at), random: review.fuzz ?? 0).card
        compared += 1
        if let difference = differences(card, review.card) {
          Issue.record("\(context), history \(index), review \(number + 1) (\(rating)): \(difference)")
          break
        }
      }
    }
    return compared
  }

  private func date(_ microseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
  }

  private func differences(_ card: Card, _ expected: ExpectedCard) -> String? {
    var found: [String] = []
    if card.state.rawValue != expected.state { found.append("state \(card.state), py-fsrs \(expected.state)") }
    if card.step != expected.step { found.append("step \(card.step as Any), py-fsrs \(expected.step as Any)") }
    if !close(card.stability, expected.stability) {
      found.append("stability \(card.stability as Any), py-fsrs \(expected.stability as Any)")
    }
    if !close(card.difficulty, expected.difficulty) {
      found.append("difficulty \(card.difficulty as Any), py-fsrs \(expected.difficulty as Any)")
    }
    if abs(card.due.timeIntervalSince(date(expected.due))) >= 0.001 {
      found.append("due \(card.due), py-fsrs \(date(expected.due))")
    }
    if card.lastReview.map({ abs($0.timeIntervalSince(date(expected.lastReview ?? 0))) >= 0.001 }) ?? true {
      found.append("last review \(card.lastReview as Any), py-fsrs \(expected.lastReview as Any)")
    }
    return found.isEmpty ? nil : found.joined(separator: "; ")
  }

  /// Equal within 1e-6 relative, as the issue asks.
  private func close(_ value: Double?, _ expected: Double?) -> Bool {
    guard let value, let expected else { return value == nil && expected == nil }
    return abs(value - expected) <= 1e-6 * abs(expected)
  }
}
