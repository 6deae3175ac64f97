import Composable
import Storage

/// Finds the bookcase a front end was given by name or id (see `StorageClient.resolveBookCase`), so every
/// command that takes a bookcase resolves it the same way before it drives another feature.
public struct BookCaseLookupReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    /// What the person typed.
    public var reference: String
    public var isLoading = false
    public var bookCase: BookCase?
    public var error: StorageError?

    public init(reference: String) {
      self.reference = reference
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case lookUp
    case found(BookCase)
    case failed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .lookUp:
        state.isLoading = true
        state.bookCase = nil
        state.error = nil
        let (reference, storageClient) = (state.reference, storageClient)
        return .storage({ try await storageClient.resolveBookCase(reference) }, then: Action.found, failed: Action.failed)

      case let .found(bookCase):
        state.isLoading = false
        state.bookCase = bookCase
        return .none

      case let .failed(error):
        state.isLoading = false
        state.error = error
        return .none
      }
    }
  }
}
