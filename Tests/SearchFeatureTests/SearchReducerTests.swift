import Composable
import Foundation
import SearchFeature
import Storage
import Testing

private let cat = Word(id: 1, bookCaseID: 1, term: "cat", meaning: "猫", createdAt: .distantPast, updatedAt: .distantPast)
private let catalog = Word(
  id: 2, bookCaseID: 1, term: "catalog", meaning: "目録", createdAt: .distantPast, updatedAt: .distantPast)

@MainActor
@Suite struct SearchReducerTests {
  let clock = TestClock()
  /// The searches storage was asked for, in order.
  let searches = LockIsolated<[WordSearch]>([])

  /// A store whose storage answers with the words whose term contains the query; a query of "slow" takes ten
  /// seconds of the test clock, and one of "fail" fails.
  func store(_ state: SearchReducer.State = .init(search: WordSearch(""))) -> TestStore<SearchReducer.State, SearchReducer.Action> {
    let (clock, searches) = (clock, searches)
    return TestStore(initialState: state) {
      SearchReducer()
    } withDependencies: {
      $0.continuousClock = clock
      $0.storageClient.searchWords = { search in
        searches.withValue { $0.append(search) }
        if search.text == "slow" { try await clock.sleep(for: .seconds(10)) }
        if search.text == "fail" { throw StorageError.bookCaseNotFound(id: 9) }
        return [cat, catalog].filter { $0.term.contains(search.text) }
      }
    }
  }

  @Test func typingSearchesOnceThePauseIsLongEnough() async {
    let store = store()
    await store.send(.queryChanged("c")) {
      $0.search.text = "c"
      $0.isSearching = true
    }
    await clock.advance(by: SearchReducer.debounce - .milliseconds(1))
    await store.send(.queryChanged("cat")) { $0.search.text = "cat" }
    await clock.advance(by: SearchReducer.debounce - .milliseconds(1))
    #expect(searches.value == [])
    await clock.advance(by: .milliseconds(1))
    await store.receive(\.searchCompleted, [cat, catalog]) {
      $0.isSearching = false
      $0.results = [cat, catalog]
    }
    #expect(searches.value == [WordSearch("cat")])
  }

  @Test func aNewQueryCancelsTheSearchStillRunning() async {
    let store = store()
    await store.send(.queryChanged("slow")) {
      $0.search.text = "slow"
      $0.isSearching = true
    }
    await clock.advance(by: SearchReducer.debounce)
    await store.send(.queryChanged("catal")) { $0.search.text = "catal" }
    await clock.advance(by: SearchReducer.debounce)
    await store.receive(\.searchCompleted, [catalog]) {
      $0.isSearching = false
      $0.results = [catalog]
    }
    // The slow search's answer would have come now; it was cancelled, so nothing arrives.
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(searches.value.map(\.text) == ["slow", "catal"])
  }

  @Test func aFailureIsShownAndKeepsTheResultsUntilTheNextSearch() async {
    var state = SearchReducer.State(search: WordSearch("cat", bookCaseID: 1, field: .term, limit: 5))
    state.results = [cat]
    let store = store(state)
    await store.send(.queryChanged("fail")) {
      $0.search.text = "fail"
      $0.isSearching = true
    }
    await clock.advance(by: SearchReducer.debounce)
    await store.receive(\.searchFailed, .bookCaseNotFound(id: 9)) {
      $0.isSearching = false
      $0.error = .bookCaseNotFound(id: 9)
    }
    await store.send(.queryChanged("catalog")) {
      $0.search.text = "catalog"
      $0.isSearching = true
      $0.error = nil
    }
    await clock.advance(by: SearchReducer.debounce)
    await store.receive(\.searchCompleted, [catalog]) {
      $0.isSearching = false
      $0.results = [catalog]
    }
    // The rest of the search travels with the query.
    #expect(searches.value == [
      WordSearch("fail", bookCaseID: 1, field: .term, limit: 5), WordSearch("catalog", bookCaseID: 1, field: .term, limit: 5),
    ])
  }

  @Test func clearingTheQueryClearsTheResultsAndCancelsTheWaitingSearch() async {
    var state = SearchReducer.State(search: WordSearch("cat"))
    state.results = [cat]
    let store = store(state)
    await store.send(.queryChanged("ca")) {
      $0.search.text = "ca"
      $0.isSearching = true
    }
    await store.send(.queryChanged("")) {
      $0.search.text = ""
      $0.isSearching = false
      $0.results = []
    }
    await clock.advance(by: SearchReducer.debounce)
    await store.finish()
    #expect(searches.value == [])
  }

  @Test func submittingSearchesAtOnce() async {
    let store = store(SearchReducer.State(search: WordSearch("catalog")))
    // The clock never moves: a submitted search does not wait for it.
    await store.send(.searchSubmitted) { $0.isSearching = true }
    await store.receive(\.searchCompleted, [catalog]) {
      $0.isSearching = false
      $0.results = [catalog]
    }
    #expect(searches.value == [WordSearch("catalog")])
  }

  @Test func submittingAnEmptyQueryFindsNothingWithoutAskingStorage() async {
    var state = SearchReducer.State(search: WordSearch(""))
    state.results = [cat]
    let store = store(state)
    await store.send(.searchSubmitted) { $0.results = [] }
    #expect(searches.value == [])
  }
}
