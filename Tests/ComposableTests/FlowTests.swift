import Composable
import XCTest

/// The favourite-primes example: happy and unhappy flows of small reducers, and the same flows through the
/// app that composes them.
@MainActor
final class FlowTests: XCTestCase {
  struct DiskFull: Error {}

  func testSavingAndRemovingAFavorite() async {
    let store = TestStore(initialState: PrimeModal.State(count: 2, favorites: [3, 5])) {
      PrimeModal()
    }
    await store.send(.saveFavoriteTapped) { $0.favorites = [3, 5, 2] }
    await store.send(.removeFavoriteTapped) { $0.favorites = [3, 5] }
  }

  func testSavingAFavoriteTwiceKeepsOneCopy() async {
    let store = TestStore(initialState: PrimeModal.State(count: 3, favorites: [3, 5])) {
      PrimeModal()
    }
    await store.send(.saveFavoriteTapped)
  }

  func testDeletingOutOfRangeChangesNothing() async {
    let store = TestStore(initialState: FavoritePrimes.State(favorites: [2, 3, 5, 7])) {
      FavoritePrimes()
    }
    await store.send(.deleteTapped(index: 2)) { $0.favorites = [2, 3, 7] }
    await store.send(.deleteTapped(index: 9))
  }

  func testLoadFlowReplacesTheList() async {
    let store = TestStore(initialState: FavoritePrimes.State(favorites: [2, 3, 5, 7])) {
      FavoritePrimes()
    } withDependencies: {
      $0.favorites.load = { [2, 31] }
    }
    await store.send(.loadTapped)
    await store.receive(.loaded([2, 31])) { $0.favorites = [2, 31] }
  }

  func testLoadFailureKeepsTheListAndSaysWhy() async {
    let store = TestStore(initialState: FavoritePrimes.State(favorites: [2])) {
      FavoritePrimes()
    } withDependencies: {
      $0.favorites.load = { throw DiskFull() }
    }
    await store.send(.loadTapped)
    await store.receive(\.loadFailed) { $0.errorMessage = "DiskFull()" }
  }

  func testSaveWritesTheCurrentList() async {
    let saved = LockIsolated<[[Int]]>([])
    let store = TestStore(initialState: FavoritePrimes.State(favorites: [2, 3])) {
      FavoritePrimes()
    } withDependencies: {
      $0.favorites.save = { list in saved.withValue { $0.append(list) } }
    }
    await store.send(.saveTapped)
    await store.finish()
    XCTAssertEqual(saved.value, [[2, 3]])
  }

  func testComposedAppSharesFavoritesBetweenFeatures() async {
    let store = TestStore(initialState: PrimeApp.State()) {
      PrimeApp()
    } withDependencies: {
      $0.favorites.load = { [7, 11] }
    }
    await store.send(.incrementTapped) { $0.count = 1 }
    await store.send(.incrementTapped) { $0.count = 2 }
    await store.send(.modal(.saveFavoriteTapped)) { $0.favorites = [2] }
    await store.send(.list(.deleteTapped(index: 0))) { $0.favorites = [] }
    await store.send(.list(.loadTapped))
    await store.receive(.list(.loaded([7, 11]))) { $0.favorites = [7, 11] }
    await store.send(.modal(.saveFavoriteTapped)) { $0.favorites = [7, 11, 2] }
  }

  func testComposedAppSurfacesTheChildFailure() async {
    let store = TestStore(initialState: PrimeApp.State(favorites: [2])) {
      PrimeApp()
    } withDependencies: {
      $0.favorites.load = { throw DiskFull() }
    }
    await store.send(.list(.loadTapped))
    await store.receive(.list(.loadFailed("DiskFull()"))) { $0.errorMessage = "DiskFull()" }
    await store.send(.list(.loadTapped)) { $0.errorMessage = nil }
    await store.receive(\.list.loadFailed) { $0.errorMessage = "DiskFull()" }
  }
}
