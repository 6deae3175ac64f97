/// An action of a navigation stack: an element's action, a push, or a pop.
@CasePathable
public enum StackAction<State, Action> {
  /// An action of the element with this id.
  case element(id: StackElementID, action: Action)
  /// Removes the element with this id and everything above it.
  case popFrom(id: StackElementID)
  /// Pushes an element with this id.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}

public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>

extension Reducer {
  /// Runs `destination` on the stack element an `.element(id:action:)` addresses, and handles pushes
  /// and pops, before this reducer. Effects of elements that leave the stack are cancelled.
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      parent: self,
      destination: destination(),
      toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction),
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let destination: Destination
  let toStackState: WritableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction: AnyCasePath<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let site: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    @Dependency(\.navigationIDPath) var path
    let idsBefore = Set(state[keyPath: toStackState].ids)
    let destinationEffect = reduceStack(into: &state, action: action, path: path)
    let parentEffect = parent.reduce(into: &state, action: action)
    let removed = idsBefore.subtracting(state[keyPath: toStackState].ids)
    let cancellations = removed.sorted().map {
      Effect<Parent.Action>.cancel(navigationPath: path.appending(navigationID($0)))
    }
    return .merge([destinationEffect, parentEffect] + cancellations)
  }

  private func reduceStack(
    into state: inout Parent.State, action: Parent.Action, path: NavigationIDPath
  ) -> Effect<Parent.Action> {
    switch toStackAction.extract(from: action) {
    case nil:
      return .none
    case let .element(id, destinationAction):
      guard state[keyPath: toStackState][id: id] != nil else {
        report("received an action for element \(id), which is not on the stack", action)
        return .none
      }
      let elementPath = path.appending(navigationID(id))
      let toStackAction = self.toStackAction
      return withDependencies {
        $0.navigationIDPath = elementPath
      } operation: {
        destination.reduce(into: &state[keyPath: toStackState][id: id]!, action: destinationAction)
      }
      .map { toStackAction.embed(.element(id: id, action: $0)) }
      .cancellable(navigationPath: elementPath)
    case let .popFrom(id):
      guard state[keyPath: toStackState][id: id] != nil else {
        report("was asked to pop from element \(id), which is not on the stack", action)
        return .none
      }
      state[keyPath: toStackState].pop(from: id)
      return .none
    case let .push(id, element):
      if let last = state[keyPath: toStackState].ids.last, id <= last {
        report("was asked to push element \(id), which is not newer than the top element \(last)", action)
        return .none
      }
      state[keyPath: toStackState].insert(element, id: id)
      return .none
    }
  }

  private func navigationID(_ id: StackElementID) -> NavigationID {
    NavigationID(AnyHashableSendable(UncheckedSendable(toStackState as AnyKeyPath)), AnyHashableSendable(id))
  }

  private func report(_ problem: String, _ action: Parent.Action) {
    reportIssue(
      """
      A stack "forEach" at "\(site.fileID):\(site.line)" \(problem): …

        Action:
      \(String(customDumping: action).indented(by: 4))

      The action was ignored.
      """,
      fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
    )
  }
}
