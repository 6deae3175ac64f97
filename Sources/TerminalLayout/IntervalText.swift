import Foundation

/// A time span as an answer button labels it: `<1m`, `6m`, `3h`, `8d`, `1.5mo`, `2.1y`, as Anki writes them.
public enum IntervalText {
  public static func short(_ seconds: TimeInterval) -> String {
    let minutes = seconds / 60
    let hours = minutes / 60
    let days = hours / 24
    switch seconds {
    case ..<60: return "<1m"
    case ..<3600: return "\(whole(minutes))m"
    case ..<86_400: return "\(whole(hours))h"
    case ..<(30 * 86_400): return "\(whole(days))d"
    case ..<(365 * 86_400): return "\(tenths(days / 30))mo"
    default: return "\(tenths(days / 365))y"
    }
  }

  private static func whole(_ value: Double) -> Int {
    Int(value.rounded(.toNearestOrAwayFromZero))
  }

  /// One decimal, without a trailing `.0`.
  private static func tenths(_ value: Double) -> String {
    let tenths = whole(value * 10)
    return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
  }
}
