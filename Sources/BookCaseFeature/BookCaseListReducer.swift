import Composable
import Storage

/// Every bookcase with its word count: load (seed 003's `onAppear → loadBookCases → bookCasesLoaded`),
/// refresh through the same path, watch storage for changes, select, delete after a confirmation that says
/// how many words go, and create or rename in a `BookCaseFormReducer` presented as optional child state.
public struct BookCaseListReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var bookCases: IdentifiedArrayOf<BookCase>
    public var isLoading = false
    public var selectedBookCase: BookCase?
    /// The bookcase waiting for the person to confirm its deletion; its `wordCount` words go with it.
    public var bookCaseToDelete: BookCase?
    /// The bookcase the last confirmed deletion removed.
    public var deletedBookCase: BookCase?
    public var form: BookCaseFormReducer.State?
    public var error: StorageError?

    public init(
      bookCases: IdentifiedArrayOf<BookCase> = [], selectedBookCase: BookCase? = nil,
      form: BookCaseFormReducer.State? = nil
    ) {
      self.bookCases = bookCases
      self.selectedBookCase = selectedBookCase
      self.form = form
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    /// Watches storage for as long as it runs and refreshes on every change; cancel the task to stop.
    case task
    case loadBookCases
    case refreshBookCases
    /// The end of every load: on failure it comes with an empty list, after `bookCasesLoadFailed`.
    case bookCasesLoaded([BookCase])
    case bookCasesLoadFailed(StorageError)
    case bookCaseSelected(BookCase)
    case deleteRequested(BookCase)
    case deleteConfirmed
    case deleteCancelled
    case bookCaseDeleted(BookCase)
    case deleteFailed(StorageError)
    case addBookCaseButtonTapped
    case renameRequested(BookCase)
    case form(BookCaseFormReducer.Action)
  }

  enum CancelID { case load, watch }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear, .refreshBookCases:
        return .send(.loadBookCases)

      case .task:
        return .send(.refreshBookCases, onEveryChangeIn: storageClient)
          .cancellable(id: CancelID.watch, cancelInFlight: true)

      case .loadBookCases:
        state.isLoading = true
        state.error = nil
        return .run { send in
          await send(.bookCasesLoaded(try await storageClient.fetchBookCases()))
        } catch: { error, send in
          await send(.bookCasesLoadFailed(StorageError(error)))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)

      case let .bookCasesLoaded(bookCases):
        state.isLoading = false
        state.bookCases = IdentifiedArray(uniqueElements: bookCases)
        // The selection and a pending deletion follow the load: renamed and recounted (the confirmation
        // states how many words go), or dropped when the bookcase is gone.
        state.selectedBookCase = state.selectedBookCase.flatMap { state.bookCases[id: $0.id] }
        state.bookCaseToDelete = state.bookCaseToDelete.flatMap { state.bookCases[id: $0.id] }
        return .none

      case let .bookCasesLoadFailed(error):
        // A failed load must not leave the list loading: it ends like any load, with nothing loaded.
        state.error = error
        return .send(.bookCasesLoaded([]))

      case let .bookCaseSelected(bookCase):
        state.selectedBookCase = bookCase
        return .none

      case let .deleteRequested(bookCase):
        state.bookCaseToDelete = bookCase
        return .none

      case .deleteConfirmed:
        guard let bookCase = state.bookCaseToDelete else { return .none }
        // Answered: a second confirmation must not start a second deletion (which would fail as not found).
        state.bookCaseToDelete = nil
        state.error = nil
        return .run { send in
          try await storageClient.deleteBookCase(id: bookCase.id)
          await send(.bookCaseDeleted(bookCase))
        } catch: { error, send in
          await send(.deleteFailed(StorageError(error)))
        }

      case .deleteCancelled:
        state.bookCaseToDelete = nil
        return .none

      case let .bookCaseDeleted(bookCase):
        state.deletedBookCase = bookCase
        state.bookCases.remove(id: bookCase.id)
        if state.selectedBookCase?.id == bookCase.id {
          state.selectedBookCase = nil
        }
        return state.reloadIfLoading()

      case let .deleteFailed(error):
        state.error = error
        return .none

      case .addBookCaseButtonTapped:
        state.form = BookCaseFormReducer.State()
        return .none

      case let .renameRequested(bookCase):
        state.form = BookCaseFormReducer.State(renaming: bookCase)
        return .none

      case let .form(.delegate(.created(bookCase))), let .form(.delegate(.renamed(bookCase))):
        state.form = nil
        state.bookCases[id: bookCase.id] = bookCase
        state.bookCases.sort(by: BookCase.listOrder)
        if state.selectedBookCase?.id == bookCase.id {
          state.selectedBookCase = bookCase
        }
        return state.reloadIfLoading()

      case .form(.delegate(.cancelled)):
        state.form = nil
        return .none

      case .form:
        return .none
      }
    }
    .ifLet(\.form, action: \.form) {
      BookCaseFormReducer()
    }
  }
}

extension BookCaseListReducer.State {
  /// A load in flight may have read storage before the change just made and would undo it when it lands
  /// (a deleted row back, a new one gone): start it again, which cancels the stale one.
  func reloadIfLoading() -> Effect<BookCaseListReducer.Action> {
    isLoading ? .send(.loadBookCases) : .none
  }
}
