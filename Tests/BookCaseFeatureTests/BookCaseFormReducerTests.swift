import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import Testing

@MainActor
@Suite struct BookCaseFormReducerTests {
  /// Storage is left unimplemented: any call would fail the test, so passing proves none is made.
  @Test func testCreateBookCaseEmptyNameShowsError() async {
    let store = TestStore(initialState: BookCaseFormReducer.State()) {
      BookCaseFormReducer()
    }

    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.name)
    }
  }

  @Test func whitespaceOnlyNameShowsErrorWithoutStorage() async {
    let store = TestStore(initialState: BookCaseFormReducer.State()) {
      BookCaseFormReducer()
    }

    await store.send(.nameChanged(" \t\n ")) {
      $0.name = " \t\n "
    }
    await store.send(.saveButtonTapped) {
      $0.error = .emptyField(.name)
    }
  }

  @Test func tooLongNameShowsErrorWithoutStorage() async {
    let tooLong = String(repeating: "語", count: StorageRules.maxNameLength + 1)
    let store = TestStore(initialState: BookCaseFormReducer.State(name: tooLong)) {
      BookCaseFormReducer()
    }

    await store.send(.saveButtonTapped) {
      $0.error = .fieldTooLong(.name, limit: StorageRules.maxNameLength)
    }
  }

  @Test func tooLongDescriptionShowsErrorWithoutStorage() async {
    let tooLong = String(repeating: "a", count: StorageRules.maxDescriptionLength + 1)
    let store = TestStore(initialState: BookCaseFormReducer.State(name: "TOEFL", description: tooLong)) {
      BookCaseFormReducer()
    }

    await store.send(.saveButtonTapped) {
      $0.error = .fieldTooLong(.description, limit: StorageRules.maxDescriptionLength)
    }
  }

  @Test func createSavesTheNormalisedDraftAndTellsTheParent() async {
    let created = BookCase(id: 2, name: "TOEFL", description: "exam words", createdAt: .t1, updatedAt: .t1)
    let drafts = LockIsolated<[BookCaseDraft]>([])
    let store = TestStore(initialState: BookCaseFormReducer.State()) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { draft in
        drafts.withValue { $0.append(draft) }
        return created
      }
    }

    await store.send(.nameChanged("  TOEFL\n")) {
      $0.name = "  TOEFL\n"
    }
    await store.send(.descriptionChanged("exam words")) {
      $0.description = "exam words"
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.bookCaseSaved(created)) {
      $0.isSaving = false
      $0.name = "TOEFL"
      $0.mode = .rename(created)
    }
    await store.receive(.delegate(.created(created)))
    // Storage gets the draft as the rules normalise it.
    #expect(drafts.value == [BookCaseDraft(name: "TOEFL", description: "exam words")])
  }

  @Test func renameUpdatesTheBookCaseAndTellsTheParent() async {
    let renamed = BookCase(id: 2, name: "TOEIC", wordCount: 0, createdAt: .t0, updatedAt: .t1)
    let calls = LockIsolated<[BookCase.ID]>([])
    let store = TestStore(initialState: BookCaseFormReducer.State(renaming: .b)) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.updateBookCase = { id, draft in
        calls.withValue { $0.append(id) }
        #expect(draft == BookCaseDraft(name: "TOEIC"))
        return renamed
      }
    }

    await store.send(.nameChanged("TOEIC")) {
      $0.name = "TOEIC"
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.bookCaseSaved(renamed)) {
      $0.isSaving = false
      $0.mode = .rename(renamed)
    }
    await store.receive(.delegate(.renamed(renamed)))
    #expect(calls.value == [BookCase.b.id])
  }

  @Test func duplicateNameIsShownOnTheFormWithTheFieldsKept() async {
    let store = TestStore(initialState: BookCaseFormReducer.State(name: "toefl")) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in throw StorageError.duplicateBookCaseName("toefl") }
    }

    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.saveFailed(.duplicateBookCaseName("toefl"))) {
      $0.isSaving = false
      $0.error = .duplicateBookCaseName("toefl")
    }
  }

  @Test func renameFailureIsShown() async {
    let store = TestStore(initialState: BookCaseFormReducer.State(renaming: .a)) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.updateBookCase = { id, _ in throw StorageError.bookCaseNotFound(id: id) }
    }

    await store.send(.nameChanged("JLPT N2")) {
      $0.name = "JLPT N2"
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.saveFailed(.bookCaseNotFound(id: BookCase.a.id))) {
      $0.isSaving = false
      $0.error = .bookCaseNotFound(id: BookCase.a.id)
    }
  }

  @Test func savingAgainClearsTheLastError() async {
    var initial = BookCaseFormReducer.State(name: "TOEFL")
    initial.error = .duplicateBookCaseName("TOEFL")
    let store = TestStore(initialState: initial) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in throw diskFull }
    }

    await store.send(.saveButtonTapped) {
      $0.isSaving = true
      $0.error = nil
    }
    await store.receive(.saveFailed(diskFull)) {
      $0.isSaving = false
      $0.error = diskFull
    }
  }

  @Test func saveWhileSavingIsIgnored() async {
    var initial = BookCaseFormReducer.State(name: "TOEFL")
    initial.isSaving = true
    let store = TestStore(initialState: initial) {
      BookCaseFormReducer()
    }

    await store.send(.saveButtonTapped)
  }

  @Test func cancelTellsTheParent() async {
    let store = TestStore(initialState: BookCaseFormReducer.State(name: "draft")) {
      BookCaseFormReducer()
    }

    await store.send(.cancelButtonTapped)
    await store.receive(.delegate(.cancelled))
  }

  @Test func cancelWhileSavingIsIgnored() async {
    var initial = BookCaseFormReducer.State(name: "TOEFL")
    initial.isSaving = true
    let store = TestStore(initialState: initial) {
      BookCaseFormReducer()
    }

    await store.send(.cancelButtonTapped)
  }

  @Test func anEditThatKeepsTheNameWritesTheDescriptionAlone() async {
    let described = BookCase(id: 2, name: "TOEFL", description: "iBT reading", createdAt: .t0, updatedAt: .t1)
    // updateBookCase is unimplemented: writing the name too would fail the test.
    let store = TestStore(initialState: BookCaseFormReducer.State(renaming: .b)) {
      BookCaseFormReducer()
    } withDependencies: {
      $0.storageClient.updateBookCaseDescription = { id, description in
        #expect(id == BookCase.b.id)
        #expect(description == "iBT reading")
        return described
      }
    }

    await store.send(.descriptionChanged(" iBT reading ")) {
      $0.description = " iBT reading "
    }
    await store.send(.saveButtonTapped) {
      $0.isSaving = true
    }
    await store.receive(.bookCaseSaved(described)) {
      $0.isSaving = false
      $0.description = "iBT reading"
      $0.mode = .rename(described)
    }
    await store.receive(.delegate(.renamed(described)))
  }
}
