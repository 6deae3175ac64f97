import BookCaseFeature
import Composable
import Foundation
import Storage
import XCTest

/// The reducers against real storage clients, not closures made up for the test: the same session and the
/// same watch flow run on the in-memory client and on the SQLite client over a temporary file.
@MainActor
final class StorageIntegrationTests: XCTestCase {
  private var directory: URL!

  override func setUp() async throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-feature-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  override func tearDown() async throws {
    try? FileManager.default.removeItem(at: directory)
  }

  private func liveClient() throws -> StorageClient {
    let path = directory.appendingPathComponent("vocab.sqlite3").path
    return try withDependencies {
      $0.date = .constant(.t0)
      $0.uuid = .incrementing
    } operation: { () throws -> StorageClient in
      try StorageClient.live(path: path).client
    }
  }

  func testWholeSessionInMemory() async throws {
    try await runWholeSession(on: .inMemory())
  }

  func testWholeSessionOnSQLite() async throws {
    let client = try liveClient()
    try await runWholeSession(on: client)
    // A second client on the same file (another run of the program) sees the end of the session too.
    let reopened = try liveClient()
    let bookCases = try await reopened.fetchBookCases()
    XCTAssertEqual(bookCases, [])
  }

  func testWatchingInMemory() async throws {
    try await runWatch(on: .inMemory())
  }

  func testWatchingOnSQLite() async throws {
    try await runWatch(on: try liveClient())
  }

  func testLookupInMemoryByNameIgnoringCaseAndByID() async throws {
    let client = StorageClient.inMemory(bookCases: [.a, .b])
    let byName = try await client.resolveBookCase("jlpt n3")
    XCTAssertEqual(byName.id, BookCase.a.id)
    let byID = try await client.resolveBookCase("2")
    XCTAssertEqual(byID.id, BookCase.b.id)
  }

  /// create bookcase (and a refused duplicate) → add words → edit → delete word → rename → delete bookcase,
  /// through the app's screens, checking the state after every step and storage along the way.
  private func runWholeSession(on client: StorageClient) async throws {
    let store = TestStore(initialState: AppReducer.State()) {
      AppReducer()
    } withDependencies: {
      $0.storageClient = client
      $0.date = .constant(.t0)
      $0.uuid = .incrementing
    }

    // An empty database lists nothing.
    await store.send(.list(.onAppear))
    await store.receive(.list(.loadBookCases)) { $0.list.isLoading = true }
    await store.receive(.list(.bookCasesLoaded([]))) { $0.list.isLoading = false }

    // Create a bookcase in the list's form; storage trims the name.
    var jlpt = BookCase(id: 1, name: "JLPT N3", description: "Japanese", createdAt: .t0, updatedAt: .t0)
    await store.send(.list(.addBookCaseButtonTapped)) { $0.list.form = BookCaseFormReducer.State() }
    await store.send(.list(.form(.nameChanged(" JLPT N3 ")))) { $0.list.form?.name = " JLPT N3 " }
    await store.send(.list(.form(.descriptionChanged("Japanese")))) { $0.list.form?.description = "Japanese" }
    await store.send(.list(.form(.saveButtonTapped))) { $0.list.form?.isSaving = true }
    await store.receive(.list(.form(.bookCaseSaved(jlpt)))) {
      $0.list.form?.isSaving = false
      $0.list.form?.savedBookCase = jlpt
      $0.list.form?.name = "JLPT N3"
      $0.list.form?.mode = .rename(jlpt)
    }
    await store.receive(.list(.form(.delegate(.created(jlpt))))) {
      $0.list.form = nil
      $0.list.bookCases = [jlpt]
    }

    // The same name in other letters is refused by storage: the form says which bookcase has it and keeps
    // what was typed; the list and storage are unchanged.
    await store.send(.list(.addBookCaseButtonTapped)) { $0.list.form = BookCaseFormReducer.State() }
    await store.send(.list(.form(.nameChanged("jlpt n3")))) { $0.list.form?.name = "jlpt n3" }
    await store.send(.list(.form(.saveButtonTapped))) { $0.list.form?.isSaving = true }
    await store.receive(.list(.form(.saveFailed(.duplicateBookCaseName("JLPT N3"))))) {
      $0.list.form?.isSaving = false
      $0.list.form?.error = .duplicateBookCaseName("JLPT N3")
    }
    await store.send(.list(.form(.cancelButtonTapped)))
    await store.receive(.list(.form(.delegate(.cancelled)))) { $0.list.form = nil }
    let afterDuplicate = try await client.fetchBookCases()
    XCTAssertEqual(afterDuplicate, [jlpt])

    // Open it: the detail loads, with no words yet.
    await store.send(.list(.bookCaseSelected(jlpt))) {
      $0.list.selectedBookCase = jlpt
      $0.path.append(.detail(BookCaseDetailReducer.State(bookCase: jlpt)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.onAppear))))
    await store.receive(.path(.element(id: 0, action: .detail(.loadWords)))) {
      $0.path[id: 0, case: \.detail]?.isLoading = true
    }
    await store.receive(.path(.element(id: 0, action: .detail(.wordsLoaded(jlpt, []))))) {
      $0.path[id: 0, case: \.detail]?.isLoading = false
    }

    // Add two words in the detail's editor; each raises the counts in the detail and in the list.
    // Guids come from the incrementing UUID generator the store was given.
    let sakura = Word(
      id: 1, bookCaseID: 1, term: "桜", meaning: "cherry blossom", guid: "00000000-0000-0000-0000-000000000000",
      createdAt: .t0, updatedAt: .t0)
    let kaze = Word(
      id: 2, bookCaseID: 1, term: "風", meaning: "wind", guid: "00000000-0000-0000-0000-000000000001",
      createdAt: .t0, updatedAt: .t0)
    for word in [sakura, kaze] {
      await store.send(.path(.element(id: 0, action: .detail(.addWordButtonTapped)))) {
        $0.path[id: 0, case: \.detail]?.editor = WordEditorReducer.State(addingTo: jlpt.id)
      }
      await store.send(.path(.element(id: 0, action: .detail(.editor(.termChanged(word.term)))))) {
        $0.path[id: 0, case: \.detail]?.editor?.term = word.term
      }
      await store.send(.path(.element(id: 0, action: .detail(.editor(.meaningChanged(word.meaning)))))) {
        $0.path[id: 0, case: \.detail]?.editor?.meaning = word.meaning
      }
      await store.send(.path(.element(id: 0, action: .detail(.editor(.saveButtonTapped))))) {
        $0.path[id: 0, case: \.detail]?.editor?.isSaving = true
      }
      await store.receive(.path(.element(id: 0, action: .detail(.editor(.wordSaved(word)))))) {
        $0.path[id: 0, case: \.detail]?.editor?.isSaving = false
        $0.path[id: 0, case: \.detail]?.editor?.savedWord = word
        $0.path[id: 0, case: \.detail]?.editor?.word = word
        $0.path[id: 0, case: \.detail]?.editor?.mode = .edit(wordID: word.id)
      }
      jlpt.wordCount += 1
      await store.receive(.path(.element(id: 0, action: .detail(.editor(.delegate(.added(word))))))) {
        $0.path[id: 0, case: \.detail]?.editor = nil
        $0.path[id: 0, case: \.detail]?.words.append(word)
        $0.path[id: 0, case: \.detail]?.bookCase.wordCount = jlpt.wordCount
      }
      await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(jlpt)))))) {
        $0.list.bookCases[id: jlpt.id]?.wordCount = jlpt.wordCount
      }
    }

    // Edit 風 in an editor pushed on the stack, an hour later.
    store.dependencies.date = .constant(.t1)
    var breeze = kaze
    breeze.meaning = "breeze"
    breeze.updatedAt = .t1
    await store.send(.path(.element(id: 0, action: .detail(.wordSelected(kaze))))) {
      $0.path.append(.wordEditor(WordEditorReducer.State(editing: kaze)))
    }
    await store.send(.path(.element(id: 1, action: .wordEditor(.meaningChanged("breeze"))))) {
      $0.path[id: 1, case: \.wordEditor]?.meaning = "breeze"
    }
    await store.send(.path(.element(id: 1, action: .wordEditor(.saveButtonTapped)))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = true
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.wordSaved(breeze))))) {
      $0.path[id: 1, case: \.wordEditor]?.isSaving = false
      $0.path[id: 1, case: \.wordEditor]?.savedWord = breeze
      $0.path[id: 1, case: \.wordEditor]?.word = breeze
    }
    await store.receive(.path(.element(id: 1, action: .wordEditor(.delegate(.updated(breeze)))))) {
      $0.path[id: 0, case: \.detail]?.words[id: breeze.id] = breeze
      $0.path.pop(from: 1)
    }

    // Delete 桜 in another pushed editor, after confirming.
    await store.send(.path(.element(id: 0, action: .detail(.wordSelected(sakura))))) {
      $0.path.append(.wordEditor(WordEditorReducer.State(editing: sakura)))
    }
    await store.send(.path(.element(id: 2, action: .wordEditor(.deleteButtonTapped)))) {
      $0.path[id: 2, case: \.wordEditor]?.wordToDelete = sakura
    }
    await store.send(.path(.element(id: 2, action: .wordEditor(.deleteConfirmed)))) {
      $0.path[id: 2, case: \.wordEditor]?.wordToDelete = nil
    }
    await store.receive(.path(.element(id: 2, action: .wordEditor(.wordDeleted(sakura))))) {
      $0.path[id: 2, case: \.wordEditor]?.deletedWord = sakura
    }
    jlpt.wordCount = 1
    await store.receive(.path(.element(id: 2, action: .wordEditor(.delegate(.deleted(sakura)))))) {
      $0.list.bookCases[id: jlpt.id]?.wordCount = 1
      $0.path[id: 0, case: \.detail]?.words = [breeze]
      $0.path[id: 0, case: \.detail]?.bookCase.wordCount = 1
      $0.path.pop(from: 2)
    }
    let storedWords = try await client.fetchWords(bookCaseID: jlpt.id, listing: .all)
    XCTAssertEqual(storedWords, [breeze])

    // Back to the list. A reload leaves the rows as they were (the in-place updates matched storage) and
    // brings the selection, picked before any word was added, up to date.
    await store.send(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
    await store.send(.list(.refreshBookCases))
    await store.receive(.list(.loadBookCases)) { $0.list.isLoading = true }
    await store.receive(.list(.bookCasesLoaded([jlpt]))) {
      $0.list.isLoading = false
      $0.list.selectedBookCase = jlpt
    }

    // Rename it.
    let renamed = BookCase(id: 1, name: "JLPT N2", description: "Japanese", wordCount: 1, createdAt: .t0, updatedAt: .t1)
    await store.send(.list(.renameRequested(jlpt))) { $0.list.form = BookCaseFormReducer.State(renaming: jlpt) }
    await store.send(.list(.form(.nameChanged("JLPT N2")))) { $0.list.form?.name = "JLPT N2" }
    await store.send(.list(.form(.saveButtonTapped))) { $0.list.form?.isSaving = true }
    await store.receive(.list(.form(.bookCaseSaved(renamed)))) {
      $0.list.form?.isSaving = false
      $0.list.form?.savedBookCase = renamed
      $0.list.form?.mode = .rename(renamed)
    }
    await store.receive(.list(.form(.delegate(.renamed(renamed))))) {
      $0.list.form = nil
      $0.list.bookCases = [renamed]
      $0.list.selectedBookCase = renamed
    }
    let found = try await client.findBookCase(named: "jlpt n2")
    XCTAssertEqual(found, renamed)

    // Delete it, with the word still in it.
    await store.send(.list(.deleteRequested(renamed))) { $0.list.bookCaseToDelete = renamed }
    XCTAssertEqual(store.state.list.bookCaseToDelete?.wordCount, 1)
    await store.send(.list(.deleteConfirmed)) {
      $0.list.bookCaseToDelete = nil
    }
    await store.receive(.list(.bookCaseDeleted(renamed))) {
      $0.list.deletedBookCase = renamed
      $0.list.bookCases = []
      $0.list.selectedBookCase = nil
    }
    let remaining = try await client.fetchBookCases()
    XCTAssertEqual(remaining, [])
    do {
      _ = try await client.fetchWord(id: breeze.id)
      XCTFail("the word outlived its bookcase")
    } catch {
      XCTAssertEqual(error as? StorageError, .wordNotFound(id: breeze.id))
    }
  }

  /// A change written by someone else reaches a watching list and a watching detail; cancelling their
  /// tasks leaves nothing running.
  private func runWatch(on client: StorageClient) async throws {
    let toefl = try await withDependencies {
      $0.date = .constant(.t0)
      $0.uuid = .incrementing
    } operation: {
      try await client.createBookCase(draft: BookCaseDraft(name: "TOEFL"))
    }
    let list = TestStore(initialState: BookCaseListReducer.State(bookCases: [toefl])) {
      BookCaseListReducer()
    } withDependencies: {
      $0.storageClient = client
    }
    let detail = TestStore(initialState: BookCaseDetailReducer.State(bookCase: toefl)) {
      BookCaseDetailReducer()
    } withDependencies: {
      $0.storageClient = client
    }
    let listTask = await list.send(.task)
    let detailTask = await detail.send(.task)

    let word = try await withDependencies {
      $0.date = .constant(.t1)
      $0.uuid = .incrementing
    } operation: {
      try await client.addWord(bookCaseID: toefl.id, draft: WordDraft(term: "abate", meaning: "to lessen"))
    }
    var counted = toefl
    counted.wordCount = 1

    await list.receive(.refreshBookCases)
    await list.receive(.loadBookCases) { $0.isLoading = true }
    await list.receive(.bookCasesLoaded([counted])) {
      $0.isLoading = false
      $0.bookCases = [counted]
    }
    await detail.receive(.refreshWords)
    await detail.receive(.loadWords) { $0.isLoading = true }
    await detail.receive(.wordsLoaded(counted, [word])) {
      $0.isLoading = false
      $0.bookCase = counted
      $0.words = [word]
    }

    await listTask.cancel()
    await detailTask.cancel()
    await list.finish()
    await detail.finish()
  }
}
