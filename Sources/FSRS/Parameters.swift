/// FSRS-6's 21 model weights (w0…w20), checked against the bounds py-fsrs 6.3.2 accepts.
public struct Parameters: Equatable, Sendable {
  public static let count = 21

  /// py-fsrs 6.3.2's defaults; w20 (0.1542) is the decay of the forgetting curve.
  public static let `default` = Parameters(unchecked: [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
    1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
  ])

  /// The range py-fsrs allows for each weight; outside it the formulas misbehave (a zero decay divides by zero).
  public static let bounds: [ClosedRange<Double>] = [
    0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4, 0.001...0.75,
    0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6, 0...2, 0...2,
    0...0.8, 0.1...0.8,
  ]

  public let values: [Double]

  public init(_ values: [Double]) throws(SchedulerError) {
    guard values.count == Self.count else { throw .parameterCount(values.count) }
    for (index, (value, bounds)) in zip(values, Self.bounds).enumerated() where !bounds.contains(value) {
      throw .parameterOutOfBounds(index: index, value: value, bounds: bounds)
    }
    self.values = values
  }

  private init(unchecked values: [Double]) {
    self.values = values
  }

  public subscript(index: Int) -> Double { values[index] }
}
