import FSRS
import Foundation
import Storage

/// What a review session starts with: its queue and each bookcase's scheduler.
public struct ReviewStart: Equatable, Sendable {
  public var queue: ReviewQueue
  public var schedulers: [BookCase.ID: Scheduler]

  public init(queue: ReviewQueue, schedulers: [BookCase.ID: Scheduler]) {
    self.queue = queue
    self.schedulers = schedulers
  }

  /// The session of one bookcase or (nil) of all at `now`: learning and relearning cards due now; review cards
  /// due now, up to what each bookcase's daily review limit leaves today; new cards in the order they were
  /// added, up to what its new-card limit leaves. `newLimit` and `reviewLimit` replace what the limits leave,
  /// for the whole session. Today is the review day (from 04:00) in `calendar`.
  static func load(
    from storage: StorageClient, bookCaseID: BookCase.ID?, newLimit: Int?, reviewLimit: Int?, now: Date,
    calendar: Calendar
  ) async throws -> ReviewStart {
    let bookCaseIDs = if let bookCaseID { [bookCaseID] } else { try await storage.fetchBookCases().map(\.id) }
    let dayStart = ReviewDay.start(containing: now, in: calendar)
    var schedulers: [BookCase.ID: Scheduler] = [:]
    var (learning, reviews, new) = ([StoredCard](), [StoredCard](), [StoredCard]())
    for id in bookCaseIDs {
      let settings = try await storage.fetchReviewSettings(id)
      do {
        schedulers[id] = try settings.scheduler()
      } catch {
        throw StorageError.reviewSettingOutOfRange("retention", range: "0.70 to 0.99")
      }
      let tally = try await storage.fetchReviewTally(id, dayStart)
      learning += try await storage.fetchCardsInStates(id, [.learning, .relearning], now, .max)
      reviews += try await storage.fetchCardsInStates(
        id, [.review], now, reviewLimit ?? max(0, settings.maxReviewsPerDay - tally.reviews))
      new += try await storage.fetchCardsInStates(
        id, [.new], nil, newLimit ?? max(0, settings.newCardsPerDay - tally.newCards))
    }
    // Across bookcases too: earliest due first, new cards oldest first; an override caps the session.
    let order = { (a: StoredCard, b: StoredCard) in (a.due, a.wordID) < (b.due, b.wordID) }
    reviews = Array(reviews.sorted(by: order).prefix(reviewLimit ?? .max))
    new = Array(new.sorted(by: order).prefix(newLimit ?? .max))
    var words: [Word.ID: Word] = [:]
    for card in learning + reviews + new { words[card.wordID] = try await storage.fetchWord(card.wordID) }
    let withWords = { (cards: [StoredCard]) in cards.compactMap { card in words[card.wordID].map { ReviewCard(card: card, word: $0) } } }
    return ReviewStart(
      queue: ReviewQueue(learning: withWords(learning), upcoming: withWords(reviews) + withWords(new)),
      schedulers: schedulers)
  }
}
