import Composable
import Storage

/// One feature reducer driven the way a person would drive it: a `Store` with the live storage client
/// injected, actions sent one after another, each awaited until its effects are done.
@MainActor
struct FeatureRun<State, Action> {
  let store: Store<State, Action>

  init<R: Reducer<State, Action>>(_ reducer: R, state: State, storage: StorageClient) {
    store = Store(initialState: state) {
      reducer
    } withDependencies: {
      $0.storageClient = storage
    }
  }

  /// Sends `actions` in order, waiting for each one's effects, and returns the state they led to.
  @discardableResult
  func send(_ actions: Action...) async -> State {
    for action in actions {
      await store.send(action).finish()
    }
    return store.state
  }
}
