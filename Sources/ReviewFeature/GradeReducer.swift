import Composable
import FSRS
import Foundation
import Storage

/// One grade given outside a review session (as a script gives it), or the word's last grade taken back. Grading
/// loads the word, its card and its bookcase's settings, schedules the card with FSRS at the date dependency's
/// now (fuzz drawn from the random-number dependency), and records the review; the parent learns the outcome from
/// `delegate(.graded)` or `delegate(.undone)`.
public struct GradeReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public var wordID: Word.ID
    public var word: Word?
    /// The card as the last step left it: loaded, graded, or restored by an undo.
    public var card: StoredCard?
    /// What grading is about to record, once the card is scheduled.
    public var draft: ReviewDraft?
    public var error: StorageError?

    public init(wordID: Word.ID) {
      self.wordID = wordID
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case gradeTapped(Rating, durationMilliseconds: Int64 = 0)
    case undoTapped
    case loaded(Word, StoredCard, ReviewSettings, Rating, durationMilliseconds: Int64)
    case recorded(StoredReview)
    case undone(Word, StoredCard)
    case failed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case graded(Word, StoredReview)
      case undone(Word, StoredCard)
    }
  }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .gradeTapped(rating, duration):
        let (wordID, storageClient) = (state.wordID, storageClient)
        return .run { send in
          let word = try await storageClient.fetchWord(id: wordID)
          let card = try await storageClient.fetchCard(wordID: wordID)
          let settings = try await storageClient.fetchReviewSettings(bookCaseID: word.bookCaseID)
          await send(.loaded(word, card, settings, rating, durationMilliseconds: duration))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .loaded(word, card, settings, rating, duration):
        state.word = word
        state.card = card
        let scheduler: Scheduler
        do {
          scheduler = try settings.scheduler()
        } catch {
          // Storage keeps the settings in range, so only a damaged row gets here.
          state.error = StorageError(error)
          return .none
        }
        let random = withRandomNumberGenerator { Double.random(in: 0..<1, using: &$0) }
        let draft = scheduler.grade(card, rating, at: now, random: random, durationMilliseconds: duration)
        state.draft = draft
        let storageClient = storageClient
        return .run { send in
          await send(.recorded(try await storageClient.recordReview(review: draft)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .recorded(review):
        state.draft = nil
        state.card = review.after
        guard let word = state.word else { return .none }
        return .send(.delegate(.graded(word, review)))

      case .undoTapped:
        let (wordID, storageClient) = (state.wordID, storageClient)
        return .run { send in
          let word = try await storageClient.fetchWord(id: wordID)
          await send(.undone(word, try await storageClient.undoLastReview(wordID: wordID)))
        } catch: { error, send in
          await send(.failed(StorageError(error)))
        }

      case let .undone(word, card):
        state.word = word
        state.card = card
        return .send(.delegate(.undone(word, card)))

      case let .failed(error):
        state.draft = nil
        state.error = error
        return .none

      case .delegate:
        return .none
      }
    }
  }
}
