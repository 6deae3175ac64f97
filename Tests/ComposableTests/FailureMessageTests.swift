import Composable
import XCTest

/// Every failure the TestStore can report, captured with a recorder and checked word for word, so a
/// TestStore that stayed silent (or said something vaguer) fails here.
@MainActor
final class FailureMessageTests: XCTestCase {
  private func counterStore(fact: String = "good") -> TestStore<Counter.State, Counter.Action> {
    TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is \(fact)." }
    }
  }

  func testStateChangeThatDoesNotMatchTheAssertion() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.incrementTapped) { $0.count = 2 }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        A state change does not match expectation: …

              Counter.State(
            −   count: 2,
            +   count: 1,
                fact: nil,
                isLoading: false
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  func testStateChangeWithoutAnAssertion() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.incrementTapped)
    }
    expectNoDifference(
      issues.messages,
      [
        """
        State was not expected to change, but a change occurred: …

              Counter.State(
            −   count: 0,
            +   count: 1,
                fact: nil,
                isLoading: false
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  func testAssertionExpectingAChangeThatDidNotHappen() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factFailed) { $0.isLoading = false }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Expected state to change, but no change occurred.

        The assertion closure left the state as it was. Leave the closure out when an action is \
        not expected to change the state.
        """
      ])
  }

  func testReceivingAnotherActionThanExpected() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
      await store.receive(.factResponse("0 is bad.")) {
        $0.isLoading = false
        $0.fact = "0 is good."
      }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Received unexpected action: …

        − Counter.Action.factResponse("0 is bad.")
        + Counter.Action.factResponse("0 is good.")

        (Expected: −, Received: +)
        """
      ])
  }

  func testReceivingAnotherCaseThanTheCaseKeyPath() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
      await store.receive(\.factFailed) {
        $0.isLoading = false
        $0.fact = "0 is good."
      }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Received unexpected action: …

        Expected an action in the case of the given case key path, but received:

          Counter.Action.factResponse("0 is good.")
        """
      ])
  }

  func testReceivingTheRightCaseWithAnotherValue() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
      await store.receive(\.factResponse, "0 is bad.") {
        $0.isLoading = false
        $0.fact = "0 is good."
      }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Received unexpected action: …

        − "0 is bad."
        + "0 is good."

        (Expected: −, Received: +)
        """
      ])
  }

  func testSendingWhileReceivedActionsAreUnhandled() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
      await store.send(.incrementTapped) { $0.count = 1 }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        Must handle 1 received action before sending an action: …

        Unhandled actions: [
          [0]: .factResponse("0 is good.")
        ]
        """
      ])
  }

  func testNothingReceivedWithinTheTimeout() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.receive(.factFailed, timeout: .milliseconds(10))
    }
    expectNoDifference(
      issues.messages,
      ["Expected to receive an action, but received none after 0.01 seconds."])
  }

  func testActionsNeverReceivedByTheEndOfTheTest() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
      await store.finish()
    }
    expectNoDifference(
      issues.messages,
      [
        """
        The store received 1 unexpected action by the end of the test: …

        Unhandled actions: [
          [0]: .factResponse("0 is good.")
        ]
        """
      ])
  }

  func testActionsNeverReceivedAreReportedWhenTheStoreGoesAwayWithoutFinish() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.factTapped) { $0.isLoading = true }
    }
    XCTAssertEqual(issues.messages.count, 1)
    XCTAssertTrue(issues.messages.first?.hasPrefix("The store received 1 unexpected action") == true)
  }

  func testEffectStillRunningAtFinish() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    let issues = await recordIssues {
      let store = Session.testStore(status: stream)
      await store.send(.task)
      await store.finish(timeout: .milliseconds(10))
    }
    expectNoDifference(
      issues.messages,
      [
        "Expected effects to finish, but 1 effect was still running after 0.01 seconds.",
        """
        An effect returned for this action is still running. It must complete before the end of \
        the test. …

          Action:
            Session.Action.task

        Make it finish (advance the test clock it waits on, or "await store.finish()" to give it \
        time), cancel it (a long-living effect should be ".cancellable(id:)" and cancelled by \
        another action, or by cancelling the task "send" returned), or end the test with \
        "await store.skipInFlightEffects()". A non-exhaustive store ("store.exhaustivity = .off") \
        does not require it.
        """,
      ])
  }

  func testEffectStillRunningIsReportedAtTheSendThatStartedIt() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    var sendLine: UInt = 0
    let issues = await recordIssues {
      let store = Session.testStore(status: stream)
      sendLine = #line + 1
      await store.send(.task)
    }
    XCTAssertEqual(issues.issues.map(\.line), [sendLine])
    XCTAssertTrue(issues.messages.first?.hasPrefix("An effect returned for this action is still running.") == true)
  }

  func testUnhandledErrorThrownFromARunEffect() async {
    struct Boom: Error {}
    var effectLine: UInt = 0
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { _, _ in
          effectLine = #line + 1
          return .run { _ in throw Boom() }
        }
      }
      await store.send(true)
      await store.finish()
    }
    expectNoDifference(
      issues.messages,
      [
        """
        An "Effect.run" created at "ComposableTests/FailureMessageTests.swift:\(effectLine)" threw \
        an unhandled error: …

            FailureMessageTests.Boom()

        Handle every error that is not a cancellation with the "catch:" parameter of "Effect.run" \
        or a "do" block inside the operation.
        """
      ])
    XCTAssertEqual(issues.issues.map(\.line), [effectLine])
  }

  func testCancellationErrorIsNotAnError() async {
    let issues = await recordIssues {
      let store = TestStore(initialState: 0) {
        Reduce<Int, Bool> { _, _ in .run { _ in throw CancellationError() } }
      }
      await store.send(true)
      await store.finish()
    }
    XCTAssertEqual(issues.messages, [])
  }

  func testAssertThatDoesNotMatchTheState() async {
    let issues = await recordIssues {
      let store = counterStore()
      store.assert { $0.count = 5 }
    }
    expectNoDifference(
      issues.messages,
      [
        """
        A state change does not match expectation: …

              Counter.State(
            −   count: 5,
            +   count: 0,
                fact: nil,
                isLoading: false
              )

        (Expected: −, Actual: +)
        """
      ])
  }

  func testSkippingWhenThereIsNothingToSkip() async {
    let issues = await recordIssues {
      let store = counterStore()
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
      await store.skipReceivedActions(strict: false)
      await store.skipInFlightEffects(strict: false)
    }
    XCTAssertEqual(
      issues.messages,
      ["There were no received actions to skip.", "There were no in-flight effects to skip."])
  }

  func testTaskThatDoesNotFinishInTime() async {
    let (stream, continuation) = AsyncStream.makeStream(of: LoginStatus.self)
    defer { continuation.finish() }
    let issues = await recordIssues {
      let store = Session.testStore(status: stream)
      let task = await store.send(.task)
      await task.finish(timeout: .milliseconds(10))
      await task.cancel()
    }
    XCTAssertEqual(
      issues.messages, ["Expected the task to finish, but it was still running after 0.01 seconds."])
  }

  func testAssertionClosureThatThrows() async {
    struct Nope: Error {}
    let issues = await recordIssues {
      let store = counterStore()
      await store.send(.decrementTapped) { _ in throw Nope() }
    }
    XCTAssertEqual(
      issues.messages, ["The assertion closure threw an error: FailureMessageTests.Nope()"])
  }

  func testFailuresAreReportedAtTheCallSite() async {
    var lines: [UInt] = []
    let issues = await recordIssues {
      let store = counterStore()
      lines.append(#line + 1)
      await store.send(.incrementTapped) { $0.count = 2 }
      lines.append(#line + 1)
      await store.receive(.factFailed, timeout: .milliseconds(10))
    }
    XCTAssertEqual(issues.issues.map(\.line), lines)
  }
}
