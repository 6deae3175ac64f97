import Dependencies
import DependenciesMacros
import Foundation

/// The reducers' only way to the data. Every endpoint applies the rules in `StorageRules`
/// (trim, NFC, non-empty, length and size limits, names unique by their folded key) and throws `StorageError`.
///
/// - `liveValue` / `.live(…)`: SQLite, migrated on open.
/// - `.inMemory(…)`: plain arrays with the same rules and errors, for tests and previews.
/// - `testValue`: unimplemented; a test fails if a reducer calls an endpoint it did not set.
@DependencyClient
public struct StorageClient: Sendable {
  /// All bookcases in list order (`StorageRules.listsBefore`: accents and case ignored), each with its word count.
  public var fetchBookCases: @Sendable () async throws -> [BookCase]
  public var fetchBookCase: @Sendable (_ id: BookCase.ID) async throws -> BookCase
  /// The bookcase whose name is the same name as `name` (`StorageRules.nameKey`: lookalike spellings match).
  public var findBookCase: @Sendable (_ named: String) async throws -> BookCase
  public var createBookCase: @Sendable (_ draft: BookCaseDraft) async throws -> BookCase
  public var updateBookCase: @Sendable (_ id: BookCase.ID, _ draft: BookCaseDraft) async throws -> BookCase
  /// Changes the description alone, whatever the name is now.
  public var updateBookCaseDescription: @Sendable (_ id: BookCase.ID, _ description: String) async throws -> BookCase
  /// Deletes the bookcase and every word in it.
  public var deleteBookCase: @Sendable (_ id: BookCase.ID) async throws -> Void
  /// The words of one bookcase that `listing` selects, in its order (`.all`: every word, oldest first).
  public var fetchWords: @Sendable (_ bookCaseID: BookCase.ID, _ listing: WordListing) async throws -> [Word]
  public var fetchWord: @Sendable (_ id: Word.ID) async throws -> Word
  /// The words of a bookcase with this term and reading, each compared by its folded key: what a new word
  /// would repeat. Oldest first.
  public var findWords:
    @Sendable (_ bookCaseID: BookCase.ID, _ term: String, _ reading: String) async throws -> [Word]
  public var addWord: @Sendable (_ bookCaseID: BookCase.ID, _ draft: WordDraft) async throws -> Word
  /// Replaces the word's fields and tags with the draft's; a draft equal to the word writes nothing.
  public var updateWord: @Sendable (_ id: Word.ID, _ draft: WordDraft) async throws -> Word
  /// Moves the word to another bookcase (the word counts follow); moving it where it is writes nothing.
  public var moveWord: @Sendable (_ id: Word.ID, _ bookCaseID: BookCase.ID) async throws -> Word
  public var deleteWord: @Sendable (_ id: Word.ID) async throws -> Void
  /// The words whose folded fields hold the folded query (see `WordSearch` and README's **Search**), the best
  /// match first, then in bookcase list order and by id.
  public var searchWords: @Sendable (_ search: WordSearch) async throws -> [Word]
  /// Every tag some word has, with its word count, ordered by the tag's folded key.
  public var fetchTags: @Sendable () async throws -> [TagCount]
  /// The word's card (every word has one from the moment it is added).
  public var fetchCard: @Sendable (_ wordID: Word.ID) async throws -> StoredCard
  /// Cards due at or before `dueBy`, of one bookcase or (nil) of all, earliest due first then by word id, at most `limit`.
  public var fetchDueCards:
    @Sendable (_ bookCaseID: BookCase.ID?, _ dueBy: Date, _ limit: Int) async throws -> [StoredCard]
  /// Cards in one of `states`, of one bookcase or (nil) of all, due at or before `dueBy` (nil: whenever due),
  /// earliest due first then by word id, at most `limit`. A new card stays due when its word was added, so new
  /// cards come in the order they were added: what a review session takes from each state.
  public var fetchCardsInStates: @Sendable (
    _ bookCaseID: BookCase.ID?, _ states: Set<StoredCard.State>, _ dueBy: Date?, _ limit: Int
  ) async throws -> [StoredCard]
  /// How many cards of one bookcase or (nil) of all are in each state, and the earliest due time.
  public var fetchCardCounts: @Sendable (_ bookCaseID: BookCase.ID?) async throws -> CardCounts
  /// Writes the card's new state and appends the review to the log, in one transaction.
  public var recordReview: @Sendable (_ review: ReviewDraft) async throws -> StoredReview
  /// Restores the card as it was before the word's last review and deletes that review, in one transaction;
  /// `noReviewToUndo` when the word has none.
  public var undoLastReview: @Sendable (_ wordID: Word.ID) async throws -> StoredCard
  public var fetchReviewSettings: @Sendable (_ bookCaseID: BookCase.ID) async throws -> ReviewSettings
  /// Replaces the bookcase's review settings; `reviewSettingOutOfRange` names the first one out of range.
  public var updateReviewSettings:
    @Sendable (_ bookCaseID: BookCase.ID, _ settings: ReviewSettings) async throws -> ReviewSettings
  /// What one bookcase or (nil) all have studied since `since`, for the daily limits.
  public var fetchReviewTally: @Sendable (_ bookCaseID: BookCase.ID?, _ since: Date) async throws -> ReviewTally
  /// What the review day that began at `dayStart` asks of one bookcase or (nil) of each at `at`: the cards due
  /// then per state, new cards up to what `new_cards_per_day` leaves after the day's first reviews, review cards
  /// up to what `max_reviews_per_day` leaves after the day's reviews of review cards, learning and relearning
  /// cards all; and the earliest due time after `at`.
  public var countDueCards:
    @Sendable (_ bookCaseID: BookCase.ID?, _ at: Date, _ dayStart: Date) async throws -> DueCounts
  /// The review log of one bookcase's words or (nil) of all, from `since` on, in the order the reviews were
  /// recorded.
  public var fetchReviewLog:
    @Sendable (_ bookCaseID: BookCase.ID?, _ since: Date) async throws -> [ReviewLogEntry]
  /// Imports words in one transaction (see `WordImport`): all of them, or on the first error none. A word that
  /// breaks a rule throws `ImportRowError` with its line; what the request's `next` throws is rethrown as it is.
  public var importWords: @Sendable (_ request: WordImport) async throws -> ImportReport
  /// Hands the given bookcases (every one when empty), in list order, each followed by its words oldest first
  /// (with `withReviews`, each with its card and review log), to `visit`, from one consistent read and one word at
  /// a time. What `visit` throws ends it and is rethrown.
  public var exportWords: @Sendable (
    _ bookCaseIDs: [BookCase.ID], _ withReviews: Bool, _ visit: @escaping @Sendable (ExportItem) throws -> Void
  ) async throws -> Void
  /// Yields once after every committed change, including commits by other processes.
  public var observeChanges: @Sendable () -> AsyncStream<Void> = { AsyncStream { $0.finish() } }
}

extension StorageClient: TestDependencyKey {
  public static let testValue = StorageClient()
}

extension DependencyValues {
  public var storageClient: StorageClient {
    get { self[StorageClient.self] }
    set { self[StorageClient.self] = newValue }
  }
}
