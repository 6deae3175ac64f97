import Composable
import Testing

/// The TestStore under Swift Testing: passing flows pass, and failures become recorded issues
/// (`withKnownIssue` itself fails if the expected issue is never recorded).
@MainActor
@Suite struct SwiftTestingTests {
  @Test func numberFactFlowPasses() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is round." }
    }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(\.factResponse, "1 is round.") {
      $0.isLoading = false
      $0.fact = "1 is round."
    }
  }

  @Test func stateMismatchIsRecorded() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.incrementTapped) { $0.count = 2 }
    } matching: { issue in
      "\(issue)".contains("A state change does not match expectation")
        && "\(issue)".contains("−   count: 2,")
    }
  }

  @Test func unexpectedActionIsRecorded() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.numberFact.fetch = { "\($0)" }
      }
      await store.send(.factTapped) { $0.isLoading = true }
      await store.receive(.factFailed) {
        $0.isLoading = false
        $0.fact = "0"
      }
    } matching: { issue in
      "\(issue)".contains("Received unexpected action")
    }
  }

  @Test func effectStillRunningIsRecorded() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    await withKnownIssue {
      let store = Session.testStore(status: stream)
      await store.send(.task)
      await store.finish(timeout: .milliseconds(10))
    } matching: { issue in
      "\(issue)".contains("still running")
    }
  }
}
