import Foundation
import Testing

@testable import ReviewFeature

@Suite struct ReviewDayTests {
  func calendar(_ identifier: String) throws -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: identifier))
    return calendar
  }

  func date(_ text: String) throws -> Date { try #require(ISO8601DateFormatter().date(from: text)) }

  @Test func theDayStartsAtFourInTheMorningLocalTime() throws {
    let utc = try calendar("UTC")
    #expect(ReviewDay.start(containing: try date("2026-03-01T08:00:00Z"), in: utc) == (try date("2026-03-01T04:00:00Z")))
    #expect(ReviewDay.start(containing: try date("2026-03-01T04:00:00Z"), in: utc) == (try date("2026-03-01T04:00:00Z")))
    #expect(ReviewDay.start(containing: try date("2026-03-01T03:59:59Z"), in: utc) == (try date("2026-02-28T04:00:00Z")))
    let tokyo = try calendar("Asia/Tokyo")
    // 01:30 in Tokyo belongs to the evening before.
    #expect(ReviewDay.start(containing: try date("2026-03-01T16:30:00Z"), in: tokyo) == (try date("2026-02-28T19:00:00Z")))
  }

  @Test func aDaylightSavingChangeMovesTheStartWithTheClock() throws {
    let newYork = try calendar("America/New_York")
    // Clocks went forward at 02:00 on 8 March 2026: 04:00 that day is EDT (UTC-4), the day before EST (UTC-5).
    #expect(ReviewDay.start(containing: try date("2026-03-08T16:00:00Z"), in: newYork) == (try date("2026-03-08T08:00:00Z")))
    #expect(ReviewDay.start(containing: try date("2026-03-08T07:30:00Z"), in: newYork) == (try date("2026-03-07T09:00:00Z")))
  }
}
