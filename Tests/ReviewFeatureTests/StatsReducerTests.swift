import Composable
import Foundation
import Storage
import Testing

@testable import ReviewFeature

@MainActor
@Suite struct StatsReducerTests {
  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// 2026-03-01 at `hour` UTC (hours past 24 run into the next days).
  static func at(_ hour: Double) -> Date { Date(timeIntervalSince1970: 1_772_323_200 + hour * 3600) }

  static func entry(_ id: Int64, at hour: Double, rating: Int, _ before: StoredCard.State, _ after: StoredCard.State) -> ReviewLogEntry {
    ReviewLogEntry(
      id: id, wordID: 1, reviewedAt: at(hour), rating: rating, stateBefore: before, stateAfter: after, intervalBefore: 0,
      intervalAfter: 0, durationMilliseconds: 0)
  }

  @Test func countsReviewsByReviewDayAndRetentionOfReviewCards() async {
    let log = [
      Self.entry(1, at: 2, rating: 3, .new, .learning),  // 02:00 belongs to the day that began Feb 28, 04:00
      Self.entry(2, at: 9, rating: 3, .learning, .review),
      Self.entry(3, at: 27.5, rating: 1, .review, .relearning),  // Mar 2, 03:30: still Mar 1's day
      Self.entry(4, at: 28, rating: 3, .relearning, .review),
      Self.entry(5, at: 80, rating: 2, .review, .review),
      Self.entry(6, at: 81, rating: 4, .review, .review),
    ]
    let cards = CardCounts(new: 4, learning: 0, review: 1, relearning: 0, nextDue: Self.at(200))
    let store = TestStore(initialState: StatsReducer.State(bookCaseID: 2)) {
      StatsReducer()
    } withDependencies: {
      $0.calendar = Self.utc
      $0.storageClient.fetchReviewLog = { id, since in
        #expect(id == 2 && since == .distantPast)
        return log
      }
      $0.storageClient.fetchCardCounts = { id in
        #expect(id == 2)
        return cards
      }
    }

    await store.send(.onAppear)
    await store.receive(.loaded(log, cards)) {
      $0.stats = ReviewStats(
        days: [
          .init(year: 2026, month: 2, day: 28, reviews: 1), .init(year: 2026, month: 3, day: 1, reviews: 2),
          .init(year: 2026, month: 3, day: 2, reviews: 1), .init(year: 2026, month: 3, day: 4, reviews: 2),
        ],
        reviews: 6, reviewsOfReviewCards: 3, recalled: 2, cards: cards)
    }
    #expect(store.state.stats?.retention == 2.0 / 3.0)
  }

  @Test func noReviewsNoRetention() async {
    let store = TestStore(initialState: StatsReducer.State(bookCaseID: nil)) {
      StatsReducer()
    } withDependencies: {
      $0.calendar = Self.utc
      $0.storageClient.fetchReviewLog = { _, _ in [] }
      $0.storageClient.fetchCardCounts = { _ in CardCounts(new: 3) }
    }

    await store.send(.onAppear)
    await store.receive(.loaded([], CardCounts(new: 3))) {
      $0.stats = ReviewStats(cards: CardCounts(new: 3))
    }
    #expect(store.state.stats?.retention == nil)
  }

  @Test func anUnknownBookCaseIsShown() async {
    let store = TestStore(initialState: StatsReducer.State(bookCaseID: 9)) {
      StatsReducer()
    } withDependencies: {
      $0.calendar = Self.utc
      $0.storageClient = .inMemory()
    }

    await store.send(.onAppear)
    await store.receive(.failed(.bookCaseNotFound(id: 9))) { $0.error = .bookCaseNotFound(id: 9) }
  }
}
