import Composable
import Storage

/// Every tag with the number of words that have it (`vocab tags`).
public struct TagListReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
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
        state.isLoading = true
        state.error = nil
        return .run { send in
          await send(.tagsLoaded(try await storageClient.fetchTags()))
        } catch: { error, send in
          await send(.loadFailed(StorageError(error)))
        }

      case let .tagsLoaded(tags):
        state.isLoading = false
        state.tags = tags
        return .none

      case let .loadFailed(error):
        state.isLoading = false
        state.error = error
        return .none
      }
    }
  }
}
