import FSRS
import Foundation
import Testing

/// Desired retention, the maximum interval and the checks on every setting.
@Suite struct SchedulerSettingsTests {
  let start = Date(timeIntervalSince1970: 1_772_352_000)

  func reviewCard(stability: Double) -> Card {
    Card(
      state: .review, step: nil, stability: stability, difficulty: 5, due: start, lastReview: start, reps: 3,
      lapses: 0)
  }

  @Test(arguments: [0.70, 0.75, 0.9, 0.99])
  func acceptsRetentionsFrom70To99Percent(retention: Double) throws {
    let scheduler = try Scheduler(desiredRetention: retention)
    #expect(scheduler.desiredRetention == retention)
  }

  @Test(arguments: [0.69, 0.995, 1, 0, -0.9, .nan])
  func refusesOtherRetentions(retention: Double) {
    #expect(throws: SchedulerError.self) { try Scheduler(desiredRetention: retention) }
  }

  /// At the due time a card's recall probability is the desired retention (to within the rounding to a day), so
  /// a higher retention gives shorter intervals, and 90% gives the stability itself.
  @Test func retentionSetsTheRecallProbabilityAtTheDueTime() throws {
    var previous = Int.max
    for hundredths in 70...99 {
      let retention = Double(hundredths) / 100
      let scheduler = try Scheduler(desiredRetention: retention)
      let days = scheduler.nextInterval(stability: 365)
      #expect(days < previous)
      previous = days
      let card = reviewCard(stability: 365)
      let atDue = scheduler.retrievability(of: card, at: start.addingTimeInterval(Double(days) * 86_400))
      #expect(abs(atDue - retention) < 0.001, "retention \(retention)")
    }
    let ninety = try Scheduler(desiredRetention: 0.9)
    for stability in 1...400 {
      #expect(ninety.nextInterval(stability: Double(stability)) == stability)
    }
  }

  @Test func intervalsStopAtTheMaximum() throws {
    let standard = try Scheduler(enableFuzzing: false)
    #expect(standard.maximumInterval == 36_500)
    #expect(standard.nextInterval(stability: 1e9) == 36_500)
    #expect(standard.nextInterval(stability: 0.001) == 1)

    for fuzz in [false, true] {
      let capped = try Scheduler(maximumInterval: 30, enableFuzzing: fuzz)
      let card = capped.review(card: reviewCard(stability: 1_000), rating: .good, at: start, random: 0.999).card
      #expect(card.due == start.addingTimeInterval(30 * 86_400), "fuzz \(fuzz)")
    }
  }

  @Test func refusesStepsOfNoTimeAndAMaximumUnderADay() {
    #expect(throws: SchedulerError.step(0)) { try Scheduler(learningSteps: [60, 0]) }
    #expect(throws: SchedulerError.step(-600)) { try Scheduler(relearningSteps: [-600]) }
    #expect(throws: SchedulerError.maximumInterval(0)) { try Scheduler(maximumInterval: 0) }
  }

  @Test func parametersAreFSRS6sTwentyOneWithinTheirBounds() throws {
    #expect(Parameters.default.values.count == 21)
    #expect(Parameters.default.values.first == 0.212)
    #expect(Parameters.default.values.last == 0.1542)
    #expect(try Parameters(Parameters.default.values) == .default)
    #expect(throws: SchedulerError.parameterCount(20)) { try Parameters(Array(Parameters.default.values.dropLast())) }
    var values = Parameters.default.values
    values[20] = 0
    #expect(throws: SchedulerError.parameterOutOfBounds(index: 20, value: 0, bounds: 0.1...0.8)) {
      try Parameters(values)
    }
    #expect(
      SchedulerError.parameterOutOfBounds(index: 20, value: 0, bounds: 0.1...0.8).description
        == "FSRS parameter 20 is 0.0, outside 0.1...0.8")
  }
}
