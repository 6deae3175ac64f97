import Composable
import Storage

/// The words of one bookcase: load, refresh, watch for changes, delete a word after the delete
/// confirmation, and add or edit a word in a `WordEditorReducer`. The editor and the confirmation are its
/// `Destination`. Whenever a change made here alters the bookcase's word count it tells the parent with
/// `delegate(.bookCaseUpdated)`.
public struct BookCaseDetailReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, StorageLoading {
    /// The bookcase as last read; a load refreshes it too (another process may rename it).
    public var bookCase: BookCase
    public var words: IdentifiedArrayOf<Word>
    /// Which words are shown (all, or those with a tag) and in what order.
    public var listing: WordListing
    public var isLoading = false
    public var destination: Destination.State?
    public var error: StorageError?

    public init(
      bookCase: BookCase, words: IdentifiedArrayOf<Word> = [], listing: WordListing = .all,
      destination: Destination.State? = nil
    ) {
      self.bookCase = bookCase
      self.words = words
      self.listing = listing
      self.destination = destination
    }

    /// The bookcase was deleted (here or by another process): its id never comes back, so there is nothing
    /// left to show or watch.
    public var isBookCaseGone: Bool {
      error == .bookCaseNotFound(id: bookCase.id)
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
    /// A front end opens the word: the detail presents an editor for it.
    case wordSelected(Word)
    case addWordButtonTapped
    case deleteWordRequested(Word)
    case wordDeleted(Word)
    case deleteWordFailed(StorageError)
    /// Moves the word to the bookcase `to` (its count and this one's follow).
    case moveWordRequested(Word, to: BookCase.ID)
    case wordMoved(Word)
    case moveWordFailed(StorageError)
    case destination(PresentationAction<Destination.Action>)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// The bookcase's word count changed because of a change made here.
      case bookCaseUpdated(BookCase)
      /// The word now belongs to the bookcase `word.bookCaseID`, which holds one word more.
      case wordMoved(Word)
    }
  }

  /// The word editor (adding, or editing a selected word) or the delete confirmation.
  public typealias Destination = ItemDestination<WordEditorReducer, Word>

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear, .refreshWords:
        return .send(.loadWords)

      case .task:
        return state.watch(storageClient, refreshing: .refreshWords)

      case .loadWords:
        let (id, listing, storageClient) = (state.bookCase.id, state.listing, storageClient)
        return state.load {
          (try await storageClient.fetchBookCase(id: id), try await storageClient.fetchWords(bookCaseID: id, listing: listing))
        } then: { .wordsLoaded($0, $1) } failed: { .loadFailed($0) }

      case let .wordsLoaded(bookCase, words):
        state.isLoading = false
        state.bookCase = bookCase
        // The two reads are not one snapshot: the count follows the words shown, when they are all shown.
        if state.listing.tag == nil { state.bookCase.wordCount = words.count }
        state.words = IdentifiedArray(uniqueElements: words)
        // A pending deletion follows the load, or is dropped when the word is gone.
        if case let .confirmDelete(confirmation) = state.destination {
          state.destination = confirmation.following(state.words).map(Destination.State.confirmDelete)
        }
        return .none

      case let .loadFailed(error):
        state.loadFailed(error)
        return .none

      case let .wordSelected(word):
        // One thing is presented at a time, and an open one is not replaced: an editor would lose its draft,
        // and its save in flight would be cancelled.
        guard state.destination == nil else { return .none }
        state.destination = .editor(WordEditorReducer.State(editing: word))
        return .none

      case .addWordButtonTapped:
        guard state.destination == nil else { return .none }
        state.destination = .editor(WordEditorReducer.State(addingTo: state.bookCase.id))
        return .none

      case let .destination(.presented(.editor(.delegate(.added(word))))):
        state.destination = nil
        state.words.append(word)
        return state.countChanged(by: 1)

      case let .destination(.presented(.editor(.delegate(.updated(word))))):
        state.destination = nil
        state.words[id: word.id] = word
        return state.reloadIfLoading()

      case let .destination(.presented(.editor(.delegate(.deleted(word))))):
        state.destination = nil
        return state.remove(word)

      case let .deleteWordRequested(word):
        guard state.destination == nil else { return .none }
        state.destination = .confirmDelete(.delete(word))
        return .none

      case let .destination(.presented(.confirmDelete(.deleteTapped(word)))):
        state.error = nil
        return .delete(word, from: storageClient, then: Action.wordDeleted, failed: Action.deleteWordFailed)

      case let .wordDeleted(word):
        return state.remove(word)

      case let .deleteWordFailed(error):
        state.error = error
        return .none

      case let .moveWordRequested(word, bookCaseID):
        state.error = nil
        return .storage({ try await storageClient.moveWord(id: word.id, bookCaseID: bookCaseID) },
          then: Action.wordMoved, failed: Action.moveWordFailed)

      case let .wordMoved(word):
        guard word.bookCaseID != state.bookCase.id else { return .none }
        return .merge(state.remove(word), .send(.delegate(.wordMoved(word))))

      case let .moveWordFailed(error):
        state.error = error
        return .none

      case .destination, .delegate:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination(editor: WordEditorReducer())
    }
  }
}

extension BookCaseDetailReducer.State {
  /// Takes a deleted word off the list.
  mutating func remove(_ word: Word) -> Effect<BookCaseDetailReducer.Action> {
    words.remove(id: word.id)
    return countChanged(by: -1)
  }

  /// Moves the bookcase's count by `change` (the words shown may be only those with a tag) and tells the parent.
  mutating func countChanged(by change: Int) -> Effect<BookCaseDetailReducer.Action> {
    bookCase.wordCount += change
    return .merge(.send(.delegate(.bookCaseUpdated(bookCase))), reloadIfLoading())
  }

  /// A load in flight may have read storage before the change just made and would undo it when it lands:
  /// start it again, which cancels the stale one.
  func reloadIfLoading() -> Effect<BookCaseDetailReducer.Action> {
    isLoading ? .send(.loadWords) : .none
  }
}
