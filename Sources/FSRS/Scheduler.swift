import Foundation

/// The FSRS-6 scheduler exactly as py-fsrs 6.3.2 defines it: a pure value. The time of a review and the random
/// draw for fuzz are arguments, so the caller supplies them from its clock and random-number dependencies and a
/// test can hand it py-fsrs's own draws.
public struct Scheduler: Equatable, Sendable {
  /// The desired retentions a scheduler accepts (per bookcase).
  public static let retentionRange: ClosedRange<Double> = 0.70...0.99

  public let parameters: Parameters
  /// The recall probability intervals aim for when a card comes due.
  public let desiredRetention: Double
  /// Seconds between the reviews of a card in learning, one entry a step.
  public let learningSteps: [TimeInterval]
  /// Seconds between the reviews of a forgotten card, one entry a step.
  public let relearningSteps: [TimeInterval]
  /// The longest interval, in days, a review card is given.
  public let maximumInterval: Int
  /// Whether review intervals of 3 days or more are spread randomly, so cards learnt together part ways.
  public let enableFuzzing: Bool

  /// The forgetting curve R(t) = (1 + factor · t / S) ^ decay, with factor chosen so that R(S) = 90%.
  let decay: Double
  let factor: Double

  public init(
    parameters: Parameters = .default,
    desiredRetention: Double = 0.9,
    learningSteps: [TimeInterval] = [60, 600],
    relearningSteps: [TimeInterval] = [600],
    maximumInterval: Int = 36_500,
    enableFuzzing: Bool = true
  ) throws(SchedulerError) {
    guard Self.retentionRange.contains(desiredRetention) else { throw .desiredRetention(desiredRetention) }
    if let step = (learningSteps + relearningSteps).first(where: { !($0 > 0) }) { throw .step(step) }
    guard maximumInterval >= 1 else { throw .maximumInterval(maximumInterval) }
    self.parameters = parameters
    self.desiredRetention = desiredRetention
    self.learningSteps = learningSteps
    self.relearningSteps = relearningSteps
    self.maximumInterval = maximumInterval
    self.enableFuzzing = enableFuzzing
    decay = -parameters[20]
    factor = pow(0.9, 1 / decay) - 1
  }

  /// Reviews `card` with `rating` at `now`. `random` is a uniform draw from 0 (inclusive) to 1 (exclusive),
  /// used as py-fsrs uses its `random.random()` result, and only when fuzz applies: fuzzing is on and the card
  /// leaves with a review interval of 3 days or more.
  public func review(card: Card, rating: Rating, at now: Date, random: Double) -> (card: Card, log: ReviewLog) {
    var next = card
    let elapsedDays = card.lastReview.map { Self.wholeDays(from: $0, to: now) }
    let (stability, difficulty) = memory(after: card, rating: rating, elapsedDays: elapsedDays, at: now)
    next.stability = stability
    next.difficulty = difficulty

    let interval: Interval
    switch card.state {
    case .new, .learning:
      (next.state, next.step, interval) = stepping(
        learningSteps, from: card.step ?? 0, as: .learning, rating, stability)
    case .relearning:
      (next.state, next.step, interval) = stepping(
        relearningSteps, from: card.step ?? 0, as: .relearning, rating, stability)
    case .review:
      if rating == .again, !relearningSteps.isEmpty {
        (next.state, next.step, interval) = (.relearning, 0, .seconds(relearningSteps[0]))
      } else {
        (next.state, next.step, interval) = (.review, nil, .days(nextInterval(stability: stability)))
      }
    }

    switch interval {
    case .seconds(let seconds):
      next.due = now.addingTimeInterval(seconds)
    case .days(let days):
      let fuzzed = enableFuzzing && next.state == .review ? fuzzedInterval(days: days, random: random) : days
      next.due = now.addingTimeInterval(TimeInterval(fuzzed) * 86_400)
    }
    next.lastReview = now
    next.reps += 1
    if card.state == .review, rating == .again { next.lapses += 1 }
    return (next, ReviewLog(rating: rating, reviewedAt: now, before: card, after: next))
  }

  /// The time from `now` to when `card` would be due after each rating, for labelling the answer buttons.
  /// Given the same `random` as the review that follows, each is exactly what that review schedules.
  public func preview(card: Card, at now: Date, random: Double) -> [Rating: TimeInterval] {
    Dictionary(uniqueKeysWithValues: Rating.allCases.map { rating in
      (rating, review(card: card, rating: rating, at: now, random: random).card.due.timeIntervalSince(now))
    })
  }

  /// The probability of recalling `card` at `now`; 0 for a card never reviewed. Counts whole days only, as
  /// py-fsrs does.
  public func retrievability(of card: Card, at now: Date) -> Double {
    guard let lastReview = card.lastReview, let stability = card.stability else { return 0 }
    let days = max(0, Self.wholeDays(from: lastReview, to: now))
    return pow(1 + factor * Double(days) / stability, decay)
  }

  /// The review interval, in days, that makes recall at the due time the desired retention.
  public func nextInterval(stability: Double) -> Int {
    let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
    // Capping before rounding gives what py-fsrs gets by rounding first, without overflowing Int.
    return max(Int(min(days, Double(maximumInterval)).rounded(.toNearestOrEven)), 1)
  }

  enum Interval: Equatable {
    case seconds(TimeInterval)
    case days(Int)
  }

  /// A review of a card in learning or relearning: Again goes back to the first step, Hard repeats the step
  /// (the first one lasting halfway to the second), Good moves on a step, Easy or Good on the last step
  /// graduates to review. A card at a step the steps no longer have graduates on anything but Again.
  private func stepping(
    _ steps: [TimeInterval], from step: Int, as state: CardState, _ rating: Rating, _ stability: Double
  ) -> (CardState, Int?, Interval) {
    let graduate: (CardState, Int?, Interval) = (.review, nil, .days(nextInterval(stability: stability)))
    if steps.isEmpty || (step >= steps.count && rating != .again) { return graduate }
    switch rating {
    case .again:
      return (state, 0, .seconds(steps[0]))
    case .hard:
      if step == 0 {
        let seconds = steps.count == 1 ? steps[0] * 1.5 : (steps[0] + steps[1]) / 2
        return (state, step, .seconds(Self.wholeMicroseconds(seconds)))
      }
      return (state, step, .seconds(steps[step]))
    case .good:
      return step + 1 == steps.count ? graduate : (state, step + 1, .seconds(steps[step + 1]))
    case .easy:
      return graduate
    }
  }
}
