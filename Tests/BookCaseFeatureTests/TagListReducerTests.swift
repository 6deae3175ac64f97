import BookCaseFeature
import Composable
import Storage
import Testing

@MainActor
struct TagListReducerTests {
  @Test func loadsEveryTagWithItsCount() async {
    let tags = [TagCount(name: "jlpt::n3", wordCount: 12), TagCount(name: "verb", wordCount: 2)]
    let store = TestStore(initialState: TagListReducer.State()) {
      TagListReducer()
    } withDependencies: {
      $0.storageClient.fetchTags = { tags }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.tagsLoaded(tags)) {
      $0.isLoading = false
      $0.tags = tags
    }
  }

  @Test func aFailedLoadKeepsTheErrorAndStopsLoading() async {
    let store = TestStore(initialState: TagListReducer.State()) {
      TagListReducer()
    } withDependencies: {
      $0.storageClient.fetchTags = { throw ioError }
    }

    await store.send(.onAppear) {
      $0.isLoading = true
    }
    await store.receive(.loadFailed(ioError)) {
      $0.isLoading = false
      $0.error = ioError
    }
  }
}
