import Composable
import Foundation
import Storage
import Testing

@testable import ReviewFeature

@MainActor
@Suite struct DueReducerTests {
  /// A calendar in Seoul (UTC+9): the review day holding 2026-03-01T08:00:00Z (17:00 there) began at 04:00 there.
  static let seoul: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Seoul")!
    return calendar
  }()
  static let now = Date(timeIntervalSince1970: 1_772_352_000)  // 2026-03-01T08:00:00Z
  static let dayStart = Date(timeIntervalSince1970: 1_772_305_200)  // 2026-02-28T19:00:00Z, 04:00 in Seoul

  @Test(arguments: [BookCase.ID?.some(3), nil])
  func asksStorageForTheReviewDayHoldingNow(bookCaseID: BookCase.ID?) async {
    let (now, start) = (Self.now, Self.dayStart)
    let counts = DueCounts(byBookCase: [3: CardCounts(new: 20, learning: 2, review: 7, relearning: 1)], next: now.addingTimeInterval(60))
    let store = TestStore(initialState: DueReducer.State(bookCaseID: bookCaseID)) {
      DueReducer()
    } withDependencies: {
      $0.date.now = Self.now
      $0.calendar = Self.seoul
      $0.storageClient.countDueCards = { id, at, dayStart in
        #expect(id == bookCaseID && at == now && dayStart == start)
        return counts
      }
    }

    await store.send(.onAppear)
    await store.receive(.countsLoaded(counts)) { $0.counts = counts }
  }

  @Test func anUnknownBookCaseIsShown() async {
    let store = TestStore(initialState: DueReducer.State(bookCaseID: 9)) {
      DueReducer()
    } withDependencies: {
      $0.date.now = Self.now
      $0.calendar = Self.seoul
      $0.storageClient = .inMemory()
    }

    await store.send(.onAppear)
    await store.receive(.failed(.bookCaseNotFound(id: 9))) { $0.error = .bookCaseNotFound(id: 9) }
  }
}
