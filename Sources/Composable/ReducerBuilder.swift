/// Builds a reducer from a block of reducers that run one after another, merging their effects.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R { reducer }

  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R { first }

  public static func buildPartialBlock<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    accumulated: R0, next: R1
  ) -> _SequenceReducer<R0, R1> {
    _SequenceReducer(first: accumulated, second: next)
  }

  public static func buildOptional<R: Reducer<State, Action>>(_ reducer: R?) -> _OptionalReducer<R> {
    _OptionalReducer(wrapped: reducer)
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    first: R0
  ) -> _ConditionalReducer<R0, R1> {
    .first(first)
  }

  public static func buildEither<R0: Reducer<State, Action>, R1: Reducer<State, Action>>(
    second: R1
  ) -> _ConditionalReducer<R0, R1> {
    .second(second)
  }

  public static func buildArray<R: Reducer<State, Action>>(_ reducers: [R]) -> _ArrayReducer<R> {
    _ArrayReducer(reducers: reducers)
  }
}

/// Two reducers run in order; the builder nests these for longer blocks.
public struct _SequenceReducer<R0: Reducer, R1: Reducer<R0.State, R0.Action>>: Reducer {
  let first: R0
  let second: R1

  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    let secondEffect = second.reduce(into: &state, action: action)
    return .merge(firstEffect, secondEffect)
  }
}

public struct _OptionalReducer<Wrapped: Reducer>: Reducer {
  let wrapped: Wrapped?

  public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

public enum _ConditionalReducer<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
  case first(First)
  case second(Second)

  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case let .first(reducer): reducer.reduce(into: &state, action: action)
    case let .second(reducer): reducer.reduce(into: &state, action: action)
    }
  }
}

public struct _ArrayReducer<Element: Reducer>: Reducer {
  let reducers: [Element]

  public func reduce(into state: inout Element.State, action: Element.Action) -> Effect<Element.Action> {
    .merge(reducers.map { $0.reduce(into: &state, action: action) })
  }
}
