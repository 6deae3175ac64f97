import Foundation
import Testing

import Storage

/// The one date formatter: JSON's ISO 8601 and the compact form in backup names agree on every moment.
@Suite struct UTCTimeTests {
  @Test(arguments: [
    (1_700_000_000.0, "2023-11-14T22:13:20Z", "20231114T221320Z"),
    (1_700_000_000.999, "2023-11-14T22:13:20Z", "20231114T221320Z"),  // whole seconds, rounded down
    (0, "1970-01-01T00:00:00Z", "19700101T000000Z"),
    (951_782_400, "2000-02-29T00:00:00Z", "20000229T000000Z"),
    (253_402_300_799, "9999-12-31T23:59:59Z", "99991231T235959Z"),
  ])
  func formatsInUTC(seconds: Double, iso8601: String, compact: String) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(UTCTime.iso8601(date) == iso8601)
    #expect(UTCTime.compact(date) == compact)
  }

  @Test(arguments: [
    ("2026-03-01T08:00:00Z", 1_772_352_000.0),
    ("2026-03-01T17:00:00+09:00", 1_772_352_000),
    ("2026-03-01T17:00:00+0900", 1_772_352_000),
    ("2026-02-28T21:30:00-10:30", 1_772_352_000),
    ("2026-03-01T08:00:00.250Z", 1_772_352_000.25),
    ("2000-02-29T00:00:00Z", 951_782_400),
    ("1970-01-01T00:00:00Z", 0),
    ("1969-12-31T23:59:59Z", -1),
    ("9999-12-31T23:59:59Z", 253_402_300_799),
  ])
  func parsesISO8601(text: String, seconds: Double) {
    #expect(UTCTime.parse(text) == Date(timeIntervalSince1970: seconds))
  }

  /// Every moment written reads back as itself.
  @Test func parsesWhatItFormats() {
    // About 1,000 moments from 1906 to 9892, an odd step apart so every field varies.
    for seconds in stride(from: -2_000_000_000, to: 250_000_000_000, by: 252_000_007) {
      let date = Date(timeIntervalSince1970: Double(seconds))
      #expect(UTCTime.parse(UTCTime.iso8601(date)) == date)
    }
  }

  @Test(arguments: [
    "", "now", "2026-03-01", "2026-03-01T08:00:00", "2026-03-01T08:00Z", "2026-03-01 08:00:00Z",
    "2026-02-29T08:00:00Z", "2026-13-01T08:00:00Z", "2026-03-00T08:00:00Z", "2026-03-01T24:00:00Z",
    "2026-03-01T08:60:00Z", "2026-03-01T08:00:60Z", "2026-03-01T08:00:00.Z", "2026-03-01T08:00:00+9:00",
    "2026-03-01T08:00:00+09:60", "2026-03-01T08:00:00Zjunk", " 2026-03-01T08:00:00Z", "２０２６-03-01T08:00:00Z",
  ])
  func refusesWhatIsNotADateAndTime(text: String) {
    #expect(UTCTime.parse(text) == nil)
  }

  /// `iso8601` replaced Foundation's `ISO8601DateFormatter` (milliseconds of start-up) where vocab printed dates
  /// with it, so it must print what that formatter prints: checked on stored instants (whole milliseconds, as
  /// vocab keeps them) from 1970 to 9999 in steps that land on every part of a second, and on the edges of days.
  @Test func printsWhatISO8601DateFormatterPrints() {
    let formatter = ISO8601DateFormatter()
    let last: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
    var milliseconds = Array(stride(from: Int64(0), through: last, by: 12_670_115_039))
    for day in stride(from: Int64(1), through: last / 86_400_000, by: 997) {
      milliseconds += [day * 86_400_000 - 1, day * 86_400_000, day * 86_400_000 + 999]
    }
    for instant in milliseconds {
      let date = Date(timeIntervalSince1970: Double(instant) / 1000)
      #expect(UTCTime.iso8601(date) == formatter.string(from: date), "at \(instant) ms")
    }
  }
}
