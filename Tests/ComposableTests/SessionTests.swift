import Composable
import XCTest

/// A login status that streams changes: a long-lived `AsyncStream` effect that the test ends by cancelling the send's task.
@MainActor
final class SessionTests: XCTestCase {
  func testStatusChangesAreReceivedUntilTheTaskIsCancelled() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    let store = Session.testStore(status: stream)
    let task = await store.send(.task)
    continuation.yield(.loggedIn)
    await store.receive(.statusChanged(.loggedIn)) { $0.status = .loggedIn }
    continuation.yield(.loggedOut)
    await store.receive(\.statusChanged, .loggedOut) { $0.status = .loggedOut }
    await task.cancel()
    XCTAssertTrue(task.isCancelled)
    // The stream's producer is still open: only the cancellation ended the effect.
    continuation.yield(.loggedIn)
    await store.finish()
  }

  func testForgettingToCancelTheStreamFailsTheTest() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    let issues = await recordIssues {
      let store = Session.testStore(status: stream)
      await store.send(.task)
      continuation.yield(.loggedIn)
      await store.receive(.statusChanged(.loggedIn)) { $0.status = .loggedIn }
    }
    XCTAssertEqual(issues.messages.count, 1)
    XCTAssertTrue(issues.messages[0].hasPrefix("An effect returned for this action is still running."))
  }
}
