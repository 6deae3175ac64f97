import BookCaseFeature
import Composable
import Storage
import Testing

@MainActor
@Suite struct AppReducerTests {
  /// The list with `.a` and `.b`, and `.a`'s detail pushed, showing its two words with `editor` open.
  func appWithDetail(editor: WordEditorReducer.State? = nil) -> AppReducer.State {
    AppReducer.State(
      list: BookCaseListReducer.State(bookCases: [.a, .b]),
      path: StackState([
        .detail(BookCaseDetailReducer.State(bookCase: .a, words: [.sakura, .kaze], destination: editor.map { .editor($0) }))
      ])
    )
  }

  /// An editor adding 雨 to `.a`, filled in.
  var addingAme: WordEditorReducer.State {
    var editor = WordEditorReducer.State(addingTo: BookCase.a.id)
    editor.term = "雨"
    editor.meaning = "rain"
    return editor
  }

  /// Saves the filled-in `addingAme` editor of the detail at the bottom of the stack: the detail shows 雨 and
  /// tells the app, which raises the list's count to 3.
  func saveAme(_ store: TestStore<AppReducer.State, AppReducer.Action>) async {
    let counted = BookCase.a.counting(3)
    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.saveButtonTapped))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.wordSaved(.ame)))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.word = .ame
        $0.mode = .edit(wordID: Word.ame.id)
      }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.delegate(.added(.ame)))))))))
    {
      $0.path[id: 0, case: \.detail]?.destination = nil
      $0.path[id: 0, case: \.detail]?.words = [.sakura, .kaze, .ame]
      $0.path[id: 0, case: \.detail]?.bookCase = counted
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(counted)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 3
    }
  }

  @Test func selectingABookCasePushesItsDetailWhichLoads() async {
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

  @Test func aWordAddedInTheDetailsEditorUpdatesTheListCount() async {
    let store = TestStore(initialState: appWithDetail(editor: addingAme)) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.addWord = { _, _ in .ame }
    }

    await saveAme(store)
  }

  @Test func aWordDeletedInTheDetailLowersTheListCount() async {
    let counted = BookCase.a.counting(1)
    var initial = appWithDetail()
    initial.path[id: 0, case: \.detail]?.destination = .confirmDelete(.delete(Word.sakura))
    let store = TestStore(initialState: initial) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.deleteWord = { _ in }
    }

    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.confirmDelete(.deleteTapped(.sakura)))))))) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    await store.receive(.path(.element(id: 0, action: .detail(.wordDeleted(.sakura))))) {
      $0.path[id: 0, case: \.detail]?.words = [.kaze]
      $0.path[id: 0, case: \.detail]?.bookCase = counted
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(counted)))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 1
    }
  }

  @Test func aCountChangeFromTheDetailRestartsTheListsLoad() async {
    let counted = BookCase.a.counting(3)
    let started = Gate()
    let store = TestStore(initialState: appWithDetail(editor: addingAme)) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.fetchBookCases = readStaleFirst([.a, .b], started: started) { [counted, .b] }
      $0.storageClient.addWord = { _, _ in .ame }
    }

    await store.send(.list(.loadBookCases)) {
      $0.list.isLoading = true
    }
    await started.wait()
    await saveAme(store)
    await store.receive(.list(.loadBookCases))
    await store.receive(.list(.bookCasesLoaded([counted, .b]))) {
      $0.list.isLoading = false
    }
  }

  @Test func bookCaseCreatedInTheListsFormIsInsertedWithoutReload() async {
    let created = BookCase(id: 9, name: "Academic", createdAt: .t1, updatedAt: .t1)
    let store = TestStore(initialState: AppReducer.State(list: BookCaseListReducer.State(bookCases: [.a, .b]))) {
      AppReducer()
    } withDependencies: {
      $0.storageClient.createBookCase = { _ in created }
    }

    await store.send(.list(.addBookCaseButtonTapped)) {
      $0.list.destination = .editor(BookCaseFormReducer.State())
    }
    await store.send(.list(.destination(.presented(.editor(.nameChanged("Academic")))))) {
      $0.list.destination?.modify(\.editor) { $0.name = "Academic" }
    }
    await store.send(.list(.destination(.presented(.editor(.saveButtonTapped))))) {
      $0.list.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.list(.destination(.presented(.editor(.bookCaseSaved(created)))))) {
      $0.list.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.mode = .rename(created)
      }
    }
    await store.receive(.list(.destination(.presented(.editor(.delegate(.created(created))))))) {
      $0.list.destination = nil
      $0.list.bookCases = [created, .a, .b]
    }
  }

  @Test func poppingTheStackDropsTheDetail() async {
    let store = TestStore(initialState: appWithDetail()) {
      AppReducer()
    }

    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func aWordMovedInTheDetailMovesOneWordBetweenTheListsCounts() async {
    var moved = Word.sakura
    moved.bookCaseID = BookCase.b.id
    let store = TestStore(initialState: appWithDetail()) {
      AppReducer()
    } withDependencies: { [moved] in
      $0.storageClient.moveWord = { _, _ in moved }
    }

    await store.send(.path(.element(id: 0, action: .detail(.moveWordRequested(.sakura, to: BookCase.b.id)))))
    await store.receive(.path(.element(id: 0, action: .detail(.wordMoved(moved))))) {
      $0.path[id: 0, case: \.detail]?.words = [.kaze]
      $0.path[id: 0, case: \.detail]?.bookCase = BookCase.a.counting(1)
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(BookCase.a.counting(1))))))) {
      $0.list.bookCases[id: BookCase.a.id]?.wordCount = 1
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.wordMoved(moved)))))) {
      $0.list.bookCases[id: BookCase.b.id]?.wordCount = 1
    }
  }
}
