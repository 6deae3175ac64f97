import Composable
import XCTest

/// Proves a TestStore failure reaches XCTest itself (not only a custom reporter): this case
/// intercepts XCTest's own failure recording for the duration of one assertion.
@MainActor
final class XCTestRecordingTests: XCTestCase {
  private let intercepted = LockIsolated<[String]?>(nil)

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    let file = filePath.split(separator: "/").last.map(String.init) ?? filePath
    let isIntercepted = intercepted.withValue { failures in
      failures?.append("\(file):\(lineNumber): \(description)")
      return failures != nil
    }
    if !isIntercepted {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }

  func testAFailedSendIsRecordedByXCTestAtTheSendLine() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    intercepted.setValue([])
    let line = #line + 1
    await store.send(.incrementTapped) { $0.count = 2 }
    let failures = intercepted.value ?? []
    intercepted.setValue(nil)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.hasPrefix(
        "XCTestRecordingTests.swift:\(line): failed - A state change does not match expectation: …") == true,
      "\(failures)")
  }

  func testAMissingActionIsRecordedByXCTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    intercepted.setValue([])
    await store.receive(.factFailed, timeout: .milliseconds(10))
    let failures = intercepted.value ?? []
    intercepted.setValue(nil)
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(
      failures.first?.contains("Expected to receive an action, but received none after 0.01 seconds.")
        == true, "\(failures)")
  }
}
