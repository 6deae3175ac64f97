import BookCaseFeature
import Composable
import Storage
import XCTest

@MainActor
final class AppReducerTests: XCTestCase {
  func testSelectingABookCasePushesItsDetailWhichLoads() async {
    let store = TestStore(initialState: AppReducer.State(list: BookCaseListReducer.State(bookCases: [.a, .b]))) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in [.sakura, .kaze] }
    }

    await store.send(.list(.bookCaseSelected(.a))) {
      $0.list.selectedBookCase = .a
      $0.path.append(.detail(BookCaseDetailReducer.State(bookCase: .a)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.onAppear))))
    await store.receive(.path(.element(id: 0, action: .detail(.loadWords)))) {
      $0.path[id: 0, case: \.detail]?.isLoading = true
    }
    await store.receive(.path(.element(id: 0, action: .detail(.wordsLoaded(.a, [.sakura, .kaze]))))) {
      $0.path[id: 0, case: \.detail]?.isLoading = false
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze]
    }
  }

  func testSelectingAWordPushesAnEditorWhoseUpdateReachesTheDetailBeneath() async {
    let updated = Word(id: 11, bookCaseID: 1, term: "風", meaning: "breeze", createdAt: .t0, updatedAt: .t1)
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([.detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze]))])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.updateWord = { _, _ in updated }
    }

    await store.send(.path(.element(id: 0, action: .detail(.wordSelected(.kaze))))) {
      $0.path.append(.wordEditor(WordEditorReducer.State(editing: .kaze)))
    }
    await store.send(.path(.element(id: 1, action: .wordEditor(.meaningChanged("breeze"))))) {
      $0.path[id: 1, case: \.wordEditor]?.meaning = "breeze"
    }
    await store.send(.path(.element(id: 1, action: .wordEditor(.saveButtonTapped)))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = true
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.wordSaved(updated))))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = false
      $0.path[id: 1, case: \.wordEditor]?.savedWord = updated
      $0.path[id: 1, case: \.wordEditor]?.word = updated
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.delegate(.updated(updated)))))) {
      $0.path[id: 0, case: \.detail]?.words[id: updated.id] = updated
      $0.path.pop(from: 1)
    }
  }

  func testWordDeletedInAPushedEditorLowersTheCountsBeneath() async {
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([
          .detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])),
          .wordEditor(WordEditorReducer.State(editing: .sakura)),
        ])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in }
    }

    await store.send(.path(.element(id: 1, action: .wordEditor(.deleteButtonTapped)))) {
      $0.path[id: 1, case: \.wordEditor]?.wordToDelete = .sakura
    }
    await store.send(.path(.element(id: 1, action: .wordEditor(.deleteConfirmed)))) {
      $0.path[id: 1, case: \.wordEditor]?.wordToDelete = nil
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.wordDeleted(.sakura))))) {
      $0.path[id: 1, case: \.wordEditor]?.deletedWord = .sakura
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.delegate(.deleted(.sakura)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 1
      $0.path[id: 0, case: \.detail]?.words = [.kaze]
      $0.path[id: 0, case: \.detail]?.bookCase.wordCount = 1
      $0.path.pop(from: 1)
    }
  }

  func testWordAddedInAPushedEditorRaisesTheCountsBeneath() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    var editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    editor.term = "雨"
    editor.meaning = "rain"
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([
          .detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])),
          .wordEditor(editor),
        ])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.path(.element(id: 1, action: .wordEditor(.saveButtonTapped)))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = true
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.wordSaved(added))))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = false
      $0.path[id: 1, case: \.wordEditor]?.savedWord = added
      $0.path[id: 1, case: \.wordEditor]?.word = added
      $0.path[id: 1, case: \.wordEditor]?.mode = .edit(wordID: added.id)
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.delegate(.added(added)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 3
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze, added]
      $0.path[id: 0, case: \.detail]?.bookCase.wordCount = 3
      $0.path.pop(from: 1)
    }
  }

  func testWordAddedInTheDetailsEditorUpdatesTheListCount() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    var counted = BookCase.a
    counted.wordCount = 3
    var detail = BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])
    detail.editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    detail.editor?.term = "雨"
    detail.editor?.meaning = "rain"
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([.detail(detail)])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.path(.element(id: 0, action: .detail(.editor(.saveButtonTapped))))) {
      $0.path[id: 0, case: \.detail]?.editor?.isSaving = true
    }
    await store.receive(.path(.element(id: 0, action: .detail(.editor(.wordSaved(added)))))) {
      $0.path[id: 0, case: \.detail]?.editor?.isSaving = false
      $0.path[id: 0, case: \.detail]?.editor?.savedWord = added
      $0.path[id: 0, case: \.detail]?.editor?.word = added
      $0.path[id: 0, case: \.detail]?.editor?.mode = .edit(wordID: added.id)
    }
    await store.receive(.path(.element(id: 0, action: .detail(.editor(.delegate(.added(added))))))) {
      $0.path[id: 0, case: \.detail]?.editor = nil
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze, added]
      $0.path[id: 0, case: \.detail]?.bookCase = counted
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(counted)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 3
    }
  }

  func testAWordAddedInAPushedEditorRestartsTheLoadOfTheDetailBeneath() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    let started = Gate()
    let read = readStaleFirst([Word.sakura, .kaze], started: started) { [.sakura, .kaze, added] }
    var editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    editor.term = "雨"
    editor.meaning = "rain"
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([
          .detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])),
          .wordEditor(editor),
        ])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCase = { _ in .a }
      $0.storageClient.fetchWords = { _, _ in await read() }
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.path(.element(id: 0, action: .detail(.loadWords)))) {
      $0.path[id: 0, case: \.detail]?.isLoading = true
    }
    await started.wait()
    await store.send(.path(.element(id: 1, action: .wordEditor(.saveButtonTapped)))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = true
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.wordSaved(added))))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = false
      $0.path[id: 1, case: \.wordEditor]?.savedWord = added
      $0.path[id: 1, case: \.wordEditor]?.word = added
      $0.path[id: 1, case: \.wordEditor]?.mode = .edit(wordID: added.id)
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.delegate(.added(added)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 3
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze, added]
      $0.path[id: 0, case: \.detail]?.bookCase.wordCount = 3
      $0.path.pop(from: 1)
    }
    await store.receive(.path(.element(id: 0, action: .detail(.loadWords))))
    await store.receive(.path(.element(id: 0, action: .detail(.wordsLoaded(.a, [.sakura, .kaze, added]))))) {
      $0.path[id: 0, case: \.detail]?.isLoading = false
    }
  }

  func testACountChangeFromTheDetailRestartsTheListsLoad() async {
    let added = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
    let counted = BookCase(id: 1, name: "JLPT N3", description: "Japanese, intermediate", wordCount: 3, createdAt: .t0, updatedAt: .t0)
    let started = Gate()
    var detail = BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze])
    detail.editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    detail.editor?.term = "雨"
    detail.editor?.meaning = "rain"
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a, .b]),
        path: StackState([.detail(detail)])
      )
    ) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = readStaleFirst([.a, .b], started: started) { [counted, .b] }
      $0.storageClient.addWord = { _, _ in added }
    }

    await store.send(.list(.loadBookCases)) {
      $0.list.isLoading = true
    }
    await started.wait()
    await store.send(.path(.element(id: 0, action: .detail(.editor(.saveButtonTapped))))) {
      $0.path[id: 0, case: \.detail]?.editor?.isSaving = true
    }
    await store.receive(.path(.element(id: 0, action: .detail(.editor(.wordSaved(added)))))) {
      $0.path[id: 0, case: \.detail]?.editor?.isSaving = false
      $0.path[id: 0, case: \.detail]?.editor?.savedWord = added
      $0.path[id: 0, case: \.detail]?.editor?.word = added
      $0.path[id: 0, case: \.detail]?.editor?.mode = .edit(wordID: added.id)
    }
    await store.receive(.path(.element(id: 0, action: .detail(.editor(.delegate(.added(added))))))) {
      $0.path[id: 0, case: \.detail]?.editor = nil
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze, added]
      $0.path[id: 0, case: \.detail]?.bookCase = counted
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(counted)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 3
    }
    await store.receive(.list(.loadBookCases))
    await store.receive(.list(.bookCasesLoaded([counted, .b]))) {
      $0.list.isLoading = false
    }
  }

  func testBookCaseCreatedInTheListsFormIsInsertedWithoutReload() async {
    let created = BookCase(id: 9, name: "Academic", createdAt: .t1, updatedAt: .t1)
    let store = TestStore(initialState: AppReducer.State(list: BookCaseListReducer.State(bookCases: [.a, .b]))) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in created }
    }

    await store.send(.list(.addBookCaseButtonTapped)) {
      $0.list.form = BookCaseFormReducer.State()
    }
    await store.send(.list(.form(.nameChanged("Academic")))) {
      $0.list.form?.name = "Academic"
    }
    await store.send(.list(.form(.saveButtonTapped))) {
      $0.list.form?.isSaving = true
    }
    await store.receive(.list(.form(.bookCaseSaved(created)))) {
      $0.list.form?.isSaving = false
      $0.list.form?.savedBookCase = created
      $0.list.form?.mode = .rename(created)
    }
    await store.receive(.list(.form(.delegate(.created(created))))) {
      $0.list.form = nil
      $0.list.bookCases = [created, .a, .b]
    }
  }

  func testPoppingTheStackDropsTheDetail() async {
    let store = TestStore(
      initialState: AppReducer.State(
        list: BookCaseListReducer.State(bookCases: [.a]),
        path: StackState([.detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze]))])
      )
    ) {
      AppReducer()
    }

    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }
}
