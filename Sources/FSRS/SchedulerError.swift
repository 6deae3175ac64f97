/// A scheduler setting outside what FSRS accepts.
public enum SchedulerError: Error, Equatable, Sendable, CustomStringConvertible {
  case parameterCount(Int)
  case parameterOutOfBounds(index: Int, value: Double, bounds: ClosedRange<Double>)
  case desiredRetention(Double)
  case step(Double)
  case maximumInterval(Int)

  public var description: String {
    switch self {
    case .parameterCount(let count):
      "FSRS needs \(Parameters.count) parameters, got \(count)"
    case .parameterOutOfBounds(let index, let value, let bounds):
      "FSRS parameter \(index) is \(value), outside \(bounds.lowerBound)...\(bounds.upperBound)"
    case .desiredRetention(let value):
      "desired retention must be from 0.70 to 0.99, got \(value)"
    case .step(let seconds):
      "a learning or relearning step must be longer than 0 seconds, got \(seconds)"
    case .maximumInterval(let days):
      "the maximum interval must be at least 1 day, got \(days)"
    }
  }
}
