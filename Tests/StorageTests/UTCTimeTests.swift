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
