import Composable
import XCTest

/// `exhaustivity = .off`: only what the test asserts is checked, here on the
/// guess-my-age game's failure flow.
@MainActor
final class NonExhaustiveTests: XCTestCase {
  struct Offline: Error {}

  func testReceivingTheFailureActionWithoutAssertingState() async {
    let store = TestStore(initialState: GuessMyAge.State(name: "Name")) {
      GuessMyAge()
    } withDependencies: {
      $0.guessAgeClient.guess = { _ in throw Offline() }
    }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.guessButtonTapped)
    await store.receive(.guessFailed)
    XCTAssertFalse(store.state.isGuessing)
  }

  func testSkipsEarlierActionsToFindTheExpectedOne() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)!" }
    }
    store.exhaustivity = .off
    await store.send(.factTapped)
    await store.send(.incrementTapped)
    await store.send(.factTapped)
    await store.receive(\.factResponse, "1!") { $0.fact = "1!" }
  }

  func testAWrongPartialAssertionStillFails() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      store.exhaustivity = .off
      await store.send(.incrementTapped) { $0.count = 5 }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        A state change does not match expectation: …

              Counter.State(
            −   count: 5,
            +   count: 1,
                fact: nil,
                isLoading: false
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  func testAnActionThatNeverArrivesStillFails() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.numberFact.fetch = { "\($0)!" }
      }
      store.exhaustivity = .off
      await store.send(.factTapped)
      await store.receive(.factFailed, timeout: .milliseconds(10))
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Expected to receive Counter.Action.factFailed, but received none after 0.01 \
        seconds. Received instead: …

        [
          [0]: .factResponse("0!")
        ]
        """
      ])
  }

  func testShowSkippedAssertionsReportsWarnings() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: Counter.State()) {
        Counter()
      } withDependencies: {
        $0.numberFact.fetch = { "\($0)!" }
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.factTapped)
      await store.send(.incrementTapped)
    }
    XCTAssertEqual(issues.issues.map(\.severity), [.warning, .warning, .warning])
    expectNoDifference(
      issues.messages,
      [
        """
        Skipped assertions: …

              Counter.State(
                count: 0,
                fact: nil,
            −   isLoading: false
            +   isLoading: true
              )

        (Expected: −, Actual: +)
        """,
        """
        Skipped receiving [
          [0]: .factResponse("0!")
        ]
        """,
        """
        Skipped assertions: …

              Counter.State(
            −   count: 0,
            +   count: 1,
                fact: "0!",
                isLoading: false
              )

        (Expected: −, Actual: +)
        """,
      ])
  }

  func testUnassertedEffectsDoNotFailANonExhaustiveTest() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = Ticker.testStore(clock: clock)
      store.exhaustivity = .off
      await store.send(.startTapped)
      await clock.advance(by: .seconds(3))
      store.assert { $0.ticks = 3 }
      await store.finish(timeout: .milliseconds(10))
    }
    XCTAssertEqual(issues.messages, [])
  }
}
