import Composable
import XCTest

/// An endpoint the test did not override fails the test when the reducer calls it.
@MainActor
final class UnimplementedDependencyTests: XCTestCase {
  func testCallingAnUnimplementedEndpointFails() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: GuessMyAge.State(name: "Name")) {
        GuessMyAge()
      } withDependencies: {
        $0.guessAgeClient.history = { [] }
      }
      await store.send(.guessButtonTapped) { $0.isGuessing = true }
      await store.receive(.guessResponse(GuessAge(age: nil))) {
        $0.isGuessing = false
        $0.isGuessIncorrect = true
      }
    }
    XCTAssertEqual(issues.messages.count, 1)
    XCTAssertTrue(
      issues.messages[0].hasPrefix("Unimplemented: GuessAgeClient.guess …"), issues.messages[0])
  }

  func testOverriddenEndpointDoesNotFail() async {
    let store = TestStore(initialState: GuessMyAge.State(name: "Name")) {
      GuessMyAge()
    } withDependencies: {
      $0.guessAgeClient.guess = { _ in GuessAge(age: 14) }
    }
    await store.send(.guessButtonTapped) { $0.isGuessing = true }
    await store.receive(.guessResponse(GuessAge(age: 14))) {
      $0.isGuessing = false
      $0.age = 14
    }
  }
}
