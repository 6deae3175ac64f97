import Composable
import Testing

/// `ifLet` over a `PresentationAction`: a destination enum's child runs while presented, `.dismiss` ends it
/// and its effects, and a confirmation goes away by itself once answered.
@MainActor
@Suite struct PresentationTests {
  let songs = ["Blue", "Red"]

  /// Presents the ticker and starts its timer, an effect that runs until cancelled.
  func presentARunningTicker(_ store: TestStore<Playlist.State, Playlist.Action>) async {
    await store.send(.tickerButtonTapped) {
      $0.destination = .ticker(Ticker.State())
    }
    await store.send(.destination(.presented(.ticker(.startTapped)))) {
      $0.destination = .ticker(Ticker.State(isRunning: true))
    }
  }

  @Test func aPresentedChildRunsAndItsDismissalCancelsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Playlist.State(songs: songs)) {
      Playlist()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await presentARunningTicker(store)
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.ticker(.tick)))) {
      $0.destination = .ticker(Ticker.State(ticks: 1, isRunning: true))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    // The timer was cancelled with the ticker: a tick now would reach nobody, and the exhaustive store
    // fails on any effect still running.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func replacingTheDestinationWithAnotherCaseCancelsTheFirstsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Playlist.State(songs: songs)) {
      Playlist()
    } withDependencies: {
      $0.continuousClock = clock
    }

    await presentARunningTicker(store)
    await store.send(.removeButtonTapped("Red")) {
      $0.destination = .confirmRemove(.remove("Red"))
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func answeringAConfirmationDismissesItBeforeTheParentActs() async {
    let store = TestStore(initialState: Playlist.State(songs: songs)) {
      Playlist()
    }

    await store.send(.removeButtonTapped("Red")) {
      $0.destination = .confirmRemove(.remove("Red"))
    }
    await store.send(.destination(.presented(.confirmRemove(.removeTapped("Red"))))) {
      $0.destination = nil
      $0.destinationWhenAnswered = .some(nil)
      $0.songs = ["Blue"]
    }
  }

  @Test func dismissingAConfirmationSendsNothing() async {
    let store = TestStore(initialState: Playlist.State(songs: songs, destination: .confirmRemove(.remove("Red")))) {
      Playlist()
    }

    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func dismissingWhatIsNotPresentedChangesNothing() async {
    let store = TestStore(initialState: Playlist.State(songs: songs)) {
      Playlist()
    }

    await store.send(.destination(.dismiss))
  }

  @Test func aSecondAnswerFindsNothingPresentedAndIsReported() async {
    await withKnownIssue {
      let store = TestStore(initialState: Playlist.State(songs: songs, destination: .confirmRemove(.remove("Red")))) {
        Playlist()
      }
      await store.send(.destination(.presented(.confirmRemove(.removeTapped("Red"))))) {
        $0.destination = nil
        $0.destinationWhenAnswered = .some(nil)
        $0.songs = ["Blue"]
      }
      // Ignored: the answer is not applied twice.
      await store.send(.destination(.presented(.confirmRemove(.removeTapped("Red")))))
    } matching: { issue in
      "\(issue)".contains("received a child action while the child state was nil")
    }
  }

  @Test func aConfirmationNamesItsButtonsByRole() {
    let confirmation = ConfirmationState<Playlist.Destination.Action.ConfirmRemove>.remove("Red")
    #expect(confirmation.confirmButton == .destructive("Remove", action: .removeTapped("Red")))
    #expect(confirmation.cancelButton == .cancel("Keep"))
    #expect(confirmation.cancelButton?.action == nil)
    #expect(confirmation != .remove("Blue"))

    let plain = ConfirmationState<Int>(title: "Go on?", buttons: [.cancel("No", action: 0), .init("Yes", action: 1)])
    #expect(plain.confirmButton?.action == 1)
    #expect(plain.cancelButton?.action == 0)
  }
}
