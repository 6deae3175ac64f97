import Composable
import Storage

/// The whole app: the bookcase list at the root and a navigation stack of bookcase details above it (each
/// presenting its own word editor). A detail tells the app when its word count changed, and the app updates
/// the list's row in place, so the count shows without reloading anything.
public struct AppReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var list: BookCaseListReducer.State
    public var path: StackState<Path.State>

    public init(
      list: BookCaseListReducer.State = BookCaseListReducer.State(),
      path: StackState<Path.State> = StackState()
    ) {
      self.list = list
      self.path = path
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case list(BookCaseListReducer.Action)
    case path(StackAction<Path.State, Path.Action>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) {
      BookCaseListReducer()
    }
    Reduce { state, action in
      switch action {
      case let .list(.bookCaseSelected(bookCase)):
        state.path.append(.detail(BookCaseDetailReducer.State(bookCase: bookCase)))
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.bookCaseUpdated(bookCase))))):
        state.list.bookCases[id: bookCase.id]?.wordCount = bookCase.wordCount
        // A load in flight may have counted before the change: it starts again.
        return state.list.reloadIfLoading().map(Action.list)

      case let .path(.element(id: _, action: .detail(.delegate(.wordMoved(word))))):
        state.list.bookCases[id: word.bookCaseID]?.wordCount += 1
        return state.list.reloadIfLoading().map(Action.list)

      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }
}
