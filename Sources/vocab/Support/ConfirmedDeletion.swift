import BookCaseFeature
import Composable
import Storage

extension FeatureRun {
  /// Puts the delete confirmation the feature presents to the person (see `Confirmation`) and answers it in
  /// the feature: its confirm button's action, wrapped by `confirm`, or `dismiss`. Returns what the feature
  /// then reports deleted at `deleted`; backing out fails with "cancelled; nothing was deleted".
  func answer<Item: Deletable>(
    _ confirmation: ConfirmationState<DeleteConfirmation<Item>>?,
    yes: Bool, terminal: Terminal,
    confirm: (DeleteConfirmation<Item>) -> Action, dismiss: Action,
    deleted: CaseKeyPath<Action, Item>, error: KeyPath<State, StorageError?>
  ) async throws(Failure) -> Item {
    guard let confirmation, let item = confirmation.item(), let goAhead = confirmation.confirmButton?.action
    else { throw Failure("the deletion could not be requested") }
    let refusal = "not deleting \(item.deletionSubject)"
    guard try Confirmation.isConfirmed(confirmation, refusal: refusal, yes: yes, terminal: terminal) else {
      await send(dismiss)
      throw Failure("cancelled; nothing was deleted")
    }
    await send(confirm(goAhead))
    return try outcome(deleted, or: error)
  }
}
