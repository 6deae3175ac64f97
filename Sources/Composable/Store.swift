/// The runtime of a feature: holds its state, runs its reducer for each action, one at a time and in
/// order, and runs the effects the reducer returns.
///
/// The store captures the dependencies in force when it is created (plus `withDependencies`), and
/// the reducer and its effects always see those, so two stores never see each other's overrides.
@MainActor
public final class Store<State, Action> {
  /// The current state.
  public private(set) var state: State

  private let reducer: Reduce<State, Action>
  private let dependencies: DependencyValues
  private let runtime = EffectRuntime<Action>()
  private var observers: [Int: @MainActor (State) -> Void] = [:]
  private var nextObserverID = 0

  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let (state, reducer, dependencies) = prepare(initialState, reducer) {
      // A store is the root of its navigation path. Set rather than looked up, it spares effects the first
      // lookup of a default dependency, whose cache asks Foundation whether tests are running (costly at start-up).
      $0.navigationIDPath = NavigationIDPath()
      prepareDependencies?(&$0)
    }
    self.state = state
    self.reducer = reducer
    self.dependencies = dependencies
    runtime.reduce = { [unowned self] action, _ in
      let effect = withDependencies {
        $0 = self.dependencies
      } operation: {
        self.reducer.reduce(into: &self.state, action: action)
      }
      for observer in self.observers.values { observer(self.state) }
      return effect
    }
  }

  isolated deinit {
    runtime.cancelAll()
  }

  /// Sends an action. The returned task finishes when every effect it started, and every effect of
  /// the actions those effects sent back, has finished; cancelling it cancels them.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    let group = EffectGroup()
    runtime.send(action, origin: .init(isReceived: false, site: nil), group: group)
    return StoreTask(rawValue: Task { await group.wait() })
  }

  /// Calls `onChange` with the state after every action the store processes, until the returned
  /// observation is cancelled or released.
  public func observe(_ onChange: @escaping @MainActor (State) -> Void) -> StoreObservation {
    let id = nextObserverID
    nextObserverID += 1
    observers[id] = onChange
    return StoreObservation { [weak self] in self?.observers[id] = nil }
  }
}

extension Store where State: Sendable {
  /// The current state, then the state after every action the store processes.
  public var states: AsyncStream<State> {
    let (stream, continuation) = AsyncStream.makeStream(of: State.self)
    continuation.yield(state)
    let observation = observe { continuation.yield($0) }
    continuation.onTermination = { _ in Task { @MainActor in observation.cancel() } }
    return stream
  }
}

/// The work started by one `Store.send`.
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>

  /// Cancels the effects.
  public func cancel() {
    rawValue.cancel()
  }

  /// Waits until the effects have finished.
  public func finish() async {
    await rawValue.value
  }

  public var isCancelled: Bool {
    rawValue.isCancelled
  }
}

/// Keeps a `Store.observe` callback registered until cancelled or released.
@MainActor
public final class StoreObservation {
  private var onCancel: (@MainActor () -> Void)?

  init(onCancel: @escaping @MainActor () -> Void) {
    self.onCancel = onCancel
  }

  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit {
    cancel()
  }
}

/// Builds a store's initial state and reducer inside its dependency overrides, and returns the
/// dependencies in force there: the values the reducer and its effects will always see.
func prepare<State, Action, R: Reducer<State, Action>>(
  _ initialState: () -> State,
  _ reducer: () -> R,
  _ prepareDependencies: (inout DependencyValues) -> Void
) -> (State, Reduce<State, Action>, DependencyValues) {
  withDependencies(prepareDependencies) {
    @Dependency(\.self) var dependencies
    return (initialState(), Reduce(reducer()), dependencies)
  }
}
