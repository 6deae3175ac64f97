import Composable
import Storage

/// Every tag with the number of words that have it (`vocab tags`).
public struct TagListReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, StorageLoading {
    public var tags: [TagCount] = []
    public var isLoading = false
    public var error: StorageError?

    public init() {}
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case tagsLoaded([TagCount])
    case loadFailed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        let storageClient = storageClient
        return state.load { try await storageClient.fetchTags() } then: { .tagsLoaded($0) } failed: { .loadFailed($0) }

      case let .tagsLoaded(tags):
        state.isLoading = false
        state.tags = tags
        return .none

      case let .loadFailed(error):
        state.loadFailed(error)
        return .none
      }
    }
  }
}
