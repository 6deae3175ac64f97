import Composable
import Storage

/// The words of one bookcase: load, refresh, watch for changes, delete a word with confirmation, and add a
/// word in a `WordEditorReducer` presented as optional child state. Whenever its own changes alter the
/// bookcase's word count it tells the parent with `delegate(.bookCaseUpdated)`.
public struct BookCaseDetailReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    /// The bookcase as last read; a load refreshes it too (another process may rename it).
    public var bookCase: BookCase
    public var words: IdentifiedArrayOf<Word>
    public var isLoading = false
    public var editor: WordEditorReducer.State?
    /// The word waiting for the person to confirm its deletion.
    public var wordToDelete: Word?
    public var error: StorageError?

    public init(
      bookCase: BookCase, words: IdentifiedArrayOf<Word> = [], editor: WordEditorReducer.State? = nil
    ) {
      self.bookCase = bookCase
      self.words = words
      self.editor = editor
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    /// Watches storage for as long as it runs and refreshes on every change; cancel the task to stop.
    case task
    case loadWords
    case refreshWords
    case wordsLoaded(BookCase, [Word])
    /// The words stay as they were; only the error is recorded.
    case loadFailed(StorageError)
    /// A front end opens the word (the app pushes an editor for it).
    case wordSelected(Word)
    case addWordButtonTapped
    case editor(WordEditorReducer.Action)
    case deleteWordRequested(Word)
    case deleteWordConfirmed
    case deleteWordCancelled
    case wordDeleted(Word)
    case deleteWordFailed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// The bookcase's word count changed because of a change made here.
      case bookCaseUpdated(BookCase)
    }
  }

  enum CancelID { case load, watch }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear, .refreshWords:
        return .send(.loadWords)

      case .task:
        return .send(.refreshWords, onEveryChangeIn: storageClient)
          .cancellable(id: CancelID.watch, cancelInFlight: true)

      case .loadWords:
        state.isLoading = true
        state.error = nil
        return .run { [id = state.bookCase.id] send in
          let bookCase = try await storageClient.fetchBookCase(id: id)
          let words = try await storageClient.fetchWords(bookCaseID: id, listing: .all)
          await send(.wordsLoaded(bookCase, words))
        } catch: { error, send in
          await send(.loadFailed(StorageError(error)))
        }
        .cancellable(id: CancelID.load, cancelInFlight: true)

      case let .wordsLoaded(bookCase, words):
        state.isLoading = false
        state.bookCase = bookCase
        // The two reads are not one snapshot: the count follows the words shown.
        state.bookCase.wordCount = words.count
        state.words = IdentifiedArray(uniqueElements: words)
        // A pending deletion follows the load, or is dropped when the word is gone.
        state.wordToDelete = state.wordToDelete.flatMap { state.words[id: $0.id] }
        return .none

      case let .loadFailed(error):
        state.isLoading = false
        state.error = error
        return .none

      case .wordSelected:
        return .none

      case .addWordButtonTapped:
        // An open editor keeps its draft: replacing it would drop what was typed, and its save in flight
        // (not cancelled, the editor state has no identity) would land in the new one.
        guard state.editor == nil else { return .none }
        state.editor = WordEditorReducer.State(addingTo: state.bookCase.id)
        return .none

      case let .editor(.delegate(.added(word))):
        state.editor = nil
        state.words.append(word)
        return state.countChanged()

      case let .editor(.delegate(.updated(word))):
        state.editor = nil
        state.words[id: word.id] = word
        return state.reloadIfLoading()

      case let .editor(.delegate(.deleted(word))):
        state.editor = nil
        state.words.remove(id: word.id)
        return state.countChanged()

      case .editor:
        return .none

      case let .deleteWordRequested(word):
        state.wordToDelete = word
        return .none

      case .deleteWordConfirmed:
        guard let word = state.wordToDelete else { return .none }
        // Answered: a second confirmation must not start a second deletion.
        state.wordToDelete = nil
        state.error = nil
        return .run { send in
          try await storageClient.deleteWord(id: word.id)
          await send(.wordDeleted(word))
        } catch: { error, send in
          await send(.deleteWordFailed(StorageError(error)))
        }

      case .deleteWordCancelled:
        state.wordToDelete = nil
        return .none

      case let .wordDeleted(word):
        state.words.remove(id: word.id)
        return state.countChanged()

      case let .deleteWordFailed(error):
        state.error = error
        return .none

      case .delegate:
        return .none
      }
    }
    .ifLet(\.editor, action: \.editor) {
      WordEditorReducer()
    }
  }
}

extension BookCaseDetailReducer.State {
  /// Brings the bookcase's count in line with the words shown and tells the parent.
  mutating func countChanged() -> Effect<BookCaseDetailReducer.Action> {
    bookCase.wordCount = words.count
    return .merge(.send(.delegate(.bookCaseUpdated(bookCase))), reloadIfLoading())
  }

  /// A load in flight may have read storage before the change just made and would undo it when it lands:
  /// start it again, which cancels the stale one.
  func reloadIfLoading() -> Effect<BookCaseDetailReducer.Action> {
    isLoading ? .send(.loadWords) : .none
  }
}
