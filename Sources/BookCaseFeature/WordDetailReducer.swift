import Composable
import Storage

/// One word with the bookcase that holds it, read for showing every field whole (`vocab show`).
public struct WordDetailReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, StorageLoading {
    public var wordID: Word.ID
    public var isLoading = false
    public var word: Word?
    public var bookCase: BookCase?
    public var error: StorageError?

    public init(wordID: Word.ID) {
      self.wordID = wordID
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case wordLoaded(Word, in: BookCase)
    case loadFailed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        let (id, storageClient) = (state.wordID, storageClient)
        return state.load {
          let word = try await storageClient.fetchWord(id: id)
          return (word, try await storageClient.fetchBookCase(id: word.bookCaseID))
        } then: { .wordLoaded($0, in: $1) } failed: { .loadFailed($0) }

      case let .wordLoaded(word, bookCase):
        state.isLoading = false
        state.word = word
        state.bookCase = bookCase
        return .none

      case let .loadFailed(error):
        state.loadFailed(error)
        return .none
      }
    }
  }
}
