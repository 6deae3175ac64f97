import Composable
import Dependencies
import Storage

/// One feature reducer driven the way a person would drive it: a `Store` with the live storage client
/// injected, actions sent one after another, each awaited until its effects are done. The command learns what
/// the feature did the way a parent feature does, from the actions it sent (its delegate actions).
@MainActor
struct FeatureRun<State, Action> {
  let store: Store<State, Action>
  private let received: ReceivedActions<Action>

  init<R: Reducer<State, Action>>(_ reducer: R, state: State, storage: StorageClient) {
    self.init(reducer, state: state) { $0.storageClient = storage }
  }

  /// A run of a feature that needs other live clients than storage, set by `dependencies`.
  init<R: Reducer<State, Action>>(
    _ reducer: R, state: State, dependencies: @escaping (inout DependencyValues) -> Void
  ) {
    let received = ReceivedActions<Action>()
    store = Store(initialState: state) {
      reducer
      Reduce { _, action in
        received.actions.append(action)
        return .none
      }
    } withDependencies: {
      dependencies(&$0)
    }
    self.received = received
  }

  /// Sends `actions` in order, waiting for each one's effects, and returns the state they led to.
  @discardableResult
  func send(_ actions: Action...) async -> State {
    await send(actions)
  }

  @discardableResult
  func send(_ actions: [Action]) async -> State {
    for action in actions {
      await store.send(action).finish()
    }
    return store.state
  }

  /// What the last action in `outcome` (a delegate action, say `\.delegate.created`) carried; when the
  /// feature sent none, the error its state shows at `error` is the failure.
  func outcome<Value>(_ outcome: CaseKeyPath<Action, Value>, or error: KeyPath<State, StorageError?>)
    throws(Failure) -> Value
  {
    try self.outcome(outcome, or: error, as: Failure.init)
  }

  /// What the last action in `sent` carried, if the feature sent one: a delegate action that may or may not
  /// come (a note beside the outcome).
  func sent<Value>(_ sent: CaseKeyPath<Action, Value>) -> Value? {
    let casePath = AnyCasePath(sent)
    return received.actions.lazy.reversed().compactMap(casePath.extract).first
  }

  /// `outcome(_:or:)` for a feature whose errors are not storage errors: `failure` says how to report one.
  func outcome<Value, FeatureError>(
    _ outcome: CaseKeyPath<Action, Value>, or error: KeyPath<State, FeatureError?>,
    as failure: (FeatureError) -> Failure
  ) throws(Failure) -> Value {
    if let value = sent(outcome) { return value }
    if let error = store.state[keyPath: error] { throw failure(error) }
    throw Failure("nothing was changed")
  }
}

/// Every action a `FeatureRun`'s store reduced, in order.
private final class ReceivedActions<Action> {
  var actions: [Action] = []
}
