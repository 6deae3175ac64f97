import Composable
import XCTest

/// `cancellable(id:cancelInFlight:)`, `cancel(id:)`, and children's effects ending with them.
@MainActor
final class CancellationTests: XCTestCase {
  private func tickerHost(_ clock: TestClock<Duration>, _ state: TickerHost.State = TickerHost.State())
    -> TestStore<TickerHost.State, TickerHost.Action>
  {
    TestStore(initialState: state) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  func testCancelByIDStopsTheEffect() async {
    let clock = TestClock()
    let store = Ticker.testStore(clock: clock)
    await store.send(.startTapped) { $0.isRunning = true }
    await store.send(.stopTapped) { $0.isRunning = false }
    // Had the timer survived, these ticks would be unreceived actions and fail the test.
    await clock.advance(by: .seconds(5))
  }

  func testCancelInFlightRestartsTheEffect() async {
    let clock = TestClock()
    let store = Ticker.testStore(clock: clock)
    await store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .milliseconds(500))
    await store.send(.startTapped)
    // The first timer would tick at 1 s; only the restarted one, due at 1.5 s, is left.
    await clock.advance(by: .milliseconds(500))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.send(.stopTapped) { $0.isRunning = false }
  }

  func testWithoutCancelInFlightBothEffectsRun() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, start in
        guard start else {
          state += 1
          return .none
        }
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(false)
        }
        .cancellable(id: "job")
      }
    }
    await store.send(true)
    await store.send(true)
    await clock.advance(by: .seconds(1))
    await store.receive(false) { $0 = 1 }
    await store.receive(false) { $0 = 2 }
  }

  func testDismissingAnIfLetChildCancelsItsEffects() async {
    let clock = TestClock()
    let store = tickerHost(clock)
    await store.send(.presentSheet) { $0.sheet = Ticker.State() }
    await store.send(.sheet(.startTapped)) { $0.sheet?.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.tick)) { $0.sheet?.ticks = 1 }
    await store.send(.dismissSheet) { $0.sheet = nil }
    await clock.advance(by: .seconds(5))
  }

  func testRemovingAForEachElementCancelsOnlyItsEffects() async {
    let clock = TestClock()
    let store = tickerHost(
      clock, TickerHost.State(rows: [Ticker.State(id: 1), Ticker.State(id: 2)]))
    await store.send(.rows(.element(id: 1, action: .startTapped))) { $0.rows[id: 1]?.isRunning = true }
    await store.send(.rows(.element(id: 2, action: .startTapped))) { $0.rows[id: 2]?.isRunning = true }
    await store.send(.removeRow(id: 1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.rows(.element(id: 2, action: .stopTapped))) { $0.rows[id: 2]?.isRunning = false }
  }

  func testSiblingsWithTheSameCancelIDAreIndependent() async {
    let clock = TestClock()
    let store = tickerHost(clock, TickerHost.State(stack: [Ticker.State(), Ticker.State()]))
    await store.send(.stack(.element(id: 0, action: .startTapped))) { $0.stack[id: 0]?.isRunning = true }
    await store.send(.stack(.element(id: 1, action: .startTapped))) { $0.stack[id: 1]?.isRunning = true }
    await store.send(.stack(.element(id: 0, action: .stopTapped))) { $0.stack[id: 0]?.isRunning = false }
    await clock.advance(by: .seconds(1))
    await store.receive(.stack(.element(id: 1, action: .tick))) { $0.stack[id: 1]?.ticks = 1 }
    // Popping the element ends its timer.
    await store.send(.stack(.popFrom(id: 1))) { $0.stack.removeLast() }
    await clock.advance(by: .seconds(5))
  }

  func testAChildThatIsNotDismissedKeepsRunning() async {
    let clock = TestClock()
    let issues = await recordIssues {
      let store = tickerHost(clock)
      await store.send(.presentSheet) { $0.sheet = Ticker.State() }
      await store.send(.sheet(.startTapped)) { $0.sheet?.isRunning = true }
    }
    XCTAssertEqual(issues.messages.count, 1)
    XCTAssertTrue(issues.messages[0].hasPrefix("An effect returned for this action is still running."))
  }

  func testConcatenatedEffectsRunInOrderAndCancelTogether() async {
    let clock = TestClock()
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "start":
          return .concatenate(
            .send("first"),
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send("second")
            },
            .send("third")
          )
          .cancellable(id: "sequence")
        case "stop":
          return .cancel(id: "sequence")
        default:
          state.append(action)
          return .none
        }
      }
    }
    await store.send("start")
    await store.receive("first") { $0 = ["first"] }
    await clock.advance(by: .seconds(1))
    await store.receive("second") { $0 = ["first", "second"] }
    await store.receive("third") { $0 = ["first", "second", "third"] }

    await store.send("start")
    await store.receive("first") { $0.append("first") }
    await store.send("stop")
    await clock.advance(by: .seconds(1))
  }
}
