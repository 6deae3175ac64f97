/// The actions of a presented child (an editor, a confirmation, whatever a feature's `Destination` holds):
/// the child's own actions, and its dismissal, which the parent does not have to write.
@CasePathable
public enum PresentationAction<Action> {
  case presented(Action)
  /// Ends the presentation: the child state goes, and with it every effect the child started.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}

extension Reducer {
  /// Presents `destination` on the optional state at `toPresentedState`, before this reducer, as TCA's
  /// `ifLet` over `@Presents` state does:
  ///
  /// - `.presented(action)` runs `destination` while the state is there (it is a misuse otherwise);
  /// - `.dismiss` sets the state to nil before this reducer sees the action;
  /// - when the state is ephemeral (a `ConfirmationState`, or a destination case holding one), any of its
  ///   actions dismisses it before this reducer handles the action, so a confirmation is answered once;
  /// - when the state goes (or is replaced by another case or identity), its effects are cancelled.
  ///
  /// With a destination enum, `destination` scopes each case to its reducer (`Scope(state: \.editor, …)`);
  /// cases that hold a `ConfirmationState` need none.
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentedState: WritableKeyPath<State, DestinationState?>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _IfLetReducer(
      parent: self,
      child: destination(),
      toChildState: toPresentedState,
      toChildAction: AnyCasePath(toPresentationAction.appending(path: \.presented)),
      toDismissal: AnyCasePath(toPresentationAction.appending(path: \.dismiss)),
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
