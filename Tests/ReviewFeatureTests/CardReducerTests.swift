import Composable
import Foundation
import Storage
import Testing

@testable import ReviewFeature

@MainActor
@Suite struct CardReducerTests {
  @Test func loadsTheWordsCard() async {
    let card = StoredCard(wordID: 7, state: .review, stability: 3.17, difficulty: 5.28, due: .distantFuture, reps: 3)
    let store = TestStore(initialState: CardReducer.State(wordID: 7)) {
      CardReducer()
    } withDependencies: {
      $0.storageClient.fetchCard = { id in
        #expect(id == 7)
        return card
      }
    }

    await store.send(.onAppear)
    await store.receive(.cardLoaded(card)) { $0.card = card }
  }

  @Test func anUnknownWordIsShown() async {
    let store = TestStore(initialState: CardReducer.State(wordID: 9)) {
      CardReducer()
    } withDependencies: {
      $0.storageClient = .inMemory()
    }

    await store.send(.onAppear)
    await store.receive(.failed(.wordNotFound(id: 9))) { $0.error = .wordNotFound(id: 9) }
  }
}
