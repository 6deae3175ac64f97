import Composable
import Storage

/// Creates a bookcase or edits one, saving as every `DraftForm` does (a duplicate name is one refusal storage
/// makes), and tells the parent with `delegate(.created)` or `delegate(.renamed)`. An edit that keeps the name
/// writes the description alone.
public struct BookCaseFormReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, DraftForm {
    public enum Mode: Equatable, Sendable {
      case create
      case rename(BookCase)
    }

    public var mode: Mode
    public var name: String
    public var description: String
    public var isSaving = false
    public var error: StorageError?

    /// An empty form for a new bookcase.
    public init(name: String = "", description: String = "") {
      self.mode = .create
      self.name = name
      self.description = description
    }

    /// A form filled with `bookCase`'s fields, saving renames it.
    public init(renaming bookCase: BookCase) {
      self.mode = .rename(bookCase)
      self.name = bookCase.name
      self.description = bookCase.description
    }

    var draft: BookCaseDraft { BookCaseDraft(name: name, description: description) }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case nameChanged(String)
    case descriptionChanged(String)
    case saveButtonTapped
    case cancelButtonTapped
    case bookCaseSaved(BookCase)
    case saveFailed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case created(BookCase)
      case renamed(BookCase)
      case cancelled
    }
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none

      case let .descriptionChanged(description):
        state.description = description
        return .none

      case .saveButtonTapped:
        let (mode, storageClient) = (state.mode, storageClient)
        return state.save(checkedBy: StorageRules.validated) { draft in
          switch mode {
          case .create:
            try await storageClient.createBookCase(draft: draft)
          // The name as it was: the description alone is written, so a rename made meanwhile stays.
          case let .rename(bookCase) where draft.name == bookCase.name:
            try await storageClient.updateBookCaseDescription(id: bookCase.id, description: draft.description)
          case let .rename(bookCase):
            try await storageClient.updateBookCase(id: bookCase.id, draft: draft)
          }
        } then: { .bookCaseSaved($0) } failed: { .saveFailed($0) }

      case .cancelButtonTapped:
        // A save in flight may already have written: closing would cancel it and drop the answer, and the
        // parent would never show the bookcase it saved.
        guard !state.isSaving else { return .none }
        return .send(.delegate(.cancelled))

      case let .bookCaseSaved(bookCase):
        let delegate: Action.Delegate = state.mode == .create ? .created(bookCase) : .renamed(bookCase)
        state.isSaving = false
        state.name = bookCase.name
        state.description = bookCase.description
        // Saving again now renames what was saved instead of creating a second bookcase.
        state.mode = .rename(bookCase)
        return .send(.delegate(delegate))

      case let .saveFailed(error):
        state.saveFailed(error)
        return .none

      case .delegate:
        return .none
      }
    }
  }
}
