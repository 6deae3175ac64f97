/// How strictly a `TestStore` asserts.
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, received action and running effect must be asserted.
  case on
  /// Only the assertions a test writes are checked; with `showSkippedAssertions`, what was not
  /// asserted is reported as warnings.
  case off(showSkippedAssertions: Bool)

  public static let off = Self.off(showSkippedAssertions: false)
}
