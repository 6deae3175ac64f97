/// Runs a child reducer on a part of the parent's state, for the child's actions only.
///
/// The state is reached either through a key path (a struct field) or a case key path (one case of
/// an enum state, as in a navigation `Path`).
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  enum ToChildState {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>)
  }

  let toChildState: ToChildState
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(AnyCasePath(toChildState))
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
    (self.fileID, self.filePath, self.line, self.column) = (fileID, filePath, line, column)
  }

  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let toChildAction = self.toChildAction
    switch toChildState {
    case let .keyPath(keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map { toChildAction.embed($0) }
    case let .casePath(casePath):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A "Scope" at "\(fileID):\(line)" received a child action while the parent state was in \
          another case: …

            Action:
          \(String(customDumping: action).indented(by: 4))
            State:
          \(String(customDumping: state).indented(by: 4))

          The child action was ignored. Make sure child actions are only sent while the parent \
          state holds the child's case.
          """,
          fileID: fileID, filePath: filePath, line: line, column: column
        )
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map { toChildAction.embed($0) }
    }
  }
}
