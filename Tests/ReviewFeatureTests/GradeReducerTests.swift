import Composable
import FSRS
import Foundation
import Storage
import Testing

@testable import ReviewFeature

/// A random-number generator that always gives the same value: a fixed fuzz draw.
struct ConstantGenerator: RandomNumberGenerator, Sendable {
  var value: UInt64
  mutating func next() -> UInt64 { value }
}

@MainActor
@Suite struct GradeReducerTests {
  static let added = Date(timeIntervalSince1970: 1_772_352_000)  // 2026-03-01T08:00:00Z
  static let bookCase = BookCase(id: 1, name: "TOEFL", createdAt: added, updatedAt: added)
  static let word = Word(id: 7, bookCaseID: 1, term: "abate", meaning: "lessen", createdAt: added, updatedAt: added)

  /// A client holding TOEFL and its word 7, whose card is new and due when it was added.
  func storage(settings: ReviewSettings = .default) async throws -> StorageClient {
    let client = StorageClient.inMemory(bookCases: [Self.bookCase], words: [Self.word])
    _ = try await client.updateReviewSettings(1, settings)
    return client
  }

  /// The fuzz draw `ConstantGenerator(value:)` gives, as the reducer takes it.
  func draw(_ value: UInt64) -> Double {
    var generator = ConstantGenerator(value: value)
    return Double.random(in: 0..<1, using: &generator)
  }

  @Test func aGoodOnANewCardLearnsItAndRecordsTheReview() async throws {
    let now = Self.added.addingTimeInterval(3600)
    let storage = try await storage()
    let store = TestStore(initialState: GradeReducer.State(wordID: 7)) {
      GradeReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.date.now = now
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(ConstantGenerator(value: 0))
    }
    let new = StoredCard(wordID: 7, due: Self.added)
    let learned = StoredCard(
      wordID: 7, state: .learning, step: 1, stability: 2.3065, difficulty: 2.118_103_970_459_016,  // py-fsrs's
      due: now.addingTimeInterval(600), lastReview: now, reps: 1)
    let draft = ReviewDraft(reviewedAt: now, rating: 3, after: learned, intervalBefore: 0, intervalAfter: 0, durationMilliseconds: 4200)

    await store.send(.gradeTapped(.good, durationMilliseconds: 4200))
    await store.receive(.loaded(Self.word, new, .default, .good, durationMilliseconds: 4200)) {
      $0.word = Self.word
      $0.card = new
      $0.draft = draft
    }
    let review = StoredReview(
      id: 1, wordID: 7, reviewedAt: now, rating: 3, before: new, after: learned, intervalBefore: 0,
      intervalAfter: 0, durationMilliseconds: 4200)
    await store.receive(.recorded(review)) {
      $0.draft = nil
      $0.card = learned
    }
    await store.receive(.delegate(.graded(Self.word, review)))
    #expect(try await storage.fetchCard(7) == learned)
  }

  /// With fuzz on, a review interval of 3 days or more is spread by the random-number dependency's draw;
  /// with fuzz off the draw changes nothing.
  @Test(arguments: [true, false])
  func fuzzTakesTheDrawFromTheRandomNumberDependency(fuzz: Bool) async throws {
    let settings = ReviewSettings(fuzz: fuzz)
    let storage = try await storage(settings: settings)
    // A review card last seen ten days ago with a stability of 20 days: Good gives weeks.
    let reviewing = StoredCard(
      wordID: 7, state: .review, stability: 20, difficulty: 5, due: Self.added, lastReview: Self.added.addingTimeInterval(-10 * 86_400),
      reps: 4)
    _ = try await storage.recordReview(ReviewDraft(reviewedAt: Self.added.addingTimeInterval(-10 * 86_400), rating: 3, after: reviewing, intervalBefore: 0, intervalAfter: 10))
    let now = Self.added
    let store = TestStore(initialState: GradeReducer.State(wordID: 7)) {
      GradeReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.date.now = now
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(ConstantGenerator(value: .max))
    }
    let scheduler = try settings.scheduler()
    let draft = scheduler.grade(reviewing, .good, at: now, random: draw(.max))
    let unfuzzed = try ReviewSettings(fuzz: false).scheduler().grade(reviewing, .good, at: now, random: 0)
    #expect((draft.after.due == unfuzzed.after.due) == !fuzz)
    #expect(draft.after.state == .review && draft.intervalBefore == 10 && draft.intervalAfter >= 20)

    await store.send(.gradeTapped(.good))
    await store.receive(.loaded(Self.word, reviewing, settings, .good, durationMilliseconds: 0)) {
      $0.word = Self.word
      $0.card = reviewing
      $0.draft = draft
    }
    let review = StoredReview(
      id: 2, wordID: 7, reviewedAt: now, rating: 3, before: reviewing, after: draft.after,
      intervalBefore: draft.intervalBefore, intervalAfter: draft.intervalAfter, durationMilliseconds: 0)
    await store.receive(.recorded(review)) {
      $0.draft = nil
      $0.card = draft.after
    }
    await store.receive(.delegate(.graded(Self.word, review)))
  }

  @Test func undoPutsTheCardBackAsTheLastGradeFoundIt() async throws {
    let storage = try await storage()
    let new = try await storage.fetchCard(7)
    _ = try await storage.recordReview(
      ReviewDraft(reviewedAt: Self.added, rating: 1, after: StoredCard(wordID: 7, state: .learning, step: 0, stability: 0.212, difficulty: 6.4133, due: Self.added.addingTimeInterval(60), lastReview: Self.added, reps: 1), intervalBefore: 0, intervalAfter: 0))
    let store = TestStore(initialState: GradeReducer.State(wordID: 7)) {
      GradeReducer()
    } withDependencies: {
      $0.storageClient = storage
    }

    await store.send(.undoTapped)
    await store.receive(.undone(Self.word, new)) {
      $0.word = Self.word
      $0.card = new
    }
    await store.receive(.delegate(.undone(Self.word, new)))
    await store.send(.undoTapped)
    await store.receive(.failed(.noReviewToUndo(wordID: 7))) {
      $0.error = .noReviewToUndo(wordID: 7)
    }
  }

  @Test func anUnknownWordIsAnErrorAndNothingIsRecorded() async throws {
    let storage = try await storage()
    let store = TestStore(initialState: GradeReducer.State(wordID: 99)) {
      GradeReducer()
    } withDependencies: {
      $0.storageClient = storage
    }

    await store.send(.gradeTapped(.easy))
    await store.receive(.failed(.wordNotFound(id: 99))) { $0.error = .wordNotFound(id: 99) }
    await store.send(.undoTapped)
    await store.receive(.failed(.wordNotFound(id: 99)))
    #expect(try await storage.fetchReviewTally(nil, .distantPast) == ReviewTally())
  }

  /// A review storage refuses (here: the word deleted between loading and recording) leaves no draft behind.
  @Test func aRefusedRecordIsShown() async throws {
    let now = Self.added
    let store = TestStore(initialState: GradeReducer.State(wordID: 7)) {
      GradeReducer()
    } withDependencies: {
      $0.storageClient.recordReview = { draft in throw StorageError.wordNotFound(id: draft.after.wordID) }
      $0.date.now = now
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(ConstantGenerator(value: 0))
    }
    let new = StoredCard(wordID: 7, due: Self.added)
    let draft = try ReviewSettings.default.scheduler().grade(new, .again, at: now, random: 0)

    await store.send(.loaded(Self.word, new, .default, .again, durationMilliseconds: 0)) {
      $0.word = Self.word
      $0.card = new
      $0.draft = draft
    }
    await store.receive(.failed(.wordNotFound(id: 7))) {
      $0.draft = nil
      $0.error = .wordNotFound(id: 7)
    }
  }
}
