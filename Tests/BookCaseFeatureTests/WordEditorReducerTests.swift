import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import XCTest

@MainActor
final class WordEditorReducerTests: XCTestCase {
  // MARK: Fields

  func testFieldsChange() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.termChanged("雨")) { $0.term = "雨" }
    await store.send(.meaningChanged("rain")) { $0.meaning = "rain" }
    await store.send(.exampleChanged("雨が降る。")) { $0.example = "雨が降る。" }
    await store.send(.noteChanged("N5")) { $0.note = "N5" }
  }

  // MARK: Validation, before any storage call (storage is unimplemented in these tests)

  func testEmptyTermShowsErrorWithoutStorage() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.meaningChanged("rain")) { $0.meaning = "rain" }
    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.term)
    }
  }

  func testWhitespaceMeaningShowsErrorWithoutStorage() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.termChanged("雨")) { $0.term = "雨" }
    await store.send(.meaningChanged("   ")) { $0.meaning = "   " }
    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.meaning)
    }
  }

  func testTooLongExampleShowsErrorWithoutStorage() async {
    var initial = WordEditorReducer.State(editing: .kaze)
    initial.example = String(repeating: "x", count: StorageRules.maxExampleLength + 1)
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    }

    await store.send(.saveButtonTapped) {
      $0.error = .fieldTooLong(.example, limit: StorageRules.maxExampleLength)
    }
  }

  // MARK: Adding

  func testAddSavesIntoTheBookCaseAndTellsTheParent() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    let calls = LockIsolated<[(BookCase.ID, WordDraft)]>([])
    var initial = WordEditorReducer.State(addingTo: BookCase.a.id)
    initial.term = "雨"
    initial.meaning = "rain"
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.addWord = { id, draft in
        calls.withValue { $0.append((id, draft)) }
        return added
      }
    }

    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.wordSaved(added)) {
      $0.isSaving = false
      $0.savedWord = added
      $0.word = added
      $0.mode = .edit(wordID: added.id)
    }
    await store.receive(.delegate(.added(added)))
    XCTAssertEqual(calls.value.map(\.0), [BookCase.a.id])
    XCTAssertEqual(calls.value.map(\.1), [WordDraft(term: "雨", meaning: "rain")])
  }

  func testAddFailureKeepsTheFieldsAndShowsTheError() async {
    var initial = WordEditorReducer.State(addingTo: 99)
    initial.term = "雨"
    initial.meaning = "rain"
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.addWord = { id, _ in throw StorageError.bookCaseNotFound(id: id) }
    }

    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.saveFailed(.bookCaseNotFound(id: 99))) {
      $0.isSaving = false
      $0.error = .bookCaseNotFound(id: 99)
    }
  }

  // MARK: Editing

  func testEditLoadsTheWordByIDAndAppliesOnlyTheChangedFields() async {
    let updated = Word(id: 10, bookCaseID: 1, term: "桜", meaning: "cherry tree", example: "桜が咲いた。", createdAt: .t0, updatedAt: .t1)
    let drafts = LockIsolated<[WordDraft]>([])
    let store = TestStore(initialState: WordEditorReducer.State(wordID: Word.sakura.id)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { _ in .sakura }
      $0.storageClient.updateWord = { _, draft in
        drafts.withValue { $0.append(draft) }
        return updated
      }
    }

    await store.send(.loadWord) {
      $0.isLoading = true
    }
    await store.receive(.wordLoaded(.sakura)) {
      $0.isLoading = false
      $0.word = .sakura
      $0.term = "桜"
      $0.meaning = "cherry blossom"
      $0.example = "桜が咲いた。"
    }
    await store.send(.meaningChanged("cherry tree")) {
      $0.meaning = "cherry tree"
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.wordSaved(updated)) {
      $0.isSaving = false
      $0.savedWord = updated
      $0.word = updated
    }
    await store.receive(.delegate(.updated(updated)))
    XCTAssertEqual(drafts.value, [WordDraft(term: "桜", meaning: "cherry tree", example: "桜が咲いた。")])
  }

  func testLoadFailureShowsTheError() async {
    let store = TestStore(initialState: WordEditorReducer.State(wordID: 404)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { id in throw StorageError.wordNotFound(id: id) }
    }

    await store.send(.loadWord) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(.wordNotFound(id: 404))) {
      $0.isLoading = false
      $0.error = .wordNotFound(id: 404)
    }
  }

  func testLoadWordWhileAddingDoesNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.loadWord)
  }

  func testUpdateFailureKeepsTheFieldsAndShowsTheError() async {
    let store = TestStore(initialState: WordEditorReducer.State(editing: .kaze)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, _ in throw diskFull }
    }

    await store.send(.noteChanged("N4")) {
      $0.note = "N4"
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.saveFailed(diskFull)) {
      $0.isSaving = false
      $0.error = diskFull
    }
  }

  func testSaveWhileSavingIsIgnored() async {
    var initial = WordEditorReducer.State(editing: .kaze)
    initial.isSaving = true
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    }

    await store.send(.saveButtonTapped)
  }

  // MARK: Deleting

  func testDeleteAsksForConfirmationShowingTheWordThenDeletes() async {
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.deleteButtonTapped) {
      $0.wordToDelete = .sakura
    }
    await store.send(.deleteConfirmed) {
      $0.wordToDelete = nil
    }
    await store.receive(.wordDeleted(.sakura)) {
      $0.deletedWord = .sakura
    }
    await store.receive(.delegate(.deleted(.sakura)))
    XCTAssertEqual(deleted.value, [Word.sakura.id])
  }

  func testASecondConfirmationDeletesNothingMore() async {
    let gate = Gate()
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: WordEditorReducer.State(editing: .kaze)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in
        await gate.wait()
        deleted.withValue { $0.append(id) }
      }
    }

    await store.send(.deleteButtonTapped) {
      $0.wordToDelete = .kaze
    }
    await store.send(.deleteConfirmed) {
      $0.wordToDelete = nil
    }
    await store.send(.deleteConfirmed)
    gate.open()
    await store.receive(.wordDeleted(.kaze)) {
      $0.deletedWord = .kaze
    }
    await store.receive(.delegate(.deleted(.kaze)))
    XCTAssertEqual(deleted.value, [Word.kaze.id])
  }

  func testDeleteCancelledDeletesNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    }

    await store.send(.deleteButtonTapped) {
      $0.wordToDelete = .sakura
    }
    await store.send(.deleteCancelled) {
      $0.wordToDelete = nil
    }
    // Nothing is pending, so a late confirmation makes no storage call (storage is unimplemented).
    await store.send(.deleteConfirmed)
  }

  func testDeleteBeforeTheWordIsLoadedAsksNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(wordID: Word.sakura.id)) {
      WordEditorReducer()
    }

    await store.send(.deleteButtonTapped)
  }

  func testDeleteFailureShowsTheErrorAndKeepsTheWord() async {
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in throw StorageError.wordNotFound(id: id) }
    }

    await store.send(.deleteButtonTapped) {
      $0.wordToDelete = .sakura
    }
    await store.send(.deleteConfirmed) {
      $0.wordToDelete = nil
    }
    await store.receive(.deleteFailed(.wordNotFound(id: Word.sakura.id))) {
      $0.error = .wordNotFound(id: Word.sakura.id)
    }
  }
}
