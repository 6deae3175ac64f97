import Composable
import Storage

/// A form that saves a draft to storage: the bookcase form and the word editor. The draft is checked with
/// Storage's own rules before any storage call, so an empty or over-long field is refused without touching
/// the database; what storage refuses is shown on the form with the fields kept as typed.
protocol DraftForm {
  associatedtype Draft: Sendable
  var draft: Draft { get }
  var isSaving: Bool { get set }
  var error: StorageError? { get set }
}

extension DraftForm {
  /// Checks the draft with `rule` and, when it passes, runs `save` on the checked draft; its result comes
  /// back as `saved`, a failure as `failed`. One save at a time: a second one could write twice.
  mutating func save<Saved: Sendable, Action: Sendable>(
    checkedBy rule: (Draft) throws(StorageError) -> Draft,
    _ save: @escaping @Sendable (Draft) async throws -> Saved,
    then saved: @escaping @Sendable (Saved) -> Action,
    failed: @escaping @Sendable (StorageError) -> Action
  ) -> Effect<Action> {
    guard !isSaving else { return .none }
    let checked: Draft
    do throws(StorageError) {
      checked = try rule(draft)
    } catch {
      self.error = error
      return .none
    }
    isSaving = true
    error = nil
    return .storage({ try await save(checked) }, then: saved, failed: failed)
  }

  /// Ends a save that storage refused.
  mutating func saveFailed(_ error: StorageError) {
    isSaving = false
    self.error = error
  }
}
