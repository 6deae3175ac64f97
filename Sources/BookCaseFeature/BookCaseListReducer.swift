import Composable
import Storage

/// Every bookcase with its word count: load (`onAppear → loadBookCases → bookCasesLoaded`), refresh through
/// the same path, watch storage for changes, select, delete after the delete confirmation (which says how
/// many words go), and create or rename in a `BookCaseFormReducer`. The form and the confirmation are its
/// `Destination`: one thing presented at a time.
public struct BookCaseListReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, StorageLoading {
    public var bookCases: IdentifiedArrayOf<BookCase>
    public var isLoading = false
    public var selectedBookCase: BookCase?
    public var destination: Destination.State?
    public var error: StorageError?

    public init(
      bookCases: IdentifiedArrayOf<BookCase> = [], selectedBookCase: BookCase? = nil,
      destination: Destination.State? = nil
    ) {
      self.bookCases = bookCases
      self.selectedBookCase = selectedBookCase
      self.destination = destination
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
    case bookCaseDeleted(BookCase)
    case deleteFailed(StorageError)
    case addBookCaseButtonTapped
    case renameRequested(BookCase)
    case destination(PresentationAction<Destination.Action>)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// The bookcase and its words are gone from storage.
      case deleted(BookCase)
    }
  }

  /// The bookcase form (creating or renaming) or the delete confirmation.
  public typealias Destination = ItemDestination<BookCaseFormReducer, BookCase>

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear, .refreshBookCases:
        return .send(.loadBookCases)

      case .task:
        return state.watch(storageClient, refreshing: .refreshBookCases)

      case .loadBookCases:
        let storageClient = storageClient
        return state.load(storageClient.fetchBookCases) { .bookCasesLoaded($0) } failed: { .bookCasesLoadFailed($0) }

      case let .bookCasesLoaded(bookCases):
        state.isLoading = false
        state.bookCases = IdentifiedArray(uniqueElements: bookCases)
        // The selection and a pending deletion follow the load: renamed and recounted, or dropped when the
        // bookcase is gone.
        state.selectedBookCase = state.selectedBookCase.flatMap { state.bookCases[id: $0.id] }
        if case let .confirmDelete(confirmation) = state.destination {
          state.destination = confirmation.following(state.bookCases).map(Destination.State.confirmDelete)
        }
        return .none

      case let .bookCasesLoadFailed(error):
        // A failed load must not leave the list loading: it ends like any load, with nothing loaded.
        state.error = error
        return .send(.bookCasesLoaded([]))

      case let .bookCaseSelected(bookCase):
        state.selectedBookCase = bookCase
        return .none

      case let .deleteRequested(bookCase):
        // One thing is presented at a time, and an open one is not replaced: a form would lose its draft.
        guard state.destination == nil else { return .none }
        state.destination = .confirmDelete(.delete(bookCase))
        return .none

      case let .destination(.presented(.confirmDelete(.deleteTapped(bookCase)))):
        state.error = nil
        return .delete(bookCase, from: storageClient, then: Action.bookCaseDeleted, failed: Action.deleteFailed)

      case let .bookCaseDeleted(bookCase):
        state.bookCases.remove(id: bookCase.id)
        if state.selectedBookCase?.id == bookCase.id {
          state.selectedBookCase = nil
        }
        return .merge(.send(.delegate(.deleted(bookCase))), state.reloadIfLoading())

      case let .deleteFailed(error):
        state.error = error
        return .none

      case .addBookCaseButtonTapped:
        guard state.destination == nil else { return .none }
        state.destination = .editor(BookCaseFormReducer.State())
        return .none

      case let .renameRequested(bookCase):
        guard state.destination == nil else { return .none }
        state.destination = .editor(BookCaseFormReducer.State(renaming: bookCase))
        return .none

      case let .destination(.presented(.editor(.delegate(.created(bookCase))))),
        let .destination(.presented(.editor(.delegate(.renamed(bookCase))))):
        state.destination = nil
        state.bookCases[id: bookCase.id] = bookCase
        state.bookCases.sort(by: BookCase.listOrder)
        if state.selectedBookCase?.id == bookCase.id {
          state.selectedBookCase = bookCase
        }
        return state.reloadIfLoading()

      case .destination(.presented(.editor(.delegate(.cancelled)))):
        state.destination = nil
        return .none

      case .destination, .delegate:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination(editor: BookCaseFormReducer())
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
