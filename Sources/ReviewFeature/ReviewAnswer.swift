import FSRS
import Foundation

/// The answer side of the current card: the fuzz draw its grade will use, and the interval each rating would
/// give with that draw (the labels of the answer buttons, exactly what grading then schedules).
public struct ReviewAnswer: Equatable, Sendable {
  public var random: Double
  public var intervals: [Rating: TimeInterval]

  public init(random: Double, intervals: [Rating: TimeInterval]) {
    self.random = random
    self.intervals = intervals
  }
}
