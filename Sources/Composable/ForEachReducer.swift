extension Reducer {
  /// Runs `element` on the element of an `IdentifiedArray` that an `.element(id:action:)` addresses,
  /// before this reducer. Effects of elements that this reducer removes are cancelled.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  let parent: Parent
  let element: Element
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let site: CallSite

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    @Dependency(\.navigationIDPath) var path
    let idsBefore = state[keyPath: toElementsState].ids
    let elementEffect = reduceElement(into: &state, action: action, path: path)
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElementsState].ids
    let removed = idsBefore.subtracting(idsAfter)
    let cancellations = removed.map { Effect<Parent.Action>.cancel(navigationPath: path.appending(navigationID($0))) }
    return .merge([elementEffect, parentEffect] + cancellations)
  }

  private func reduceElement(
    into state: inout Parent.State, action: Parent.Action, path: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = toElementAction.extract(from: action) else {
      return .none
    }
    guard state[keyPath: toElementsState][id: id] != nil else {
      reportIssue(
        """
        A "forEach" at "\(site.fileID):\(site.line)" received an action for a missing element: …

          Action:
        \(String(customDumping: action).indented(by: 4))

        The action was ignored. Element actions must only be sent while the element is in the \
        array; an effect still sending them after removal should be cancellable.
        """,
        fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
      )
      return .none
    }
    let elementPath = path.appending(navigationID(id))
    let toElementAction = self.toElementAction
    return withDependencies {
      $0.navigationIDPath = elementPath
    } operation: {
      element.reduce(into: &state[keyPath: toElementsState][id: id]!, action: elementAction)
    }
    .map { toElementAction.embed(.element(id: id, action: $0)) }
    .cancellable(navigationPath: elementPath)
  }

  private func navigationID(_ id: ID) -> NavigationID {
    NavigationID(AnyHashableSendable(UncheckedSendable(toElementsState as AnyKeyPath)), AnyHashableSendable(id))
  }
}
