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
      toDismissal: nil,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  /// Set for a presentation (`PresentationAction`): its `.dismiss`. A presented child also goes away by
  /// itself after an action of its own when it is ephemeral.
  let toDismissal: AnyCasePath<Parent.Action, Void>?
  let site: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    @Dependency(\.navigationIDPath) var path
    let idBefore = childID(state)
    let childEffect = reduceChild(into: &state, action: action, path: path)
    if toDismissal != nil, idBefore == nil, toChildAction.extract(from: action) != nil {
      // Reported by `reduceChild`. The parent must not act on it either: it would answer a confirmation
      // that was already answered, or that was never asked.
      return .none
    }
    if let toDismissal, let presented = state[keyPath: toChildState] {
      // The parent sees the child already gone, as it will be shown.
      if toDismissal.extract(from: action) != nil
        || (toChildAction.extract(from: action) != nil && isEphemeral(presented))
      {
        state[keyPath: toChildState] = nil
      }
    }
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

  /// The child's key path and identity: for a destination enum, its case and the identity of what that case
  /// holds, so that presenting another case ends the first one's effects.
  private func childID(_ state: Parent.State) -> NavigationID? {
    guard let child = state[keyPath: toChildState] else { return nil }
    var parts = [AnyHashableSendable(UncheckedSendable(toChildState as AnyKeyPath))]
    var identified: Any = child
    let mirror = Mirror(reflecting: child)
    if !(child is any Identifiable), mirror.displayStyle == .enum {
      let payload = mirror.children.first
      parts.append(AnyHashableSendable(payload?.label ?? String(describing: child)))
      identified = payload?.value ?? child
    }
    if let identifiable = identified as? any Identifiable {
      parts.append(identity(of: identifiable))
    }
    return NavigationID(parts: parts)
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
