import Composable

/// A playlist presenting one thing at a time through its `Destination`: a ticker (a child with a running
/// effect) or the confirmation before a song is removed. The shape every feature of vocab follows.
struct Playlist: Reducer {
  struct State: Equatable {
    var songs: [String]
    var destination: Destination.State?
    /// What the parent saw of its destination when the confirmation's answer reached it.
    var destinationWhenAnswered: Destination.State??
  }

  @CasePathable
  enum Action: Equatable {
    case tickerButtonTapped
    case removeButtonTapped(String)
    case destination(PresentationAction<Destination.Action>)
  }

  struct Destination: Reducer {
    @CasePathable
    enum State: Equatable {
      case ticker(Ticker.State)
      case confirmRemove(ConfirmationState<Action.ConfirmRemove>)
    }

    @CasePathable
    enum Action: Equatable {
      case ticker(Ticker.Action)
      case confirmRemove(ConfirmRemove)

      enum ConfirmRemove: Equatable {
        case removeTapped(String)
      }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.ticker, action: \.ticker) {
        Ticker()
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tickerButtonTapped:
        state.destination = .ticker(Ticker.State())
        return .none

      case let .removeButtonTapped(song):
        state.destination = .confirmRemove(.remove(song))
        return .none

      case let .destination(.presented(.confirmRemove(.removeTapped(song)))):
        state.destinationWhenAnswered = .some(state.destination)
        state.songs.removeAll { $0 == song }
        return .none

      case .destination:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination()
    }
  }
}

extension ConfirmationState<Playlist.Destination.Action.ConfirmRemove> {
  static func remove(_ song: String) -> Self {
    ConfirmationState(
      title: "Remove “\(song)”?",
      message: "It stays in the library.",
      buttons: [.destructive("Remove", action: .removeTapped(song)), .cancel("Keep")]
    )
  }
}
