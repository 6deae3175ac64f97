import Composable

/// Long-running work driven by `\.continuousClock`: a slow job and a ticking timer that is
/// started and stopped through a cancellation id.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var ticks = 0
    var isRunning = false
    var jobResult: String?
  }

  @CasePathable
  enum Action: Equatable {
    case startTapped
    case stopTapped
    case tick
    case slowJobTapped
    case slowJobFinished(String)
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTapped:
      state.isRunning = true
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stopTapped:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .slowJobTapped:
      return .run { send in
        try await clock.sleep(for: .seconds(120))
        await send(.slowJobFinished("COMPLETE"))
      }
    case let .slowJobFinished(result):
      state.jobResult = result
      return .none
    }
  }
}

/// Hosts tickers the three ways a child can be presented, to prove a child's effects end with it.
struct TickerHost: Reducer {
  struct State: Equatable {
    var sheet: Ticker.State?
    var rows: IdentifiedArrayOf<Ticker.State> = []
    var stack = StackState<Ticker.State>()
  }

  @CasePathable
  enum Action: Equatable {
    case sheet(Ticker.Action)
    case rows(IdentifiedActionOf<Ticker>)
    case stack(StackActionOf<Ticker>)
    case presentSheet
    case dismissSheet
    case removeRow(id: Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentSheet:
        state.sheet = Ticker.State()
        return .none
      case .dismissSheet:
        state.sheet = nil
        return .none
      case let .removeRow(id):
        state.rows.remove(id: id)
        return .none
      case .sheet, .rows, .stack:
        return .none
      }
    }
    .ifLet(\.sheet, action: \.sheet) { Ticker() }
    .forEach(\.rows, action: \.rows) { Ticker() }
    .forEach(\.stack, action: \.stack) { Ticker() }
  }
}

extension Ticker {
  /// A test store whose time is `clock`'s.
  @MainActor
  static func testStore(clock: some Clock<Duration>) -> TestStore<State, Action> {
    TestStore(initialState: State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }
}
