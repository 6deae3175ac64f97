import Foundation

/// Time as py-fsrs's datetimes count it: whole microseconds, and whole days rounded down.
extension Scheduler {
  static func microseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// Whole days from `start` to `end`, rounded towards the past (a second before is day -1), like
  /// `timedelta.days`.
  static func wholeDays(from start: Date, to end: Date) -> Int {
    let difference = microseconds(end) - microseconds(start)
    let day: Int64 = 86_400_000_000
    let (quotient, remainder) = difference.quotientAndRemainder(dividingBy: day)
    return Int(remainder < 0 ? quotient - 1 : quotient)
  }

  /// `seconds` rounded to the microsecond, half to even, as `timedelta` arithmetic rounds.
  static func wholeMicroseconds(_ seconds: TimeInterval) -> TimeInterval {
    (seconds * 1_000_000).rounded(.toNearestOrEven) / 1_000_000
  }
}
