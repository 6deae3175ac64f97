import Foundation

/// Dates as vocab writes them for people and programs: UTC, whole seconds (rounded down), and as it reads them
/// (`VOCAB_NOW`). The one place a date becomes calendar fields and back; `gmtime_r` and plain arithmetic, since
/// Foundation's formatters cost milliseconds of start-up.
public enum UTCTime {
  /// `2026-11-21T19:42:45Z`: ISO 8601, as JSON output shows dates.
  public static func iso8601(_ date: Date) -> String { format(date, dateSeparator: "-", timeSeparator: ":") }

  /// `20261121T194245Z`: ISO 8601's basic format, for file names such as backups.
  public static func compact(_ date: Date) -> String { format(date, dateSeparator: "", timeSeparator: "") }

  private static func format(_ date: Date, dateSeparator: String, timeSeparator: String) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int32, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return digits(parts.tm_year + 1900, 4) + dateSeparator + digits(parts.tm_mon + 1, 2) + dateSeparator
      + digits(parts.tm_mday, 2) + "T" + digits(parts.tm_hour, 2) + timeSeparator + digits(parts.tm_min, 2)
      + timeSeparator + digits(parts.tm_sec, 2) + "Z"
  }

  /// The moment an ISO 8601 date and time names, `2026-03-01T08:00:00Z` or `2026-03-01T17:00:00+09:00`
  /// (seconds may carry a fraction; the offset may be written without its colon), or nil when `text` is not
  /// one. A date without a time or an offset is refused: it would name a different moment on every machine.
  public static func parse(_ text: String) -> Date? {
    var reader = DigitReader(Array(text.utf8))
    guard let year = reader.number(4), reader.skip("-"), let month = reader.number(2), reader.skip("-"),
      let day = reader.number(2), reader.skip("T"), let hour = reader.number(2), reader.skip(":"),
      let minute = reader.number(2), reader.skip(":"), let second = reader.number(2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
      second < 60
    else { return nil }
    var fraction = 0.0
    if reader.skip(".") {
      var scale = 0.1
      guard reader.peekDigit != nil else { return nil }
      while let digit = reader.peekDigit {
        fraction += Double(digit) * scale
        scale /= 10
        reader.advance()
      }
    }
    var offsetSeconds = 0
    if !reader.skip("Z") {
      let sign: Int
      if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
      guard let offsetHours = reader.number(2) else { return nil }
      _ = reader.skip(":")
      guard let offsetMinutes = reader.number(2), offsetHours < 24, offsetMinutes < 60 else { return nil }
      offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
    }
    guard reader.atEnd else { return nil }
    let seconds = daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds - offsetSeconds) + fraction)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
  private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

/// Reads fixed-width decimal numbers and separators from ASCII bytes, left to right.
private struct DigitReader {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var atEnd: Bool { index == bytes.count }

  var peekDigit: Int? {
    guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
    return Int(bytes[index] - UInt8(ascii: "0"))
  }

  mutating func advance() { index += 1 }

  /// Exactly `count` digits as a number, or nil (reading nothing) when they are not there.
  mutating func number(_ count: Int) -> Int? {
    let start = index
    var value = 0
    for _ in 0..<count {
      guard let digit = peekDigit else {
        index = start
        return nil
      }
      value = value * 10 + digit
      advance()
    }
    return value
  }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }
}
