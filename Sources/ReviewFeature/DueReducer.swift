import Composable
import Foundation
import Storage

/// What is due now in one bookcase or (nil) in all: the cards per state a review session would show, within the
/// daily limits of the review day holding now (it starts at 04:00 local time), and when the next card falls due.
public struct DueReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var bookCaseID: BookCase.ID?
    public var counts: DueCounts?
    public var error: StorageError?

    public init(bookCaseID: BookCase.ID?) {
      self.bookCaseID = bookCaseID
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case countsLoaded(DueCounts)
    case failed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.date.now) var now
  @Dependency(\.calendar) var calendar

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        let (bookCaseID, storageClient, now) = (state.bookCaseID, storageClient, now)
        let dayStart = ReviewDay.start(containing: now, in: calendar)
        return .run { send in
          await send(.countsLoaded(try await storageClient.countDueCards(bookCaseID: bookCaseID, at: now, dayStart: dayStart)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .countsLoaded(counts):
        state.counts = counts
        return .none

      case let .failed(error):
        state.error = error
        return .none
      }
    }
  }
}
