import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import Testing

@MainActor
@Suite struct WordEditorReducerTests {
  // MARK: Fields

  @Test func fieldsChange() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.termChanged("雨")) { $0.term = "雨" }
    await store.send(.meaningChanged("rain")) { $0.meaning = "rain" }
    await store.send(.exampleChanged("雨が降る。")) { $0.example = "雨が降る。" }
    await store.send(.noteChanged("N5")) { $0.note = "N5" }
  }

  // MARK: Validation, before any storage call (storage is unimplemented in these tests)

  @Test func emptyTermShowsErrorWithoutStorage() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.meaningChanged("rain")) { $0.meaning = "rain" }
    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.term)
    }
  }

  @Test func whitespaceMeaningShowsErrorWithoutStorage() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.termChanged("雨")) { $0.term = "雨" }
    await store.send(.meaningChanged("   ")) { $0.meaning = "   " }
    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.meaning)
    }
  }

  @Test func tooLongExampleShowsErrorWithoutStorage() async {
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

  @Test func addSavesIntoTheBookCaseAndTellsTheParent() async {
    let calls = LockIsolated<[(BookCase.ID, WordDraft)]>([])
    var initial = WordEditorReducer.State(addingTo: BookCase.a.id)
    initial.term = "雨"
    initial.meaning = "rain"
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.addWord = { id, draft in
        calls.withValue { $0.append((id, draft)) }
        return .ame
      }
    }

    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.wordSaved(.ame)) {
      $0.isSaving = false
      $0.word = .ame
      $0.mode = .edit(wordID: Word.ame.id)
    }
    await store.receive(.delegate(.added(.ame)))
    #expect(calls.value.map(\.0) == [BookCase.a.id])
    #expect(calls.value.map(\.1) == [WordDraft(term: "雨", meaning: "rain")])
  }

  @Test func addFailureKeepsTheFieldsAndShowsTheError() async {
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

  @Test func editLoadsTheWordByIDAndAppliesOnlyTheChangedFields() async {
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
      $0.word = updated
    }
    await store.receive(.delegate(.updated(updated)))
    #expect(drafts.value == [WordDraft(term: "桜", meaning: "cherry tree", example: "桜が咲いた。")])
  }

  @Test func loadFailureShowsTheError() async {
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

  @Test func loadWordWhileAddingDoesNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(addingTo: BookCase.a.id)) {
      WordEditorReducer()
    }

    await store.send(.loadWord)
  }

  @Test func updateFailureKeepsTheFieldsAndShowsTheError() async {
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

  @Test func saveWhileSavingIsIgnored() async {
    var initial = WordEditorReducer.State(editing: .kaze)
    initial.isSaving = true
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    }

    await store.send(.saveButtonTapped)
  }

  // MARK: Deleting

  @Test func deleteAsksForConfirmationShowingTheWordThenDeletes() async {
    let deleted = LockIsolated<[Word.ID]>([])
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in deleted.withValue { $0.append(id) } }
    }

    await store.send(.deleteButtonTapped) {
      $0.destination = .confirmDelete(.delete(Word.sakura))
    }
    #expect(store.state.destination?.confirmDelete?.title == "Delete word 10 “桜”?")
    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.sakura))))) {
      $0.destination = nil
    }
    await store.receive(.wordDeleted(.sakura))
    await store.receive(.delegate(.deleted(.sakura)))
    #expect(deleted.value == [Word.sakura.id])
  }

  @Test func aConfirmationIsAnsweredOnce() async {
    let gate = Gate()
    let deleted = LockIsolated<[Word.ID]>([])
    await withKnownIssue {
      let store = TestStore(initialState: WordEditorReducer.State(editing: .kaze)) {
        WordEditorReducer()
      } withDependencies: {
        $0.storageClient.deleteWord = { id in
          await gate.wait()
          deleted.withValue { $0.append(id) }
        }
      }

      await store.send(.deleteButtonTapped) {
        $0.destination = .confirmDelete(.delete(Word.kaze))
      }
      await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.kaze))))) {
        $0.destination = nil
      }
      // Answered: the confirmation is gone, so a second answer is a misuse, reported and ignored.
      await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.kaze)))))
      gate.open()
      await store.receive(.wordDeleted(.kaze))
      await store.receive(.delegate(.deleted(.kaze)))
    } matching: { issue in
      "\(issue)".contains("received a child action while the child state was nil")
    }
    #expect(deleted.value == [Word.kaze.id])
  }

  @Test func deleteCancelledDeletesNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    }

    await store.send(.deleteButtonTapped) {
      $0.destination = .confirmDelete(.delete(Word.sakura))
    }
    // Storage is unimplemented: any call would fail the test.
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func deleteBeforeTheWordIsLoadedAsksNothing() async {
    let store = TestStore(initialState: WordEditorReducer.State(wordID: Word.sakura.id)) {
      WordEditorReducer()
    }

    await store.send(.deleteButtonTapped)
  }

  @Test func deleteFailureShowsTheErrorAndKeepsTheWord() async {
    var initial = WordEditorReducer.State(editing: .sakura)
    initial.error = diskFull
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { id in throw StorageError.wordNotFound(id: id) }
    }

    await store.send(.deleteButtonTapped) {
      $0.destination = .confirmDelete(.delete(Word.sakura))
    }
    await store.send(.destination(.presented(.confirmDelete(.deleteTapped(.sakura))))) {
      $0.destination = nil
      $0.error = nil
    }
    await store.receive(.deleteFailed(.wordNotFound(id: Word.sakura.id))) {
      $0.error = .wordNotFound(id: Word.sakura.id)
    }
  }

  // MARK: Reading, tags and terms already in the bookcase

  @Test func readingAndTagsChangeAndTagsAreOnePerFoldedKey() async {
    let store = TestStore(initialState: WordEditorReducer.State(editing: .sakura)) {
      WordEditorReducer()
    }

    await store.send(.readingChanged("さくら")) { $0.reading = "さくら" }
    await store.send(.tagAdded("noun")) { $0.tags = ["noun"] }
    await store.send(.tagAdded("NOUN"))
    await store.send(.tagAdded("jlpt::n3")) { $0.tags = ["noun", "jlpt::n3"] }
    await store.send(.tagRemoved("Noun")) { $0.tags = ["jlpt::n3"] }
    await store.send(.tagRemoved("absent"))
  }

  @Test func aSavedReadingAndTagsReachStorageAndComeBackOrdered() async {
    let saved = Word(
      id: Word.sakura.id, bookCaseID: 1, term: "桜", reading: "さくら", meaning: "cherry blossom", example: "桜が咲いた。",
      tags: ["jlpt::n3", "noun"], createdAt: .t0, updatedAt: .t1)
    let drafts = LockIsolated<[WordDraft]>([])
    var initial = WordEditorReducer.State(editing: .sakura)
    initial.reading = "さくら"
    initial.tags = ["noun", "jlpt::n3"]
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, draft in
        drafts.withValue { $0.append(draft) }
        return saved
      }
    }

    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.wordSaved(saved)) {
      $0.isSaving = false
      $0.word = saved
      $0.tags = ["jlpt::n3", "noun"]
    }
    await store.receive(.delegate(.updated(saved)))
    // Checked before storage: the tags it got were already one per key, in key order.
    #expect(drafts.value.map(\.tags) == [["jlpt::n3", "noun"]])
    #expect(drafts.value.map(\.reading) == ["さくら"])
  }

  @Test func aTagThatIsNotOneWordIsRefusedWithoutStorage() async {
    var initial = WordEditorReducer.State(editing: .sakura)
    initial.tags = ["two words"]
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    }

    await store.send(.saveButtonTapped) { $0.error = .invalidCharacter(.tag, " ") }
  }

  @Test func addingATermAlreadyThereAddsItAndSaysWhichWordWasThere() async {
    var initial = WordEditorReducer.State(addingTo: BookCase.a.id)
    initial.term = "桜"
    initial.meaning = "sakura"
    initial.duplicates = .report
    let added = Word(id: 30, bookCaseID: 1, term: "桜", meaning: "sakura", createdAt: .t1, updatedAt: .t1)
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.findWords = { bookCaseID, term, reading in
        #expect(bookCaseID == BookCase.a.id && term == "桜" && reading == "")
        return [.sakura]
      }
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.wordSaved(added, alreadyThere: .sakura)) {
      $0.isSaving = false
      $0.word = added
      $0.mode = .edit(wordID: added.id)
    }
    await store.receive(.delegate(.added(added)))
    await store.receive(.delegate(.termAlreadyThere(.sakura)))
  }

  @Test func aNewTermIsAddedWithNothingToReport() async {
    var initial = WordEditorReducer.State(addingTo: BookCase.a.id)
    initial.term = "雨"
    initial.meaning = "rain"
    initial.duplicates = .refuse
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.findWords = { _, _, _ in [] }
      $0.storageClient.addWord = { _, _ in .ame }
    }

    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.wordSaved(.ame)) {
      $0.isSaving = false
      $0.word = .ame
      $0.mode = .edit(wordID: Word.ame.id)
    }
    await store.receive(.delegate(.added(.ame)))
  }

  @Test func refusingDuplicatesAddsNothingWhenTheTermIsThere() async {
    var initial = WordEditorReducer.State(addingTo: BookCase.a.id)
    initial.term = "桜"
    initial.meaning = "sakura"
    initial.duplicates = .refuse
    // addWord is unimplemented: calling it would fail the test.
    let store = TestStore(initialState: initial) {
      WordEditorReducer()
    } withDependencies: {
      $0.storageClient.findWords = { _, _, _ in [.sakura] }
    }

    await store.send(.saveButtonTapped) { $0.isSaving = true }
    await store.receive(.saveFailed(.termAlreadyInBookCase("桜", wordID: Word.sakura.id))) {
      $0.isSaving = false
      $0.error = .termAlreadyInBookCase("桜", wordID: Word.sakura.id)
    }
  }
}
