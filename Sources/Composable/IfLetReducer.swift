extension Reducer {
  /// Runs `wrapped` on optional child state while it is present, before this reducer.
  ///
  /// When the child state becomes `nil` (or is replaced by a child with another identity), the
  /// child's effects are cancelled.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let site: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    @Dependency(\.navigationIDPath) var path
    let idBefore = childID(state)
    let childEffect = reduceChild(into: &state, action: action, path: path)
    let parentEffect = parent.reduce(into: &state, action: action)
    let idAfter = childID(state)
    var dismissal = Effect<Parent.Action>.none
    if let idBefore, idBefore != idAfter {
      dismissal = .cancel(navigationPath: path.appending(idBefore))
    }
    return .merge(childEffect, parentEffect, dismissal)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action, path: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil, let id = childID(state) else {
      reportIssue(
        """
        An "ifLet" at "\(site.fileID):\(site.line)" received a child action while the child state \
        was nil: …

          Action:
        \(String(customDumping: action).indented(by: 4))

        The action was ignored. Child actions must only be sent while the child state is present; \
        an effect still sending them after dismissal should be cancellable.
        """,
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
      )
      return .none
    }
    let childPath = path.appending(id)
    let toChildAction = self.toChildAction
    return withDependencies {
      $0.navigationIDPath = childPath
    } operation: {
      child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
    }
    .map { toChildAction.embed($0) }
    .cancellable(navigationPath: childPath)
  }

  private func childID(_ state: Parent.State) -> NavigationID? {
    guard let child = state[keyPath: toChildState] else { return nil }
    let keyPath = AnyHashableSendable(UncheckedSendable(toChildState as AnyKeyPath))
    if let identifiable = child as? any Identifiable {
      return NavigationID(keyPath, identity(of: identifiable))
    }
    return NavigationID(keyPath)
  }
}

/// The `id` of an `Identifiable` value, made hashable and sendable for use in a navigation path.
func identity(of value: some Identifiable) -> AnyHashableSendable {
  AnyHashableSendable(UncheckedSendable(AnyHashable(value.id)))
}

/// Where a reducer operator was written, so its misuse is reported at that line.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
