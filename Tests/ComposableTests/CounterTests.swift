import Composable
import XCTest

@MainActor
final class CounterTests: XCTestCase {
  func testIncrementChangesCount() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.decrementTapped) { $0.count = 0 }
  }

  func testFactArrivesThroughTheDependency() async {
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number." }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factResponse("3 is a good number.")) {
      $0.isLoading = false
      $0.fact = "3 is a good number."
    }
  }

  func testFactReceivedByCaseKeyPath() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is nothing." }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(\.factResponse) {
      $0.isLoading = false
      $0.fact = "0 is nothing."
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(\.factResponse, "0 is nothing.") { $0.isLoading = false }
  }

  func testFailedFetchIsCaught() async {
    struct Offline: Error {}
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw Offline() }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factFailed) { $0.isLoading = false }
  }
}
