import Composable
import Storage

/// Searches the words as a person types: each `queryChanged` waits `debounce` on the clock dependency before it
/// asks storage, so a burst of keystrokes makes one search, and a new query cancels the search still waiting or
/// running for the old one, so stale results never arrive. `searchSubmitted` searches at once (the command line,
/// or Return in a front end).
public struct SearchReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    /// What to search for and where; `search.text` is the query as typed.
    public var search: WordSearch
    /// The words found for the last search that finished, best first.
    public var results: [Word] = []
    public var isSearching = false
    public var error: StorageError?

    public init(search: WordSearch) {
      self.search = search
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case queryChanged(String)
    case searchSubmitted
    case searchCompleted([Word])
    case searchFailed(StorageError)
  }

  /// How long typing must pause before a search starts.
  public static let debounce = Duration.milliseconds(250)

  private enum CancelID { case search }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(text):
        state.search.text = text
        return search(&state, after: Self.debounce)

      case .searchSubmitted:
        return search(&state, after: nil)

      case let .searchCompleted(words):
        state.isSearching = false
        state.results = words
        return .none

      case let .searchFailed(error):
        state.isSearching = false
        state.error = error
        return .none
      }
    }
  }

  /// Starts a search for the state's query, replacing any search under way; an empty query clears the results
  /// without asking storage.
  private func search(_ state: inout State, after delay: Duration?) -> Effect<Action> {
    state.error = nil
    guard !state.search.text.isEmpty else {
      state.isSearching = false
      state.results = []
      return .cancel(id: CancelID.search)
    }
    state.isSearching = true
    let (search, storageClient, clock) = (state.search, storageClient, clock)
    return .run { send in
      if let delay { try await clock.sleep(for: delay) }
      await send(.searchCompleted(try await storageClient.searchWords(search)))
    } catch: { error, send in
      await send(.searchFailed(StorageError(error)))
    }
    .cancellable(id: CancelID.search, cancelInFlight: true)
  }
}
