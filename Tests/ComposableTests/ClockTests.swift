import Composable
import XCTest

/// A slow job and a ticking timer: long waits made instant with `ImmediateClock`, or stepped with `TestClock`.
@MainActor
final class ClockTests: XCTestCase {
  func testSlowJobFinishesAtOnceWithAnImmediateClock() async {
    let store = Ticker.testStore(clock: ImmediateClock())
    await store.send(.slowJobTapped)
    await store.receive(.slowJobFinished("COMPLETE")) { $0.jobResult = "COMPLETE" }
  }

  func testSlowJobWaitsForTheTestClock() async {
    let clock = TestClock()
    let store = Ticker.testStore(clock: clock)
    await store.send(.slowJobTapped)
    await clock.advance(by: .seconds(119))
    await store.skipReceivedActions(strict: false)
    XCTAssertNil(store.state.jobResult)
    await clock.advance(by: .seconds(1))
    await store.receive(.slowJobFinished("COMPLETE")) { $0.jobResult = "COMPLETE" }
  }

  func testTimerTicksWithTheTestClockUntilStopped() async {
    let clock = TestClock()
    let store = Ticker.testStore(clock: clock)
    await store.send(.startTapped) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.send(.stopTapped) { $0.isRunning = false }
    await clock.run()
  }
}
