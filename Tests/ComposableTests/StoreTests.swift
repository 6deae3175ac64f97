import Composable
import XCTest

/// The runtime a command line front end drives: send, await, observe.
@MainActor
final class StoreTests: XCTestCase {
  func testSendAndFinishRunsEffectsToTheEnd() async {
    let store = Store(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is lucky." }
    }
    await store.send(.factTapped).finish()
    XCTAssertEqual(store.state, Counter.State(count: 7, fact: "7 is lucky.", isLoading: false))
  }

  func testObserversSeeEveryProcessedAction() async {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)!" }
    }
    var seen: [Counter.State] = []
    let observation = store.observe { seen.append($0) }
    store.send(.incrementTapped)
    await store.send(.factTapped).finish()
    observation.cancel()
    store.send(.incrementTapped)
    XCTAssertEqual(
      seen,
      [
        Counter.State(count: 1),
        Counter.State(count: 1, isLoading: true),
        Counter.State(count: 1, fact: "1!", isLoading: false),
      ])
  }

  func testStatesStreamStartsWithTheCurrentState() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var states = store.states.makeAsyncIterator()
    store.send(.incrementTapped)
    let first = await states.next()
    let second = await states.next()
    XCTAssertEqual(first?.count, 0)
    XCTAssertEqual(second?.count, 1)
  }

  func testCancellingTheSendTaskEndsALongLivingEffect() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    let store = Store(initialState: Session.State()) {
      Session()
    } withDependencies: {
      $0.userClient.status = { stream }
    }
    let task = store.send(.task)
    continuation.yield(.loggedIn)
    while store.state.status != .loggedIn { await Task.yield() }
    task.cancel()
    await task.finish()
    XCTAssertTrue(task.isCancelled)
    continuation.yield(.loggedOut)
    await Task.megaYield()
    XCTAssertEqual(store.state.status, .loggedIn)
  }

  func testActionsAreProcessedInOrderIncludingSynchronousSends() async {
    let store = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(action)
        return action == "a" ? .merge(.send("b"), .send("c")) : .none
      }
    }
    await store.send("a").finish()
    store.send("d")
    XCTAssertEqual(store.state, ["a", "b", "c", "d"])
  }
}
