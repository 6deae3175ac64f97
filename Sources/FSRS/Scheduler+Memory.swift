import Foundation

/// FSRS-6's memory model: how stability and difficulty change with a review. Each formula keeps py-fsrs's order
/// of operations (and its `math.e ** x` as `pow(e, x)`), so results agree to the last bit or nearly.
extension Scheduler {
  static let e = 2.718281828459045
  static let minimumStability = 0.001

  /// Stability and difficulty after rating `card`. The first review sets them from the rating; a review less
  /// than a day after the last one (in whole days) uses the short-term formula.
  func memory(after card: Card, rating: Rating, elapsedDays: Int?, at now: Date) -> (Double, Double) {
    guard let stability = card.stability, let difficulty = card.difficulty else {
      return (initialStability(rating), clampDifficulty(initialDifficulty(rating)))
    }
    let nextStability =
      if let elapsedDays, elapsedDays < 1 {
        shortTermStability(stability, rating)
      } else {
        longTermStability(difficulty, stability, retrievability(of: card, at: now), rating)
      }
    return (nextStability, nextDifficulty(difficulty, rating))
  }

  func initialStability(_ rating: Rating) -> Double {
    max(parameters[rating.rawValue - 1], Self.minimumStability)
  }

  func initialDifficulty(_ rating: Rating) -> Double {
    parameters[4] - pow(Self.e, parameters[5] * Double(rating.rawValue - 1)) + 1
  }

  func clampDifficulty(_ difficulty: Double) -> Double {
    min(max(difficulty, 1), 10)
  }

  func shortTermStability(_ stability: Double, _ rating: Rating) -> Double {
    var increase =
      pow(Self.e, parameters[17] * (Double(rating.rawValue - 3) + parameters[18])) * pow(stability, -parameters[19])
    if rating != .again { increase = max(increase, 1) }
    return max(stability * increase, Self.minimumStability)
  }

  /// Difficulty moves by the rating, damped near 10, then reverts a little towards the first-review Easy value.
  func nextDifficulty(_ difficulty: Double, _ rating: Rating) -> Double {
    let delta = -(parameters[6] * Double(rating.rawValue - 3))
    let damped = difficulty + (10 - difficulty) * delta / 9
    return clampDifficulty(parameters[7] * initialDifficulty(.easy) + (1 - parameters[7]) * damped)
  }

  func longTermStability(_ difficulty: Double, _ stability: Double, _ retrievability: Double, _ rating: Rating)
    -> Double
  {
    let next: Double
    if rating == .again {
      let longTerm =
        parameters[11] * pow(difficulty, -parameters[12]) * (pow(stability + 1, parameters[13]) - 1)
        * pow(Self.e, (1 - retrievability) * parameters[14])
      next = min(longTerm, stability / pow(Self.e, parameters[17] * parameters[18]))
    } else {
      let hardPenalty = rating == .hard ? parameters[15] : 1
      let easyBonus = rating == .easy ? parameters[16] : 1
      next =
        stability
        * (1 + pow(Self.e, parameters[8]) * (11 - difficulty) * pow(stability, -parameters[9])
          * (pow(Self.e, (1 - retrievability) * parameters[10]) - 1) * hardPenalty * easyBonus)
    }
    return max(next, Self.minimumStability)
  }
}
