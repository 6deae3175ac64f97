import Composable
import XCTest

/// The guess-my-age game: a child in a navigation stack whose response makes the parent update.
@MainActor
final class NavigationStackTests: XCTestCase {
  func testChildResponseUpdatesTheParent() async {
    let store = TestStore(
      initialState: GuessingApp.State(path: StackState([.guessMyAge(GuessMyAge.State(name: "Name"))]))
    ) {
      GuessingApp()
    } withDependencies: {
      $0.guessAgeClient.guess = { _ in GuessAge(age: 0) }
    }
    await store.send(.path(.element(id: 0, action: .guessMyAge(.guessButtonTapped)))) {
      $0.path[id: 0, case: \.guessMyAge]?.isGuessing = true
    }
    await store.receive(.path(.element(id: 0, action: .guessMyAge(.guessResponse(GuessAge(age: 0)))))) {
      $0.path[id: 0]?.modify(\.guessMyAge) {
        $0.isGuessing = false
        $0.age = 0
      }
    }
    await store.receive(.guessSucceeded(name: "Name")) {
      $0.lastGuessedName = "Name"
    }
  }

  func testIncorrectGuessDoesNotUpdateTheParent() async {
    let store = TestStore(
      initialState: GuessingApp.State(path: [.guessMyAge(GuessMyAge.State(name: "Kim"))])
    ) {
      GuessingApp()
    } withDependencies: {
      $0.guessAgeClient.guess = { _ in GuessAge(age: nil) }
    }
    await store.send(.path(.element(id: 0, action: .guessMyAge(.guessButtonTapped)))) {
      $0.path[id: 0, case: \.guessMyAge]?.isGuessing = true
    }
    await store.receive(\.path) {
      $0.path[id: 0, case: \.guessMyAge]?.isGuessing = false
      $0.path[id: 0, case: \.guessMyAge]?.isGuessIncorrect = true
    }
  }

  func testPushAndPopKeepGenerationalIDs() async {
    let store = TestStore(initialState: GuessingApp.State()) { GuessingApp() }
    await store.send(.path(.push(id: 0, state: .guessMyAge(GuessMyAge.State(name: "A"))))) {
      $0.path.append(.guessMyAge(GuessMyAge.State(name: "A")))
    }
    await store.send(.path(.push(id: 1, state: .guessMyAge(GuessMyAge.State(name: "B"))))) {
      $0.path.append(.guessMyAge(GuessMyAge.State(name: "B")))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
    // Emptying the stack does not reset the generation: the next element is #2.
    await store.send(.path(.push(id: 2, state: .guessMyAge(GuessMyAge.State(name: "C"))))) {
      $0.path.append(.guessMyAge(GuessMyAge.State(name: "C")))
    }
    XCTAssertEqual(store.state.path.ids, [2])
    await store.send(.path(.element(id: 2, action: .guessMyAge(.nameChanged("D"))))) {
      $0.path[id: 2, case: \.guessMyAge]?.name = "D"
    }
  }

  func testStackStateIDsAreGenerations() {
    var stack: StackState<String> = ["a", "b"]
    XCTAssertEqual(stack.ids, [0, 1])
    stack.removeLast()
    stack.append("c")
    XCTAssertEqual(stack.ids, [0, 2])
    stack.pop(from: 0)
    stack.append("d")
    XCTAssertEqual(stack.ids, [3])
    XCTAssertEqual(Array(stack), ["d"])
    stack[id: 3] = nil
    XCTAssertTrue(stack.isEmpty)
    XCTAssertNil(stack.popLast())
    stack.append("e")
    XCTAssertEqual(stack.popLast(), "e")
    XCTAssertEqual(stack.ids, [])
  }

  func testStackMismatchShowsTheElementIDInTheDiff() async {
    let issues = await recordIssues {
      let store = TestStore(
        initialState: GuessingApp.State(path: [.guessMyAge(GuessMyAge.State(name: "A"))])
      ) {
        GuessingApp()
      }
      await store.send(.path(.element(id: 0, action: .guessMyAge(.nameChanged("B"))))) {
        $0.path[id: 0, case: \.guessMyAge]?.name = "C"
      }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        A state change does not match expectation: …

              GuessingApp.State(
                path: StackState(
                  #0: .guessMyAge(
                    GuessMyAge.State(
            −         name: "C",
            +         name: "B",
                      age: nil,
                      isGuessing: false,
                      isGuessIncorrect: false
                    )
                  )
                ),
                lastGuessedName: nil
              )

        (Expected: −, Actual: +)
        """
      ])
  }
}
