import BookCaseFeature
import Composable
import Storage
import Testing

@MainActor
struct WordDetailReducerTests {
  @Test func loadsTheWordAndItsBookCase() async {
    let store = TestStore(initialState: WordDetailReducer.State(wordID: Word.sakura.id)) {
      WordDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { id in
        #expect(id == Word.sakura.id)
        return .sakura
      }
      $0.storageClient.fetchBookCase = { id in
        #expect(id == BookCase.a.id)
        return .a
      }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.wordLoaded(.sakura, in: .a)) {
      $0.isLoading = false
      $0.word = .sakura
      $0.bookCase = .a
    }
  }

  @Test func anUnknownWordEndsWithItsError() async {
    let store = TestStore(initialState: WordDetailReducer.State(wordID: 99)) {
      WordDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { id in throw StorageError.wordNotFound(id: id) }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(.wordNotFound(id: 99))) {
      $0.isLoading = false
      $0.error = .wordNotFound(id: 99)
    }
  }

  @Test func aFailedReadOfTheBookCaseShowsNothingHalfLoaded() async {
    let store = TestStore(initialState: WordDetailReducer.State(wordID: Word.sarang.id)) {
      WordDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { _ in .sarang }
      $0.storageClient.fetchBookCase = { _ in throw ioError }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(ioError)) {
      $0.isLoading = false
      $0.error = ioError
    }
  }

  @Test func aSecondLoadClearsTheLastError() async {
    var state = WordDetailReducer.State(wordID: Word.kaze.id)
    state.error = .wordNotFound(id: Word.kaze.id)
    let store = TestStore(initialState: state) {
      WordDetailReducer()
    } withDependencies: {
      $0.storageClient.fetchWord = { _ in .kaze }
      $0.storageClient.fetchBookCase = { _ in .a }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
      $0.error = nil
    }
    await store.receive(.wordLoaded(.kaze, in: .a)) {
      $0.isLoading = false
      $0.word = .kaze
      $0.bookCase = .a
    }
  }
}
