import FSRS
import Foundation
import Testing

/// Fuzz with chosen draws: the ranges py-fsrs 6.3.2 draws from and where each draw lands.
@Suite struct SchedulerFuzzTests {
  let scheduler = try! Scheduler()

  @Test(arguments: [(3, 2...4), (7, 5...9), (10, 8...12), (20, 17...23), (100, 93...107), (36_500, 34_673...36_500)])
  func rangesWidenWithTheInterval(days: Int, range: ClosedRange<Int>) {
    #expect(scheduler.fuzzRange(days: days) == range)
  }

  @Test func intervalsUnderThreeDaysAreNotFuzzed() {
    for days in [1, 2] {
      for random in [0, 0.5, 0.999] { #expect(scheduler.fuzzedInterval(days: days, random: random) == days) }
    }
  }

  /// The draw picks a day across the range plus one, rounding half to even; a draw near 1 lands a day past the
  /// range, as in py-fsrs.
  @Test(arguments: [(0.0, 8), (0.1, 8), (0.3, 10), (0.5, 10), (0.7, 12), (0.9, 12), (0.95, 13)])
  func theDrawPicksTheDay(random: Double, days: Int) {
    #expect(scheduler.fuzzedInterval(days: 10, random: random) == days)
  }

  @Test func theMaximumIntervalBoundsTheRangeAndTheDraw() throws {
    let capped = try Scheduler(maximumInterval: 100)
    #expect(capped.fuzzRange(days: 100) == 93...100)
    #expect(capped.fuzzedInterval(days: 100, random: 0.999) == 100)
    #expect(try Scheduler(maximumInterval: 2).fuzzRange(days: 100) == 2...2)
  }

  @Test func onlyReviewIntervalsAreFuzzedAndOnlyWhenOn() throws {
    let start = Date(timeIntervalSince1970: 1_772_352_000)
    let new = Card.new(due: start)
    // Easy graduates at 8 days; the range for 8 is 6...10.
    func days(_ scheduler: Scheduler, _ rating: Rating) -> Double {
      scheduler.review(card: new, rating: rating, at: start, random: 0).card.due.timeIntervalSince(start) / 86_400
    }
    #expect(days(scheduler, .easy) == 6)
    #expect(days(scheduler, .good) == 600.0 / 86_400)
    #expect(days(try Scheduler(enableFuzzing: false), .easy) == 8)
  }
}
