import Composable
import XCTest

/// Child actions that arrive when their state is gone are ignored and reported where the operator
/// was written.
@MainActor
final class ReducerMisuseTests: XCTestCase {
  func testIfLetActionWithoutChildState() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: TickerHost.State()) { TickerHost() }
      await store.send(.sheet(.tick))
    }
    XCTAssertEqual(issues.issues.count, 1)
    XCTAssertTrue(
      issues.messages.first?.hasPrefix(
        #"An "ifLet" at "ComposableTests/Timers.swift:"#) == true, "\(issues.messages)")
    XCTAssertTrue(issues.messages.first?.contains("received a child action while the child state was nil") == true)
  }

  func testForEachActionForAMissingElement() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: TickerHost.State()) { TickerHost() }
      await store.send(.rows(.element(id: 9, action: .tick)))
    }
    XCTAssertEqual(issues.issues.count, 1)
    XCTAssertTrue(issues.messages.first?.contains("received an action for a missing element") == true)
  }

  func testStackActionForAMissingElementAndABadPush() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: TickerHost.State(stack: [Ticker.State()])) { TickerHost() }
      await store.send(.stack(.element(id: 5, action: .tick)))
      await store.send(.stack(.popFrom(id: 5)))
      await store.send(.stack(.push(id: 0, state: Ticker.State())))
    }
    XCTAssertEqual(
      issues.messages.map { $0.components(separatedBy: ": …").first!.components(separatedBy: "\" ").last! },
      [
        "received an action for element #5, which is not on the stack",
        "was asked to pop from element #5, which is not on the stack",
        "was asked to push element #0, which is not newer than the top element #0",
      ])
  }

  @CasePathable
  enum Screen: Equatable {
    case counter(Counter.State)
    case blank
  }

  @CasePathable
  enum ScreenAction: Equatable {
    case counter(Counter.Action)
  }

  func testScopeOnAnotherEnumCase() async {
    let issues = await recordIssues {
      let store = TestStore<Screen, ScreenAction>(initialState: .blank) {
        Scope(state: \.counter, action: \.counter) { Counter() }
      }
      await store.send(.counter(.incrementTapped))
    }
    XCTAssertEqual(issues.messages.count, 1)
    XCTAssertTrue(
      issues.messages.first?.hasPrefix(#"A "Scope" at "ComposableTests/ReducerMisuseTests.swift:"#)
        == true)
    XCTAssertTrue(
      issues.messages.first?.contains(
        """
          State:
            ReducerMisuseTests.Screen.blank
        """) == true, "\(issues.messages)")
  }

  func testScopeOnTheRightEnumCase() async {
    let store = TestStore<Screen, ScreenAction>(initialState: .counter(Counter.State())) {
      Scope(state: \.counter, action: \.counter) { Counter() }
    }
    await store.send(.counter(.incrementTapped)) { $0 = .counter(Counter.State(count: 1)) }
  }
}
