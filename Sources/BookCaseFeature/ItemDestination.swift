import Composable

/// What the list and the detail present, one at a time: the feature that edits one of their items (the
/// bookcase form, the word editor), or the confirmation before one is deleted.
public struct ItemDestination<Editor: Reducer & Sendable, Item: Deletable>: Reducer, Sendable
where Editor.State: Equatable & Sendable, Editor.Action: Equatable & Sendable {
  @CasePathable @dynamicMemberLookup
  public enum State: Equatable, Sendable {
    case editor(Editor.State)
    case confirmDelete(ConfirmationState<DeleteConfirmation<Item>>)
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case confirmDelete(DeleteConfirmation<Item>)
  }

  let editor: Editor

  public var body: some ReducerOf<Self> {
    Scope(state: \.editor, action: \.editor) {
      editor
    }
  }
}
