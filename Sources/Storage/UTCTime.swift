import Foundation

/// Dates as vocab writes them for people and programs: UTC, whole seconds (rounded down). The one place a date
/// becomes calendar fields; `gmtime_r`, since Foundation's formatters cost milliseconds of start-up.
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
}
