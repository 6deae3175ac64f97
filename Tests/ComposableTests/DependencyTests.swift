import Composable
import XCTest

/// Each store sees the dependencies it was created with, in `reduce` and in effects.
@MainActor
final class DependencyTests: XCTestCase {
  func testTwoStoresNeverShareOverrides() async {
    let first = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "first \($0)" }
    }
    let second = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "second \($0)" }
    }
    await first.send(.factTapped) { $0.isLoading = true }
    await second.send(.factTapped) { $0.isLoading = true }
    await second.receive(.factResponse("second 0")) {
      $0.isLoading = false
      $0.fact = "second 0"
    }
    await first.receive(.factResponse("first 0")) {
      $0.isLoading = false
      $0.fact = "first 0"
    }
  }

  func testDependenciesCanChangeMidTest() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "before \($0)" }
    }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factResponse("before 0")) {
      $0.isLoading = false
      $0.fact = "before 0"
    }
    store.dependencies.numberFact.fetch = { "after \($0)" }
    await store.send(.factTapped) { $0.isLoading = true }
    await store.receive(.factResponse("after 0")) {
      $0.isLoading = false
      $0.fact = "after 0"
    }
  }

  func testStoreAndTestStoreUseTheirOwnValues() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "store \($0)" }
    }
    let testStore = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "test store \($0)" }
    }
    let task = store.send(.factTapped)
    await testStore.send(.factTapped) { $0.isLoading = true }
    await task.finish()
    await testStore.receive(\.factResponse, "test store 0") {
      $0.isLoading = false
      $0.fact = "test store 0"
    }
    XCTAssertEqual(store.state.fact, "store 0")
  }
}
