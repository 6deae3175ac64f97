import BookCaseFeature
import Composable
import Foundation
import Storage
import Testing

/// The reducers against real storage clients, not closures made up for the test: the same session and the
/// same watch flow run on the in-memory client and on the SQLite client over a temporary file.
@MainActor
@Suite final class StorageIntegrationTests {
  private let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-feature-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
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

  @Test func wholeSessionInMemory() async throws {
    try await runWholeSession(on: .inMemory())
  }

  @Test func wholeSessionOnSQLite() async throws {
    let client = try liveClient()
    try await runWholeSession(on: client)
    // A second client on the same file (another run of the program) sees the end of the session too.
    let reopened = try liveClient()
    let bookCases = try await reopened.fetchBookCases()
    #expect(bookCases == [])
  }

  @Test func watchingInMemory() async throws {
    try await runWatch(on: .inMemory())
  }

  @Test func watchingOnSQLite() async throws {
    try await runWatch(on: try liveClient())
  }

  @Test func lookupInMemoryByNameIgnoringCaseAndByID() async throws {
    let client = StorageClient.inMemory(bookCases: [.a, .b])
    let byName = try await client.resolveBookCase("jlpt n3")
    #expect(byName.id == BookCase.a.id)
    let byID = try await client.resolveBookCase("2")
    #expect(byID.id == BookCase.b.id)
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
    await store.send(.list(.addBookCaseButtonTapped)) { $0.list.destination = .editor(BookCaseFormReducer.State()) }
    await store.send(.list(.destination(.presented(.editor(.nameChanged(" JLPT N3 ")))))) { $0.list.destination?.modify(\.editor) { $0.name = " JLPT N3 " } }
    await store.send(.list(.destination(.presented(.editor(.descriptionChanged("Japanese")))))) { $0.list.destination?.modify(\.editor) { $0.description = "Japanese" } }
    await store.send(.list(.destination(.presented(.editor(.saveButtonTapped))))) { $0.list.destination?.modify(\.editor) { $0.isSaving = true } }
    await store.receive(.list(.destination(.presented(.editor(.bookCaseSaved(jlpt)))))) {
      $0.list.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.name = "JLPT N3"
        $0.mode = .rename(jlpt)
      }
    }
    await store.receive(.list(.destination(.presented(.editor(.delegate(.created(jlpt))))))) {
      $0.list.destination = nil
      $0.list.bookCases = [jlpt]
    }

    // The same name in other letters is refused by storage: the form says which bookcase has it and keeps
    // what was typed; the list and storage are unchanged.
    await store.send(.list(.addBookCaseButtonTapped)) { $0.list.destination = .editor(BookCaseFormReducer.State()) }
    await store.send(.list(.destination(.presented(.editor(.nameChanged("jlpt n3")))))) { $0.list.destination?.modify(\.editor) { $0.name = "jlpt n3" } }
    await store.send(.list(.destination(.presented(.editor(.saveButtonTapped))))) { $0.list.destination?.modify(\.editor) { $0.isSaving = true } }
    await store.receive(.list(.destination(.presented(.editor(.saveFailed(.duplicateBookCaseName("JLPT N3"))))))) {
      $0.list.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.error = .duplicateBookCaseName("JLPT N3")
      }
    }
    await store.send(.list(.destination(.presented(.editor(.cancelButtonTapped)))))
    await store.receive(.list(.destination(.presented(.editor(.delegate(.cancelled)))))) { $0.list.destination = nil }
    let afterDuplicate = try await client.fetchBookCases()
    #expect(afterDuplicate == [jlpt])

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
        $0.path[id: 0, case: \.detail]?.destination = .editor(WordEditorReducer.State(addingTo: jlpt.id))
      }
      await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.termChanged(word.term)))))))) {
        $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.term = word.term }
      }
      await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.meaningChanged(word.meaning)))))))) {
        $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.meaning = word.meaning }
      }
      await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.saveButtonTapped))))))) {
        $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.isSaving = true }
      }
      await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.wordSaved(word)))))))) {
        $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) {
          $0.isSaving = false
          $0.word = word
          $0.mode = .edit(wordID: word.id)
        }
      }
      jlpt.wordCount += 1
      await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.delegate(.added(word))))))))) {
        $0.path[id: 0, case: \.detail]?.destination = nil
        $0.path[id: 0, case: \.detail]?.words.append(word)
        $0.path[id: 0, case: \.detail]?.bookCase.wordCount = jlpt.wordCount
      }
      await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(jlpt)))))) {
        $0.list.bookCases[id: jlpt.id]?.wordCount = jlpt.wordCount
      }
    }

    // Edit 風 in the detail's editor, an hour later.
    store.dependencies.date = .constant(.t1)
    var breeze = kaze
    breeze.meaning = "breeze"
    breeze.updatedAt = .t1
    await store.send(.path(.element(id: 0, action: .detail(.wordSelected(kaze))))) {
      $0.path[id: 0, case: \.detail]?.destination = .editor(WordEditorReducer.State(editing: kaze))
    }
    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.meaningChanged("breeze")))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.meaning = "breeze" }
    }
    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.saveButtonTapped))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) { $0.isSaving = true }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.wordSaved(breeze)))))))) {
      $0.path[id: 0, case: \.detail]?.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.word = breeze
      }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.destination(.presented(.editor(.delegate(.updated(breeze)))))))))
    {
      $0.path[id: 0, case: \.detail]?.destination = nil
      $0.path[id: 0, case: \.detail]?.words[id: breeze.id] = breeze
    }

    // Delete 桜 from the detail's words, after confirming.
    await store.send(.path(.element(id: 0, action: .detail(.deleteWordRequested(sakura))))) {
      $0.path[id: 0, case: \.detail]?.destination = .confirmDelete(.delete(sakura))
    }
    await store.send(.path(.element(id: 0, action: .detail(.destination(.presented(.confirmDelete(.deleteTapped(sakura)))))))) {
      $0.path[id: 0, case: \.detail]?.destination = nil
    }
    jlpt.wordCount = 1
    await store.receive(.path(.element(id: 0, action: .detail(.wordDeleted(sakura))))) {
      $0.path[id: 0, case: \.detail]?.words = [breeze]
      $0.path[id: 0, case: \.detail]?.bookCase.wordCount = 1
    }
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.bookCaseUpdated(jlpt)))))) {
      $0.list.bookCases[id: jlpt.id]?.wordCount = 1
    }
    let storedWords = try await client.fetchWords(bookCaseID: jlpt.id, listing: .all)
    #expect(storedWords == [breeze])

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
    await store.send(.list(.renameRequested(jlpt))) { $0.list.destination = .editor(BookCaseFormReducer.State(renaming: jlpt)) }
    await store.send(.list(.destination(.presented(.editor(.nameChanged("JLPT N2")))))) { $0.list.destination?.modify(\.editor) { $0.name = "JLPT N2" } }
    await store.send(.list(.destination(.presented(.editor(.saveButtonTapped))))) { $0.list.destination?.modify(\.editor) { $0.isSaving = true } }
    await store.receive(.list(.destination(.presented(.editor(.bookCaseSaved(renamed)))))) {
      $0.list.destination?.modify(\.editor) {
        $0.isSaving = false
        $0.mode = .rename(renamed)
      }
    }
    await store.receive(.list(.destination(.presented(.editor(.delegate(.renamed(renamed))))))) {
      $0.list.destination = nil
      $0.list.bookCases = [renamed]
      $0.list.selectedBookCase = renamed
    }
    let found = try await client.findBookCase(named: "jlpt n2")
    #expect(found == renamed)

    // Delete it, with the word still in it: the confirmation says so.
    await store.send(.list(.deleteRequested(renamed))) {
      $0.list.destination = .confirmDelete(.delete(renamed))
    }
    #expect(store.state.list.destination?.confirmDelete?.title == "Delete bookcase “JLPT N2” (id 1) and its 1 word?")
    await store.send(.list(.destination(.presented(.confirmDelete(.deleteTapped(renamed)))))) {
      $0.list.destination = nil
    }
    await store.receive(.list(.bookCaseDeleted(renamed))) {
      $0.list.bookCases = []
      $0.list.selectedBookCase = nil
    }
    await store.receive(.list(.delegate(.deleted(renamed))))
    let remaining = try await client.fetchBookCases()
    #expect(remaining == [])
    // The word went with its bookcase.
    await #expect(throws: StorageError.wordNotFound(id: breeze.id)) {
      try await client.fetchWord(id: breeze.id)
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
