import Composable
import Foundation
import Storage

/// The statistics of one bookcase or (nil) of all: the whole review log counted by review day, retention, and
/// the cards in each state.
public struct StatsReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var bookCaseID: BookCase.ID?
    public var stats: ReviewStats?
    public var error: StorageError?

    public init(bookCaseID: BookCase.ID?) {
      self.bookCaseID = bookCaseID
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case onAppear
    case loaded([ReviewLogEntry], CardCounts)
    case failed(StorageError)
  }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.calendar) var calendar

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        let (bookCaseID, storageClient) = (state.bookCaseID, storageClient)
        return .run { send in
          let log = try await storageClient.fetchReviewLog(bookCaseID: bookCaseID, since: .distantPast)
          await send(.loaded(log, try await storageClient.fetchCardCounts(bookCaseID: bookCaseID)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .loaded(log, cards):
        state.stats = ReviewStats(log: log, cards: cards, calendar: calendar)
        return .none

      case let .failed(error):
        state.error = error
        return .none
      }
    }
  }
}
