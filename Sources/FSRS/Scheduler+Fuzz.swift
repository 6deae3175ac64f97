/// Interval fuzz as py-fsrs applies it: the wider, the longer the interval.
extension Scheduler {
  /// (from, to, share): each day of the interval inside from..<to widens the range by `share` of a day.
  private static let fuzzBands: [(from: Double, to: Double, share: Double)] = [
    (2.5, 7, 0.15), (7, 20, 0.1), (20, .infinity, 0.05),
  ]

  /// The days a fuzzed `days`-day interval is drawn from, before the draw's own rounding (see `fuzzedInterval`).
  public func fuzzRange(days: Int) -> ClosedRange<Int> {
    let delta = Self.fuzzBands.reduce(1.0) { delta, band in
      delta + band.share * max(min(Double(days), band.to) - band.from, 0)
    }
    let upper = min(Int((Double(days) + delta).rounded(.toNearestOrEven)), maximumInterval)
    let lower = min(max(2, Int((Double(days) - delta).rounded(.toNearestOrEven))), upper)
    return lower...upper
  }

  /// `days` spread by the draw `random` (0..<1); intervals under 3 days are left alone. As in py-fsrs, a draw
  /// near 1 rounds to one day past the range, but never past the maximum interval.
  public func fuzzedInterval(days: Int, random: Double) -> Int {
    guard Double(days) >= 2.5 else { return days }
    let range = fuzzRange(days: days)
    let drawn = random * Double(range.count) + Double(range.lowerBound)
    return min(Int(drawn.rounded(.toNearestOrEven)), maximumInterval)
  }
}
