import Composable
import Storage

/// Edits a bookcase's review settings: loads them, takes the changed ones, and saves the whole set after
/// checking it with Storage's own ranges, so a value out of range is refused without a storage call. Tells the
/// parent with `delegate(.saved)`.
public struct ReviewSettingsFormReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var bookCaseID: BookCase.ID
    /// nil until loaded; changes before that have nothing to change.
    public var settings: ReviewSettings?
    public var isSaving = false
    public var error: StorageError?

    public init(bookCaseID: BookCase.ID, settings: ReviewSettings? = nil) {
      self.bookCaseID = bookCaseID
      self.settings = settings
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case task
    case settingsLoaded(ReviewSettings)
    case retentionChanged(Double)
    case newCardsPerDayChanged(Int)
    case maxReviewsPerDayChanged(Int)
    case fuzzChanged(Bool)
    case saveButtonTapped
    case settingsSaved(ReviewSettings)
    case failed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case saved(ReviewSettings)
    }
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        let (bookCaseID, storageClient) = (state.bookCaseID, storageClient)
        return .run { send in
          await send(.settingsLoaded(try await storageClient.fetchReviewSettings(bookCaseID: bookCaseID)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .settingsLoaded(settings):
        state.settings = settings
        return .none

      case let .retentionChanged(retention):
        state.settings?.desiredRetention = retention
        return .none

      case let .newCardsPerDayChanged(count):
        state.settings?.newCardsPerDay = count
        return .none

      case let .maxReviewsPerDayChanged(count):
        state.settings?.maxReviewsPerDay = count
        return .none

      case let .fuzzChanged(fuzz):
        state.settings?.fuzz = fuzz
        return .none

      case .saveButtonTapped:
        guard let settings = state.settings, !state.isSaving else { return .none }
        do throws(StorageError) {
          _ = try StorageRules.validated(settings)
        } catch {
          state.error = error
          return .none
        }
        state.isSaving = true
        state.error = nil
        let (bookCaseID, storageClient) = (state.bookCaseID, storageClient)
        return .run { send in
          await send(.settingsSaved(try await storageClient.updateReviewSettings(bookCaseID: bookCaseID, settings: settings)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .settingsSaved(settings):
        state.isSaving = false
        state.settings = settings
        return .send(.delegate(.saved(settings)))

      case let .failed(error):
        state.isSaving = false
        state.error = error
        return .none

      case .delegate:
        return .none
      }
    }
  }
}
