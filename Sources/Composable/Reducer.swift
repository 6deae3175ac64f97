/// A description of how a feature's state changes in response to an action, and which effects it
/// starts. Conform by implementing either `reduce(into:action:)` or a composed `body`.
public protocol Reducer<State, Action> {
  associatedtype State
  associatedtype Action
  associatedtype Body

  /// Evolves `state` for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// `some ReducerOf<Self>` reads like TCA's feature bodies.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// Reducers that implement `reduce(into:action:)` have no body; it is never called.
  public var body: Body {
    fatalError("'\(Self.self)' has no body: it implements reduce(into:action:) instead.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A reducer written inline as a closure.
public struct Reduce<State, Action>: Reducer {
  let reduce: (inout State, Action) -> Effect<Action>

  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Erases the type of another reducer.
  public init<R: Reducer<State, Action>>(_ reducer: R) {
    self.reduce = reducer.reduce(into:action:)
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// A reducer that does nothing; what an empty builder block produces.
public struct EmptyReducer<State, Action>: Reducer {
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Runs the reducers of its builder block in order, as one reducer.
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  let reducers: Reducers

  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
