import Composable
import Storage

/// A word's card, loaded to be shown beside the word (`show --json`).
public struct CardReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var wordID: Word.ID
    public var card: StoredCard?
    public var error: StorageError?

    public init(wordID: Word.ID) {
      self.wordID = wordID
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case cardLoaded(StoredCard)
    case failed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        let (wordID, storageClient) = (state.wordID, storageClient)
        return .run { send in
          await send(.cardLoaded(try await storageClient.fetchCard(wordID: wordID)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .cardLoaded(card):
        state.card = card
        return .none

      case let .failed(error):
        state.error = error
        return .none
      }
    }
  }
}
