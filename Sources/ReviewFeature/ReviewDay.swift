import Foundation

/// The day the daily limits count: it starts at 04:00 local time, as Anki's does, so a session past midnight
/// still belongs to the evening before.
public enum ReviewDay {
  public static let startHour = 4

  /// When the review day holding `now` began, in `calendar`'s time zone.
  public static func start(containing now: Date, in calendar: Calendar) -> Date {
    let today = calendar.date(bySettingHour: startHour, minute: 0, second: 0, of: now) ?? calendar.startOfDay(for: now)
    guard today > now else { return today }
    let yesterday = calendar.date(byAdding: .day, value: -1, to: now) ?? now
    return calendar.date(bySettingHour: startHour, minute: 0, second: 0, of: yesterday) ?? calendar.startOfDay(for: yesterday)
  }
}
