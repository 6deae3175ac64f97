import Composable
import ConcurrencyExtras
import Storage
import Testing

@testable import ReviewFeature

@MainActor
@Suite struct ReviewSettingsFormReducerTests {
  @Test func loadsChangesAndSavesTheWholeSet() async {
    let saved = LockIsolated<[ReviewSettings]>([])
    let store = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 3)) {
      ReviewSettingsFormReducer()
    } withDependencies: {
      $0.storageClient.fetchReviewSettings = { id in
        #expect(id == 3)
        return ReviewSettings(desiredRetention: 0.85, newCardsPerDay: 10)
      }
      $0.storageClient.updateReviewSettings = { id, settings in
        #expect(id == 3)
        saved.withValue { $0.append(settings) }
        return settings
      }
    }
    let edited = ReviewSettings(desiredRetention: 0.95, newCardsPerDay: 5, maxReviewsPerDay: 50, fuzz: false)

    await store.send(.task)
    await store.receive(.settingsLoaded(ReviewSettings(desiredRetention: 0.85, newCardsPerDay: 10))) {
      $0.settings = ReviewSettings(desiredRetention: 0.85, newCardsPerDay: 10)
    }
    await store.send(.retentionChanged(0.95)) { $0.settings?.desiredRetention = 0.95 }
    await store.send(.newCardsPerDayChanged(5)) { $0.settings?.newCardsPerDay = 5 }
    await store.send(.maxReviewsPerDayChanged(50)) { $0.settings?.maxReviewsPerDay = 50 }
    await store.send(.fuzzChanged(false)) { $0.settings?.fuzz = false }
    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.settingsSaved(edited)) { $0.isSaving = false }
    await store.receive(.delegate(.saved(edited)))
    #expect(saved.value == [edited])
  }

  /// What is not changed keeps its loaded value.
  @Test func savingOneChangeKeepsTheRest() async {
    let loaded = ReviewSettings(desiredRetention: 0.8, newCardsPerDay: 7, maxReviewsPerDay: 70, fuzz: false)
    var expected = loaded
    expected.newCardsPerDay = 0
    let store = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 1, settings: loaded)) {
      ReviewSettingsFormReducer()
    } withDependencies: {
      $0.storageClient.updateReviewSettings = { _, settings in settings }
    }

    await store.send(.newCardsPerDayChanged(0)) { $0.settings?.newCardsPerDay = 0 }
    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.settingsSaved(expected)) { $0.isSaving = false }
    await store.receive(.delegate(.saved(expected)))
  }

  /// Storage is left unimplemented: any call would fail the test, so passing proves none is made.
  @Test(arguments: [
    (ReviewSettingsFormReducer.Action.retentionChanged(0.995), StorageError.reviewSettingOutOfRange("desired retention", range: "0.70 to 0.99")),
    (.retentionChanged(0.69), .reviewSettingOutOfRange("desired retention", range: "0.70 to 0.99")),
    (.newCardsPerDayChanged(-1), .reviewSettingOutOfRange("number of new cards per day", range: "0 to 10000")),
    (.newCardsPerDayChanged(10_001), .reviewSettingOutOfRange("number of new cards per day", range: "0 to 10000")),
    (.maxReviewsPerDayChanged(100_001), .reviewSettingOutOfRange("maximum number of reviews per day", range: "0 to 100000")),
  ])
  func aValueOutOfRangeIsRefusedWithoutStorage(change: ReviewSettingsFormReducer.Action, error: StorageError) async {
    let store = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 1, settings: .default)) {
      ReviewSettingsFormReducer()
    }
    await store.send(change) {
      if case let .retentionChanged(value) = change { $0.settings?.desiredRetention = value }
      if case let .newCardsPerDayChanged(value) = change { $0.settings?.newCardsPerDay = value }
      if case let .maxReviewsPerDayChanged(value) = change { $0.settings?.maxReviewsPerDay = value }
    }
    await store.send(.saveButtonTapped) { $0.error = error }
  }

  @Test func changesBeforeTheSettingsAreLoadedChangeNothingAndSaveNothing() async {
    let store = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 1)) {
      ReviewSettingsFormReducer()
    }

    await store.send(.retentionChanged(0.8))
    await store.send(.saveButtonTapped)
  }

  @Test func aFailedLoadOrSaveIsShown() async {
    let store = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 9)) {
      ReviewSettingsFormReducer()
    } withDependencies: {
      $0.storageClient.fetchReviewSettings = { id in throw StorageError.bookCaseNotFound(id: id) }
    }
    await store.send(.task)
    await store.receive(.failed(.bookCaseNotFound(id: 9))) { $0.error = .bookCaseNotFound(id: 9) }

    let saving = TestStore(initialState: ReviewSettingsFormReducer.State(bookCaseID: 9, settings: .default)) {
      ReviewSettingsFormReducer()
    } withDependencies: {
      $0.storageClient.updateReviewSettings = { id, _ in throw StorageError.bookCaseNotFound(id: id) }
    }
    await saving.send(.saveButtonTapped) { $0.isSaving = true }
    await saving.receive(.failed(.bookCaseNotFound(id: 9))) {
      $0.isSaving = false
      $0.error = .bookCaseNotFound(id: 9)
    }
  }
}
