import Composable
import FSRS
import Foundation
import Storage

@testable import ReviewFeature

/// A review session's world: an in-memory database, a test clock, `date.now` following that clock from
/// 2026-03-01 08:00 UTC, a UTC calendar (the review day starts 04:00 UTC), and a fixed fuzz draw of 0.5.
@MainActor
final class ReviewFixture {
  static let start = Date(timeIntervalSince1970: 1_772_352_000)
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  let clock = TestClock()
  let toefl = BookCase(id: 1, name: "TOEFL", createdAt: ReviewFixture.start, updatedAt: ReviewFixture.start)
  let other = BookCase(id: 2, name: "Other", createdAt: ReviewFixture.start, updatedAt: ReviewFixture.start)
  let words: [Word]
  let storage: StorageClient

  /// `count` words in TOEFL added an hour apart (ids 1…), and one word in Other (the next id), added last.
  init(count: Int = 3) {
    var words = (1...count).map { index in
      Word(
        id: Int64(index), bookCaseID: 1, term: "term \(index)", meaning: "meaning \(index)",
        createdAt: Self.start.addingTimeInterval(Double(index - count - 2) * 3600),
        updatedAt: Self.start)
    }
    words.append(
      Word(id: Int64(count + 1), bookCaseID: 2, term: "elsewhere", meaning: "far", createdAt: Self.start.addingTimeInterval(-3600),
        updatedAt: Self.start))
    self.words = words
    storage = .inMemory(bookCases: [toefl, other], words: words)
  }

  var now: Date {
    let elapsed = TestClock<Duration>.Instant().duration(to: clock.now).components
    return Self.start.addingTimeInterval(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
  }

  func store(_ state: ReviewReducer.State) -> TestStore<ReviewReducer.State, ReviewReducer.Action> {
    TestStore(initialState: state) {
      ReviewReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.continuousClock = clock
      $0.date = DateGenerator { [unowned self] in MainActor.assumeIsolated { self.now } }
      $0.calendar = Self.calendar
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(HalfwayGenerator())
    }
  }

  /// The word's card and the word, as the session holds them, read from the database now.
  func card(_ index: Int) async throws -> ReviewCard {
    let word = words[index]
    return ReviewCard(card: try await storage.fetchCard(word.id), word: word)
  }

  /// Stores `card` for word `index` as a review at `reviewedAt` would, before the session starts.
  func put(_ index: Int, _ state: StoredCard.State, due: Date, reviewedAt: Date, rating: Int = 3) async throws {
    let after = StoredCard(
      wordID: words[index].id, state: state, step: 0, stability: 10, difficulty: 5, due: due, lastReview: reviewedAt,
      reps: 1)
    _ = try await storage.recordReview(
      ReviewDraft(reviewedAt: reviewedAt, rating: rating, after: after, intervalBefore: 0, intervalAfter: 10))
  }

  var schedulers: [BookCase.ID: Scheduler] {
    [1: try! Scheduler(), 2: try! Scheduler()]
  }
}

/// Every draw is 0.5 (`Double.random` takes the low 53 bits): fuzz takes the middle of its range.
struct HalfwayGenerator: RandomNumberGenerator {
  func next() -> UInt64 { 1 << 52 }
}
