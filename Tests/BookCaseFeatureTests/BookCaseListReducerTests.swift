import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import XCTest

@MainActor
final class BookCaseListReducerTests: XCTestCase {
  // MARK: Seed 003's flows

  func test_OnAppear_LoadsBookCases_Success() async {
    let initial = [BookCase.a, .b]
    let store = TestStore(initialState: BookCaseListReducer.State()) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { initial }
    }

    await store.send(.onAppear)
    await store.receive(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoaded(initial)) {
      $0.bookCases = [.a, .b]
      $0.isLoading = false
    }
  }

  func test_LoadBookCases_Failure_ResultsInEmptyList() async {
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a])) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { throw ioError }
    }

    await store.send(.onAppear)
    await store.receive(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoadFailed(ioError)) {
      $0.error = ioError
    }
    await store.receive(.bookCasesLoaded([])) {
      $0.bookCases = []
      $0.isLoading = false
    }
  }

  func test_SelectBookCase_UpdatesSelected() async {
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    }

    await store.send(.bookCaseSelected(.b)) {
      $0.selectedBookCase = .b
    }
  }

  func test_RefreshBookCases_ReusesLoadPath() async {
    let storage = LockIsolated([BookCase.a])
    let store = TestStore(initialState: BookCaseListReducer.State()) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { storage.value }
    }

    await store.send(.onAppear)
    await store.receive(.loadBookCases) { $0.isLoading = true }
    await store.receive(.bookCasesLoaded([.a])) {
      $0.bookCases = [.a]
      $0.isLoading = false
    }

    storage.setValue([.a, .b])

    await store.send(.refreshBookCases)
    await store.receive(.loadBookCases) { $0.isLoading = true }
    await store.receive(.bookCasesLoaded([.a, .b])) {
      $0.bookCases = [.a, .b]
      $0.isLoading = false
    }
  }

  // MARK: Loading

  func testSuccessfulLoadClearsTheLastError() async {
    var initial = BookCaseListReducer.State()
    initial.error = ioError
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { [.b] }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
      $0.error = nil
    }
    await store.receive(.bookCasesLoaded([.b])) {
      $0.bookCases = [.b]
      $0.isLoading = false
    }
  }

  func testALoadRefreshesTheSelectionAndThePendingDeletionOrDropsThem() async {
    let grown = BookCase(id: 1, name: "JLPT N3", description: "Japanese, intermediate", wordCount: 5, createdAt: .t0, updatedAt: .t0)
    var initial = BookCaseListReducer.State(bookCases: [.a, .b], selectedBookCase: .b)
    initial.bookCaseToDelete = .a
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { [grown] }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoaded([grown])) {
      $0.isLoading = false
      $0.bookCases = [grown]
      $0.selectedBookCase = nil
      $0.bookCaseToDelete = grown
    }
  }

  func testAnErrorOutsideStorageErrorIsStillShown() async {
    struct Interrupted: Error {}
    let store = TestStore(initialState: BookCaseListReducer.State()) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { throw Interrupted() }
    }
    let shown = StorageError.database(DatabaseFailure(kind: .other, message: "Interrupted()"))

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoadFailed(shown)) {
      $0.error = shown
    }
    await store.receive(.bookCasesLoaded([])) {
      $0.isLoading = false
    }
  }

  // MARK: Watching

  func testTaskRefreshesOnEveryChangeUntilCancelled() async {
    let (changes, change) = AsyncStream.makeStream(of: Void.self)
    let storage = LockIsolated([BookCase.a])
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a])) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { storage.value }
      $0.storageClient.observeChanges = { changes }
    }

    let task = await store.send(.task)

    storage.setValue([.a, .b])
    change.yield()
    await store.receive(.refreshBookCases)
    await store.receive(.loadBookCases) { $0.isLoading = true }
    await store.receive(.bookCasesLoaded([.a, .b])) {
      $0.bookCases = [.a, .b]
      $0.isLoading = false
    }

    storage.setValue([.b])
    change.yield()
    await store.receive(.refreshBookCases)
    await store.receive(.loadBookCases) { $0.isLoading = true }
    await store.receive(.bookCasesLoaded([.b])) {
      $0.bookCases = [.b]
      $0.isLoading = false
    }

    await task.cancel()
    // A change after cancelling reaches nobody: the exhaustive store would fail on any action or
    // effect still in flight.
    change.yield()
    await store.finish()
  }

  // MARK: Deleting

  func testDeleteRequestAsksForConfirmationWithTheWordCount() async {
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    }

    await store.send(.deleteRequested(.a)) {
      $0.bookCaseToDelete = .a
    }
    XCTAssertEqual(store.state.bookCaseToDelete?.wordCount, 2)
  }

  func testDeleteConfirmedRemovesTheRowAndTheSelection() async {
    let deleted = LockIsolated<[BookCase.ID]>([])
    var initial = BookCaseListReducer.State(bookCases: [.a, .b], selectedBookCase: .a)
    initial.bookCaseToDelete = .a
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.deleteBookCase = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.deleteConfirmed) {
      $0.bookCaseToDelete = nil
    }
    await store.receive(.bookCaseDeleted(.a)) {
      $0.deletedBookCase = .a
      $0.bookCases = [.b]
      $0.selectedBookCase = nil
    }
    XCTAssertEqual(deleted.value, [BookCase.a.id])
  }

  func testASecondConfirmationDeletesNothingMore() async {
    let gate = Gate()
    let deleted = LockIsolated<[BookCase.ID]>([])
    var initial = BookCaseListReducer.State(bookCases: [.a, .b])
    initial.bookCaseToDelete = .b
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.deleteBookCase = { id in
        await gate.wait()
        deleted.withValue { $0.append(id) }
      }
    }

    await store.send(.deleteConfirmed) {
      $0.bookCaseToDelete = nil
    }
    await store.send(.deleteConfirmed)
    gate.open()
    await store.receive(.bookCaseDeleted(.b)) {
      $0.deletedBookCase = .b
      $0.bookCases = [.a]
    }
    XCTAssertEqual(deleted.value, [BookCase.b.id])
  }

  func testDeleteCancelledKeepsEverything() async {
    var initial = BookCaseListReducer.State(bookCases: [.a, .b])
    initial.bookCaseToDelete = .b
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    }

    await store.send(.deleteCancelled) {
      $0.bookCaseToDelete = nil
    }
    // Nothing is pending any more, so a late confirmation deletes nothing (storage is unimplemented).
    await store.send(.deleteConfirmed)
  }

  func testDeleteFailureShowsTheErrorAndKeepsTheList() async {
    var initial = BookCaseListReducer.State(bookCases: [.a, .b])
    initial.bookCaseToDelete = .a
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.deleteBookCase = { _ in throw ioError }
    }

    await store.send(.deleteConfirmed) {
      $0.bookCaseToDelete = nil
    }
    await store.receive(.deleteFailed(ioError)) {
      $0.error = ioError
    }
  }

  func testADeletionDuringALoadRestartsTheLoadSoTheRowStaysGone() async {
    let stored = LockIsolated([BookCase.a, .b])
    let started = Gate()
    var initial = BookCaseListReducer.State(bookCases: [.a, .b])
    initial.bookCaseToDelete = .b
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = readStaleFirst([.a, .b], started: started) { stored.value }
      $0.storageClient.deleteBookCase = { id in stored.withValue { $0.removeAll { $0.id == id } } }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await started.wait()
    await store.send(.deleteConfirmed) {
      $0.bookCaseToDelete = nil
    }
    await store.receive(.bookCaseDeleted(.b)) {
      $0.deletedBookCase = .b
      $0.bookCases = [.a]
    }
    await store.receive(.loadBookCases)
    await store.receive(.bookCasesLoaded([.a])) {
      $0.isLoading = false
    }
  }

  // MARK: The form

  func testCreatedBookCaseIsInsertedInNameOrder() async {
    let created = BookCase(id: 9, name: "n2 grammar", createdAt: .t1, updatedAt: .t1)
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in created }
    }

    await store.send(.addBookCaseButtonTapped) {
      $0.form = BookCaseFormReducer.State()
    }
    await store.send(.form(.nameChanged("n2 grammar"))) {
      $0.form?.name = "n2 grammar"
    }
    await store.send(.form(.saveButtonTapped)) {
      $0.form?.isSaving = true
    }
    await store.receive(.form(.bookCaseSaved(created))) {
      $0.form?.isSaving = false
      $0.form?.savedBookCase = created
      $0.form?.mode = .rename(created)
    }
    await store.receive(.form(.delegate(.created(created)))) {
      $0.form = nil
      $0.bookCases = [.a, created, .b]
    }
  }

  func testABookCaseCreatedDuringALoadRestartsTheLoadSoTheRowStays() async {
    let created = BookCase(id: 9, name: "n2 grammar", createdAt: .t1, updatedAt: .t1)
    let started = Gate()
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], form: BookCaseFormReducer.State(name: "n2 grammar"))
    ) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = readStaleFirst([.a, .b], started: started) { [.a, created, .b] }
      $0.storageClient.createBookCase = { _ in created }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await started.wait()
    await store.send(.form(.saveButtonTapped)) {
      $0.form?.isSaving = true
    }
    await store.receive(.form(.bookCaseSaved(created))) {
      $0.form?.isSaving = false
      $0.form?.savedBookCase = created
      $0.form?.mode = .rename(created)
    }
    await store.receive(.form(.delegate(.created(created)))) {
      $0.form = nil
      $0.bookCases = [.a, created, .b]
    }
    await store.receive(.loadBookCases)
    await store.receive(.bookCasesLoaded([.a, created, .b])) {
      $0.isLoading = false
    }
  }

  func testRenamedBookCaseReplacesItsRowAndSelection() async {
    let renamed = BookCase(id: 1, name: "JLPT N2", description: "Japanese, intermediate", wordCount: 2, createdAt: .t0, updatedAt: .t1)
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b], selectedBookCase: .a)) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.updateBookCase = { _, _ in renamed }
    }

    await store.send(.renameRequested(.a)) {
      $0.form = BookCaseFormReducer.State(renaming: .a)
    }
    await store.send(.form(.nameChanged("JLPT N2"))) {
      $0.form?.name = "JLPT N2"
    }
    await store.send(.form(.saveButtonTapped)) {
      $0.form?.isSaving = true
    }
    await store.receive(.form(.bookCaseSaved(renamed))) {
      $0.form?.isSaving = false
      $0.form?.savedBookCase = renamed
      $0.form?.mode = .rename(renamed)
    }
    await store.receive(.form(.delegate(.renamed(renamed)))) {
      $0.form = nil
      $0.bookCases = [renamed, .b]
      $0.selectedBookCase = renamed
    }
  }

  func testCancelledFormCloses() async {
    let store = TestStore(initialState: BookCaseListReducer.State(form: BookCaseFormReducer.State(name: "half typed"))) {
      BookCaseListReducer()
    }

    await store.send(.form(.cancelButtonTapped))
    await store.receive(.form(.delegate(.cancelled))) {
      $0.form = nil
    }
  }
}
