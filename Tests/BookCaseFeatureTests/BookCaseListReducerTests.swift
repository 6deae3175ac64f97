import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import Testing

@MainActor
@Suite struct BookCaseListReducerTests {
  // MARK: Loading, selecting and refreshing: the list's basic flows

  @Test func test_OnAppear_LoadsBookCases_Success() async {
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

  @Test func test_LoadBookCases_Failure_ResultsInEmptyList() async {
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

  @Test func test_SelectBookCase_UpdatesSelected() async {
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    }

    await store.send(.bookCaseSelected(.b)) {
      $0.selectedBookCase = .b
    }
  }

  @Test func test_RefreshBookCases_ReusesLoadPath() async {
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

  @Test func successfulLoadClearsTheLastError() async {
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

  @Test func aLoadRefreshesTheSelectionAndThePendingDeletionOrDropsThem() async {
    let grown = BookCase(id: 1, name: "JLPT N3", description: "Japanese, intermediate", wordCount: 5, createdAt: .t0, updatedAt: .t0)
    let initial = BookCaseListReducer.State(
      bookCases: [.a, .b], selectedBookCase: .b, destination: .confirmDelete(.delete(BookCase.a))
    )
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
      $0.destination = .confirmDelete(.delete(grown))
    }
    #expect(store.state.destination?.confirmDelete?.title == "Delete bookcase “JLPT N3” (id 1) and its 5 words?")
  }

  @Test func aLoadDropsThePendingDeletionOfABookCaseDeletedElsewhere() async {
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .confirmDelete(.delete(BookCase.b)))
    ) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { [.a] }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoaded([.a])) {
      $0.isLoading = false
      $0.bookCases = [.a]
      $0.destination = nil
    }
  }

  @Test func aLoadLeavesAnOpenFormAlone() async {
    let form = BookCaseFormReducer.State(name: "half typed")
    let store = TestStore(initialState: BookCaseListReducer.State(destination: .editor(form))) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = { [.b] }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await store.receive(.bookCasesLoaded([.b])) {
      $0.isLoading = false
      $0.bookCases = [.b]
    }
  }

  @Test func anErrorOutsideStorageErrorIsStillShown() async {
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

  @Test func taskRefreshesOnEveryChangeUntilCancelled() async {
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

  @Test func deleteRequestAsksForConfirmationWithTheWordCount() async {
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    }

    await store.send(.deleteRequested(.a)) {
      $0.destination = .confirmDelete(.delete(BookCase.a))
    }
    #expect(store.state.destination?.confirmDelete?.title == "Delete bookcase “JLPT N3” (id 1) and its 2 words?")
  }

  @Test func aRequestWhileSomethingIsPresentedReplacesNothing() async {
    let form = BookCaseFormReducer.State(name: "half typed")
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .editor(form))) {
      BookCaseListReducer()
    }

    await store.send(.deleteRequested(.a))
    await store.send(.addBookCaseButtonTapped)
    await store.send(.renameRequested(.b))
  }

  @Test func deleteConfirmedRemovesTheRowAndTheSelection() async {
    let deleted = LockIsolated<[BookCase.ID]>([])
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], selectedBookCase: .a, destination: .confirmDelete(.delete(BookCase.a)))
    ) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.deleteBookCase = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.a))))) {
      $0.destination = nil
    }
    await store.receive(.bookCaseDeleted(.a)) {
      $0.bookCases = [.b]
      $0.selectedBookCase = nil
    }
    await store.receive(.delegate(.deleted(.a)))
    #expect(deleted.value == [BookCase.a.id])
  }

  @Test func aConfirmationIsAnsweredOnce() async {
    let gate = Gate()
    let deleted = LockIsolated<[BookCase.ID]>([])
    await withKnownIssue {
      let store = TestStore(
        initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .confirmDelete(.delete(BookCase.b)))
      ) {
        BookCaseListReducer()
      } withDependencies: {
        $0.storageClient.deleteBookCase = { id in
          await gate.wait()
          deleted.withValue { $0.append(id) }
        }
      }

      await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.b))))) {
        $0.destination = nil
      }
      // Answered: the confirmation is gone, so a second answer is a misuse, reported and ignored (a second
      // deletion would fail as not found).
      await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.b)))))
      gate.open()
      await store.receive(.bookCaseDeleted(.b)) {
        $0.bookCases = [.a]
      }
      await store.receive(.delegate(.deleted(.b)))
    } matching: { issue in
      "\(issue)".contains("received a child action while the child state was nil")
    }
    #expect(deleted.value == [BookCase.b.id])
  }

  @Test func deleteCancelledKeepsEverything() async {
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .confirmDelete(.delete(BookCase.b)))
    ) {
      BookCaseListReducer()
    }

    // Storage is unimplemented: any call would fail the test.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deleteFailureShowsTheErrorAndKeepsTheList() async {
    var initial = BookCaseListReducer.State(bookCases: [.a, .b], destination: .confirmDelete(.delete(BookCase.a)))
    initial.error = diskFull
    let store = TestStore(initialState: initial) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.deleteBookCase = { _ in throw ioError }
    }

    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.a))))) {
      $0.destination = nil
      $0.error = nil
    }
    await store.receive(.deleteFailed(ioError)) {
      $0.error = ioError
    }
  }

  @Test func aDeletionDuringALoadRestartsTheLoadSoTheRowStaysGone() async {
    let stored = LockIsolated([BookCase.a, .b])
    let started = Gate()
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .confirmDelete(.delete(BookCase.b)))
    ) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = readStaleFirst([.a, .b], started: started) { stored.value }
      $0.storageClient.deleteBookCase = { id in stored.withValue { $0.removeAll { $0.id == id } } }
    }

    await store.send(.loadBookCases) {
      $0.isLoading = true
    }
    await started.wait()
    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.b))))) {
      $0.destination = nil
    }
    await store.receive(.bookCaseDeleted(.b)) {
      $0.bookCases = [.a]
    }
    await store.receive(.delegate(.deleted(.b)))
    await store.receive(.loadBookCases)
    await store.receive(.bookCasesLoaded([.a])) {
      $0.isLoading = false
    }
  }

  // MARK: The form

  /// Saves the open form, which storage answers with `created`: the form closes and the row is inserted in
  /// name order between `.a` and `.b`.
  func saveNewBookCase(_ store: TestStore<BookCaseListReducer.State, BookCaseListReducer.Action>, _ created: BookCase) async {
    await store.send(.destination(.presented(.editor(.saveButtonTapped)))) {
      $0.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.destination(.presented(.editor(.bookCaseSaved(created))))) {
      $0.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.mode = .rename(created)
      }
    }
    await store.receive(.destination(.presented(.editor(.delegate(.created(created)))))) {
      $0.destination = nil
      $0.bookCases = [.a, created, .b]
    }
  }

  @Test func createdBookCaseIsInsertedInNameOrder() async {
    let created = BookCase(id: 9, name: "n2 grammar", createdAt: .t1, updatedAt: .t1)
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b])) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in created }
    }

    await store.send(.addBookCaseButtonTapped) {
      $0.destination = .editor(BookCaseFormReducer.State())
    }
    await store.send(.destination(.presented(.editor(.nameChanged("n2 grammar"))))) {
      $0.destination?.modify(\.editor) { $0.name = "n2 grammar" }
    }
    await saveNewBookCase(store, created)
  }

  @Test func aBookCaseCreatedDuringALoadRestartsTheLoadSoTheRowStays() async {
    let created = BookCase(id: 9, name: "n2 grammar", createdAt: .t1, updatedAt: .t1)
    let started = Gate()
    let store = TestStore(
      initialState: BookCaseListReducer.State(bookCases: [.a, .b], destination: .editor(BookCaseFormReducer.State(name: "n2 grammar")))
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
    await saveNewBookCase(store, created)
    await store.receive(.loadBookCases)
    await store.receive(.bookCasesLoaded([.a, created, .b])) {
      $0.isLoading = false
    }
  }

  @Test func renamedBookCaseReplacesItsRowAndSelection() async {
    let renamed = BookCase(id: 1, name: "JLPT N2", description: "Japanese, intermediate", wordCount: 2, createdAt: .t0, updatedAt: .t1)
    let store = TestStore(initialState: BookCaseListReducer.State(bookCases: [.a, .b], selectedBookCase: .a)) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient.updateBookCase = { _, _ in renamed }
    }

    await store.send(.renameRequested(.a)) {
      $0.destination = .editor(BookCaseFormReducer.State(renaming: .a))
    }
    await store.send(.destination(.presented(.editor(.nameChanged("JLPT N2"))))) {
      $0.destination?.modify(\.editor) { $0.name = "JLPT N2" }
    }
    await store.send(.destination(.presented(.editor(.saveButtonTapped)))) {
      $0.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.destination(.presented(.editor(.bookCaseSaved(renamed))))) {
      $0.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.mode = .rename(renamed)
      }
    }
    await store.receive(.destination(.presented(.editor(.delegate(.renamed(renamed)))))) {
      $0.destination = nil
      $0.bookCases = [renamed, .b]
      $0.selectedBookCase = renamed
    }
  }

  @Test func cancelledFormCloses() async {
    let store = TestStore(initialState: BookCaseListReducer.State(destination: .editor(BookCaseFormReducer.State(name: "half typed")))) {
      BookCaseListReducer()
    }

    await store.send(.destination(.presented(.editor(.cancelButtonTapped))))
    await store.receive(.destination(.presented(.editor(.delegate(.cancelled))))) {
      $0.destination = nil
    }
  }
}
