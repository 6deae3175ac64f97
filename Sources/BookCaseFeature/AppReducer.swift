import Composable
import Storage

/// The whole app: the bookcase list at the root and a navigation stack of bookcase details and word
/// editors above it. Children tell it what they changed, and it updates the screens beneath them in place
/// (seed 000's child → parent pattern), so a word added, edited or deleted shows in the detail and in the
/// list's word counts without reloading anything.
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

      case let .path(.element(id: _, action: .detail(.wordSelected(word)))):
        state.path.append(.wordEditor(WordEditorReducer.State(editing: word)))
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.bookCaseUpdated(bookCase))))):
        state.list.bookCases[id: bookCase.id]?.wordCount = bookCase.wordCount
        return state.list.reloadIfLoading().map(Action.list)

      case let .path(.element(id: id, action: .wordEditor(.delegate(.updated(word))))):
        state.path.pop(from: id)
        return state.updateBookCase(word.bookCaseID, countChange: 0) { detail in
          detail.words[id: word.id] = word
        }

      case let .path(.element(id: id, action: .wordEditor(.delegate(.added(word))))):
        state.path.pop(from: id)
        return state.updateBookCase(word.bookCaseID, countChange: 1) { detail in
          detail.words.append(word)
        }

      case let .path(.element(id: id, action: .wordEditor(.delegate(.deleted(word))))):
        state.path.pop(from: id)
        return state.updateBookCase(word.bookCaseID, countChange: -1) { detail in
          detail.words.remove(id: word.id)
        }

      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }
}

extension AppReducer.State {
  /// Applies `change` to every detail of the bookcase `bookCaseID` on the stack and moves that bookcase's
  /// word count by `countChange`, in those details and in the list. Loads in flight there start again, so
  /// they cannot undo the change when they land.
  fileprivate mutating func updateBookCase(
    _ bookCaseID: BookCase.ID, countChange: Int, _ change: (inout BookCaseDetailReducer.State) -> Void
  ) -> Effect<AppReducer.Action> {
    list.bookCases[id: bookCaseID]?.wordCount += countChange
    var reloads = countChange == 0 ? [] : [list.reloadIfLoading().map(AppReducer.Action.list)]
    for id in path.ids {
      guard case var .detail(detail) = path[id: id], detail.bookCase.id == bookCaseID else { continue }
      change(&detail)
      detail.bookCase.wordCount += countChange
      path[id: id] = .detail(detail)
      reloads.append(detail.reloadIfLoading().map { .path(.element(id: id, action: .detail($0))) })
    }
    return .merge(reloads)
  }
}
