import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import XCTest

@MainActor
final class BookCaseDetailReducerTests: XCTestCase {
  // MARK: Loading

  func testOnAppearLoadsTheBookCaseAndItsWords() async {
    let fresh = BookCase(id: 1, name: "JLPT N3 (renamed elsewhere)", wordCount: 2, createdAt: .t0, updatedAt: .t1)
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a)) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in fresh }
      $0.storageClient.fetchWords = { _, _ in [.sakura, .kaze] }
    }

    await store.send(.onAppear)
    await store.receive(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.wordsLoaded(fresh, [.sakura, .kaze])) {
      $0.isLoading = false
      $0.bookCase = fresh
      $0.words = [.sakura, .kaze]
    }
  }

  func testRefreshReusesTheLoadPath() async {
    let words = LockIsolated([Word.sakura])
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in words.value }
    }

    words.setValue([.sakura, .kaze])
    await store.send(.refreshWords)
    await store.receive(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.wordsLoaded(.a, [.sakura, .kaze])) {
      $0.isLoading = false
      $0.words = [.sakura, .kaze]
    }
  }

  func testLoadFailureShowsTheErrorAndKeepsTheWords() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in throw ioError }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(ioError)) {
      $0.isLoading = false
      $0.error = ioError
    }
  }

  func testLoadOfADeletedBookCaseShowsNotFound() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .b)) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { id in throw StorageError.bookCaseNotFound(id: id) }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(.bookCaseNotFound(id: BookCase.b.id))) {
      $0.isLoading = false
      $0.error = .bookCaseNotFound(id: BookCase.b.id)
    }
  }

  func testALoadDropsThePendingDeletionOfAWordDeletedElsewhere() async {
    var counted = BookCase.a
    counted.wordCount = 1
    var initial = BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])
    initial.wordToDelete = .sakura
    let store = TestStore(initialState: initial) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in [.kaze] }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.wordsLoaded(.a, [.kaze])) {
      $0.isLoading = false
      $0.bookCase = counted
      $0.words = [.kaze]
      $0.wordToDelete = nil
    }
  }

  func testTheCountFollowsTheWordsReadWhenAWriteLandsBetweenTheTwoReads() async {
    let stale = BookCase(id: 1, name: "JLPT N3", description: "Japanese, intermediate", wordCount: 1, createdAt: .t0, updatedAt: .t0)
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in stale }
      $0.storageClient.fetchWords = { _, _ in [.sakura, .kaze] }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.wordsLoaded(stale, [.sakura, .kaze])) {
      $0.isLoading = false
    }
  }

  func testADeletionDuringALoadRestartsTheLoadSoTheWordStaysGone() async {
    var counted = BookCase.a
    counted.wordCount = 1
    let started = Gate()
    let read = readStaleFirst([Word.sakura, .kaze], started: started) { [.kaze] }
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in await read() }
      $0.storageClient.deleteWord = { _ in }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await started.wait()
    await store.send(.deleteWordRequested(.sakura)) {
      $0.wordToDelete = .sakura
    }
    await store.send(.deleteWordConfirmed) {
      $0.wordToDelete = nil
    }
    await store.receive(.wordDeleted(.sakura)) {
      $0.words = [.kaze]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
    await store.receive(.loadWords)
    await store.receive(.wordsLoaded(.a, [.kaze])) {
      $0.isLoading = false
    }
  }

  func testAnEditDuringALoadRestartsTheLoadSoTheEditStays() async {
    let updated = Word(id: 11, bookCaseID: 1, term: "風", meaning: "breeze", createdAt: .t0, updatedAt: .t1)
    let started = Gate()
    let read = readStaleFirst([Word.sakura, .kaze], started: started) { [.sakura, updated] }
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze], editor: WordEditorReducer.State(editing: .kaze))
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in await read() }
      $0.storageClient.updateWord = { _, _ in updated }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await started.wait()
    await store.send(.editor(.meaningChanged("breeze"))) { $0.editor?.meaning = "breeze" }
    await store.send(.editor(.saveButtonTapped)) { $0.editor?.isSaving = true }
    await store.receive(.editor(.wordSaved(updated))) {
      $0.editor?.isSaving = false
      $0.editor?.savedWord = updated
      $0.editor?.word = updated
    }
    await store.receive(.editor(.delegate(.updated(updated)))) {
      $0.editor = nil
      $0.words = [.sakura, updated]
    }
    await store.receive(.loadWords)
    await store.receive(.wordsLoaded(.a, [.sakura, updated])) {
      $0.isLoading = false
    }
  }

  // MARK: Watching

  func testTaskRefreshesOnEveryChangeUntilCancelled() async {
    let (changes, change) = AsyncStream.makeStream(of: Void.self)
    let words = LockIsolated([Word.sakura])
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in words.value }
      $0.storageClient.observeChanges = { changes }
    }

    let task = await store.send(.task)

    words.setValue([.sakura, .kaze])
    change.yield()
    await store.receive(.refreshWords)
    await store.receive(.loadWords) { $0.isLoading = true }
    await store.receive(.wordsLoaded(.a, [.sakura, .kaze])) {
      $0.isLoading = false
      $0.words = [.sakura, .kaze]
    }

    await task.cancel()
    change.yield()
    await store.finish()
  }

  // MARK: Selecting

  func testWordSelectedLeavesNavigationToTheParent() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    }

    await store.send(.wordSelected(.sakura))
  }

  // MARK: Adding through the editor

  func testAddedWordIsAppendedAndTheNewCountGoesToTheParent() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    var counted = BookCase.a
    counted.wordCount = 3
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.addWordButtonTapped) {
      $0.editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    }
    await store.send(.editor(.termChanged("雨"))) { $0.editor?.term = "雨" }
    await store.send(.editor(.meaningChanged("rain"))) { $0.editor?.meaning = "rain" }
    await store.send(.editor(.saveButtonTapped)) { $0.editor?.isSaving = true }
    await store.receive(.editor(.wordSaved(added))) {
      $0.editor?.isSaving = false
      $0.editor?.savedWord = added
      $0.editor?.word = added
      $0.editor?.mode = .edit(wordID: added.id)
    }
    await store.receive(.editor(.delegate(.added(added)))) {
      $0.editor = nil
      $0.words = [.sakura, .kaze, added]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
  }

  func testAddWhileTheEditorIsOpenKeepsItsDraft() async {
    var editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    editor.term = "雨"
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, editor: editor)) {
      BookCaseDetailReducer()
    }

    await store.send(.addWordButtonTapped)
  }

  func testWordUpdatedInTheEditorReplacesItsRow() async {
    let updated = Word(id: 11, bookCaseID: 1, term: "風", meaning: "breeze", createdAt: .t0, updatedAt: .t1)
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze], editor: WordEditorReducer.State(editing: .kaze))
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, _ in updated }
    }

    await store.send(.editor(.meaningChanged("breeze"))) { $0.editor?.meaning = "breeze" }
    await store.send(.editor(.saveButtonTapped)) { $0.editor?.isSaving = true }
    await store.receive(.editor(.wordSaved(updated))) {
      $0.editor?.isSaving = false
      $0.editor?.savedWord = updated
      $0.editor?.word = updated
    }
    await store.receive(.editor(.delegate(.updated(updated)))) {
      $0.editor = nil
      $0.words = [.sakura, updated]
    }
  }

  func testWordDeletedInTheEditorIsRemovedAndCounted() async {
    var counted = BookCase.a
    counted.wordCount = 1
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze], editor: WordEditorReducer.State(editing: .kaze))
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in }
    }

    await store.send(.editor(.deleteButtonTapped)) { $0.editor?.wordToDelete = .kaze }
    await store.send(.editor(.deleteConfirmed)) {
      $0.editor?.wordToDelete = nil
    }
    await store.receive(.editor(.wordDeleted(.kaze))) {
      $0.editor?.deletedWord = .kaze
    }
    await store.receive(.editor(.delegate(.deleted(.kaze)))) {
      $0.editor = nil
      $0.words = [.sakura]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
  }

  // MARK: Deleting a word from the list of words

  func testDeleteWordAfterConfirmation() async {
    var counted = BookCase.a
    counted.wordCount = 1
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.deleteWordRequested(.sakura)) {
      $0.wordToDelete = .sakura
    }
    await store.send(.deleteWordConfirmed) {
      $0.wordToDelete = nil
    }
    await store.receive(.wordDeleted(.sakura)) {
      $0.words = [.kaze]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
    XCTAssertEqual(deleted.value, [Word.sakura.id])
  }

  func testASecondConfirmationDeletesNothingMore() async {
    var counted = BookCase.a
    counted.wordCount = 1
    let gate = Gate()
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in
        await gate.wait()
        deleted.withValue { $0.append(id) }
      }
    }

    await store.send(.deleteWordRequested(.kaze)) {
      $0.wordToDelete = .kaze
    }
    await store.send(.deleteWordConfirmed) {
      $0.wordToDelete = nil
    }
    await store.send(.deleteWordConfirmed)
    gate.open()
    await store.receive(.wordDeleted(.kaze)) {
      $0.words = [.sakura]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
    XCTAssertEqual(deleted.value, [Word.kaze.id])
  }

  func testDeleteWordCancelled() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    }

    await store.send(.deleteWordRequested(.kaze)) {
      $0.wordToDelete = .kaze
    }
    await store.send(.deleteWordCancelled) {
      $0.wordToDelete = nil
    }
    await store.send(.deleteWordConfirmed)
  }

  func testDeleteWordFailureShowsTheErrorAndKeepsTheWords() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in throw ioError }
    }

    await store.send(.deleteWordRequested(.kaze)) {
      $0.wordToDelete = .kaze
    }
    await store.send(.deleteWordConfirmed) {
      $0.wordToDelete = nil
    }
    await store.receive(.deleteWordFailed(ioError)) {
      $0.error = ioError
    }
  }
}
