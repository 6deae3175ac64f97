import Composable
import XCTest

/// The TestStore's controls when they succeed: tasks that finish, skipping, timeouts.
@MainActor
final class TestStoreControlTests: XCTestCase {
  func testSendTaskFinishesWhenItsEffectsDo() async {
    let clock = TestClock()
    let store = Ticker.testStore(clock: clock)
    let task = await store.send(.slowJobTapped)
    await clock.advance(by: .seconds(120))
    await task.finish()
    XCTAssertFalse(task.isCancelled)
    await store.receive(.slowJobFinished("COMPLETE")) { $0.jobResult = "COMPLETE" }
  }

  func testSkippingInFlightEffectsLetsTheTestEnd() async {
    let issues = await recordIssues {
      let store = Ticker.testStore(clock: TestClock())
      await store.send(.startTapped) { $0.isRunning = true }
      await store.skipInFlightEffects()
    }
    XCTAssertEqual(issues.messages, [])
  }

  func testSkippingReceivedActionsAdoptsTheirState() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)?" }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.skipReceivedActions()
    XCTAssertEqual(store.state, Counter.State(count: 0, fact: "0?", isLoading: false))
    await store.send(.incrementTapped) { $0.count = 1 }
  }

  func testTheStoreTimeoutIsTheDefaultForReceive() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      XCTAssertEqual(store.timeout, .seconds(1))
      store.timeout = .milliseconds(20)
      await store.receive(.factFailed)
    }
    XCTAssertEqual(
      issues.messages, ["Expected to receive an action, but received none after 0.02 seconds."])
  }

  func testReceiveWaitsForAnEffectThatTakesRealTime() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { number in
        try await Task.sleep(for: .milliseconds(20))
        return "\(number) took a while."
      }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(\.factResponse) {
      $0.isLoading = false
      $0.fact = "0 took a while."
    }
  }
}
