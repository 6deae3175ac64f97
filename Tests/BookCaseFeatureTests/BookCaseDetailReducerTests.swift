import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import Testing

@MainActor
@Suite struct BookCaseDetailReducerTests {
  /// Changes 風's meaning to "breeze" in the open editor and saves it: the editor closes and the row is
  /// replaced (the count stays).
  func editKazeToBreeze(_ store: TestStore<BookCaseDetailReducer.State, BookCaseDetailReducer.Action>) async {
    await store.send(.destination(.presented(.editor(.meaningChanged("breeze"))))) {
      $0.destination?.modify(\.editor) { $0.meaning = "breeze" }
    }
    await store.send(.destination(.presented(.editor(.saveButtonTapped)))) {
      $0.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.destination(.presented(.editor(.wordSaved(.breeze))))) {
      $0.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.word = .breeze
      }
    }
    await store.receive(.destination(.presented(.editor(.delegate(.updated(.breeze)))))) {
      $0.destination = nil
      $0.words = [.sakura, .breeze]
    }
  }

  // MARK: Loading

  @Test func onAppearLoadsTheBookCaseAndItsWords() async {
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

  @Test func refreshReusesTheLoadPath() async {
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

  @Test func loadFailureShowsTheErrorAndKeepsTheWords() async {
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

  @Test func loadOfADeletedBookCaseShowsNotFound() async {
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
    #expect(store.state.isBookCaseGone)
  }

  @Test func anotherErrorLeavesTheBookCaseThere() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .b)) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in throw ioError }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(ioError)) {
      $0.isLoading = false
      $0.error = ioError
    }
    #expect(!store.state.isBookCaseGone)
  }

  @Test func aLoadDropsThePendingDeletionOfAWordDeletedElsewhere() async {
    let initial = BookCaseDetailReducer.State(
      bookCase: .a, words: [.sakura, .kaze], destination: .confirmDelete(.delete(Word.sakura))
    )
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
      $0.bookCase = BookCase.a.counting(1)
      $0.words = [.kaze]
      $0.destination = nil
    }
  }

  @Test func aLoadRefreshesThePendingDeletionOfAWordEditedElsewhere() async {
    let initial = BookCaseDetailReducer.State(
      bookCase: .a, words: [.sakura, .kaze], destination: .confirmDelete(.delete(Word.kaze))
    )
    let store = TestStore(initialState: initial) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in [.sakura, .breeze] }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await store.receive(.wordsLoaded(.a, [.sakura, .breeze])) {
      $0.isLoading = false
      $0.words = [.sakura, .breeze]
      $0.destination = .confirmDelete(.delete(Word.breeze))
    }
  }

  @Test func theCountFollowsTheWordsReadWhenAWriteLandsBetweenTheTwoReads() async {
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

  @Test func aDeletionDuringALoadRestartsTheLoadSoTheWordStaysGone() async {
    let counted = BookCase.a.counting(1)
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
      $0.destination = .confirmDelete(.delete(Word.sakura))
    }
    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.sakura))))) {
      $0.destination = nil
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

  @Test func anEditDuringALoadRestartsTheLoadSoTheEditStays() async {
    let started = Gate()
    let read = readStaleFirst([Word.sakura, .kaze], started: started) { [.sakura, .breeze] }
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(
        bookCase: .a, words: [.sakura, .kaze], destination: .editor(WordEditorReducer.State(editing: .kaze))
      )
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in await read() }
      $0.storageClient.updateWord = { _, _ in .breeze }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    await started.wait()
    await editKazeToBreeze(store)
    await store.receive(.loadWords)
    await store.receive(.wordsLoaded(.a, [.sakura, .breeze])) {
      $0.isLoading = false
    }
  }

  // MARK: Watching

  @Test func taskRefreshesOnEveryChangeUntilCancelled() async {
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

  // MARK: The word editor, its one presentation

  @Test func aSelectedWordOpensInTheEditorWhoseUpdateReplacesItsRow() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, _ in .breeze }
    }

    await store.send(.wordSelected(.kaze)) {
      $0.destination = .editor(WordEditorReducer.State(editing: .kaze))
    }
    await editKazeToBreeze(store)
  }

  @Test func addedWordIsAppendedAndTheNewCountGoesToTheParent() async {
    let counted = BookCase.a.counting(3)
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.addWord = { _, _ in .ame }
    }

    await store.send(.addWordButtonTapped) {
      $0.destination = .editor(WordEditorReducer.State(addingTo: BookCase.a.id))
    }
    await store.send(.destination(.presented(.editor(.termChanged("雨"))))) { $0.destination?.modify(\.editor) { $0.term = "雨" } }
    await store.send(.destination(.presented(.editor(.meaningChanged("rain"))))) { $0.destination?.modify(\.editor) { $0.meaning = "rain" } }
    await store.send(.destination(.presented(.editor(.saveButtonTapped)))) { $0.destination?.modify(\.editor) { $0.isSaving = true } }
    await store.receive(.destination(.presented(.editor(.wordSaved(.ame))))) {
      $0.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.word = .ame
        $0.mode = .edit(wordID: Word.ame.id)
      }
    }
    await store.receive(.destination(.presented(.editor(.delegate(.added(.ame)))))) {
      $0.destination = nil
      $0.words = [.sakura, .kaze, .ame]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
  }

  @Test func addWhileTheEditorIsOpenKeepsItsDraft() async {
    var editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    editor.term = "雨"
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, destination: .editor(editor))) {
      BookCaseDetailReducer()
    }

    // One thing is presented at a time: neither another editor nor a confirmation replaces the draft.
    await store.send(.addWordButtonTapped)
    await store.send(.wordSelected(.kaze))
    await store.send(.deleteWordRequested(.kaze))
  }

  @Test func wordDeletedInTheEditorIsRemovedAndCounted() async {
    let counted = BookCase.a.counting(1)
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(
        bookCase: .a, words: [.sakura, .kaze], destination: .editor(WordEditorReducer.State(editing: .kaze))
      )
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in }
    }

    await store.send(.destination(.presented(.editor(.deleteButtonTapped)))) {
      $0.destination?.modify(\.editor) { $0.destination = .confirmDelete(.delete(Word.kaze)) }
    }
    await store.send(.destination(.presented(.editor(.destination(.presented(.confirmDelete(.deleteTapped(.kaze)))))))) {
      $0.destination?.modify(\.editor) { $0.destination = nil }
    }
    await store.receive(.destination(.presented(.editor(.wordDeleted(.kaze)))))
    await store.receive(.destination(.presented(.editor(.delegate(.deleted(.kaze)))))) {
      $0.destination = nil
      $0.words = [.sakura]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
  }

  @Test func dismissingTheEditorCancelsItsSave() async {
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(
        bookCase: .a, words: [.sakura, .kaze], destination: .editor(WordEditorReducer.State(editing: .kaze))
      )
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, _ in
        try await Task.never()
        return .breeze
      }
    }

    await store.send(.destination(.presented(.editor(.saveButtonTapped)))) {
      $0.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  // MARK: Deleting a word from the list of words

  @Test func deleteWordAfterConfirmation() async {
    let counted = BookCase.a.counting(1)
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.deleteWordRequested(.sakura)) {
      $0.destination = .confirmDelete(.delete(Word.sakura))
    }
    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.sakura))))) {
      $0.destination = nil
    }
    await store.receive(.wordDeleted(.sakura)) {
      $0.words = [.kaze]
      $0.bookCase = counted
    }
    await store.receive(.delegate(.bookCaseUpdated(counted)))
    #expect(deleted.value == [Word.sakura.id])
  }

  @Test func deleteWordCancelled() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    }

    await store.send(.deleteWordRequested(.kaze)) {
      $0.destination = .confirmDelete(.delete(Word.kaze))
    }
    // Storage is unimplemented: any call would fail the test.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deleteWordFailureShowsTheErrorAndKeepsTheWords() async {
    let store = TestStore(
      initialState: BookCaseDetailReducer.State(
        bookCase: .a, words: [.sakura, .kaze], destination: .confirmDelete(.delete(Word.kaze))
      )
    ) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in throw ioError }
    }

    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.kaze))))) {
      $0.destination = nil
    }
    await store.receive(.deleteWordFailed(ioError)) {
      $0.error = ioError
    }
  }

  // MARK: Listing by tag and in order, moving words

  @Test func aTaggedListingAsksStorageForItAndKeepsTheBookCasesCount() async {
    let listing = WordListing(tag: "noun", order: .term)
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, listing: listing)) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { id, asked in
        #expect(id == BookCase.a.id)
        #expect(asked == listing)
        return [.sakura]
      }
    }

    await store.send(.loadWords) {
      $0.isLoading = true
    }
    // Two words in the bookcase, one of them tagged: the count stays the bookcase's.
    await store.receive(.wordsLoaded(.a, [.sakura])) {
      $0.isLoading = false
      $0.words = [.sakura]
    }
  }

  @Test func aMovedWordLeavesAndBothCountsAreTold() async {
    var moved = Word.sakura
    moved.bookCaseID = BookCase.c.id
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])) {
      BookCaseDetailReducer()
    } withDependencies: { [moved] in
      $0.storageClient.moveWord = { id, bookCaseID in
        #expect(id == Word.sakura.id && bookCaseID == BookCase.c.id)
        return moved
      }
    }

    await store.send(.moveWordRequested(.sakura, to: BookCase.c.id))
    await store.receive(.wordMoved(moved)) {
      $0.words = [.kaze]
      $0.bookCase = BookCase.a.counting(1)
    }
    await store.receive(.delegate(.bookCaseUpdated(BookCase.a.counting(1))))
    await store.receive(.delegate(.wordMoved(moved)))
  }

  @Test func aWordMovedWhereItIsStays() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.moveWord = { _, _ in .sakura }
    }

    await store.send(.moveWordRequested(.sakura, to: BookCase.a.id))
    await store.receive(.wordMoved(.sakura))
  }

  @Test func aFailedMoveShowsTheErrorAndKeepsTheWord() async {
    let store = TestStore(initialState: BookCaseDetailReducer.State(bookCase: .a, words: [.sakura])) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient.moveWord = { _, id in throw StorageError.bookCaseNotFound(id: id) }
    }

    await store.send(.moveWordRequested(.sakura, to: 99))
    await store.receive(.moveWordFailed(.bookCaseNotFound(id: 99))) {
      $0.error = .bookCaseNotFound(id: 99)
    }
  }
}
