import Composable

/// A guess-my-age game: a child with a network dependency inside a navigation stack whose
/// parent reacts to the child's response.
struct GuessAge: Equatable, Sendable {
  var age: Int?
}

struct GuessAgeClient: Sendable {
  var guess: @Sendable (_ name: String) async throws -> GuessAge
  var history: @Sendable () async throws -> [GuessAge]
}

extension GuessAgeClient: TestDependencyKey {
  static let testValue = GuessAgeClient(
    guess: unimplemented("GuessAgeClient.guess", placeholder: GuessAge(age: nil)),
    history: unimplemented("GuessAgeClient.history", placeholder: [])
  )
}

extension DependencyValues {
  var guessAgeClient: GuessAgeClient {
    get { self[GuessAgeClient.self] }
    set { self[GuessAgeClient.self] = newValue }
  }
}

struct GuessMyAge: Reducer {
  struct State: Equatable {
    var name: String
    var age: Int?
    var isGuessing = false
    var isGuessIncorrect = false
  }

  @CasePathable
  enum Action: Equatable {
    case nameChanged(String)
    case guessButtonTapped
    case guessResponse(GuessAge)
    case guessFailed
  }

  @Dependency(\.guessAgeClient) var guessAgeClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .nameChanged(name):
        state.name = name
        return .none
      case .guessButtonTapped:
        state.isGuessing = true
        state.age = nil
        state.isGuessIncorrect = false
        return .run { [name = state.name] send in
          await send(.guessResponse(try await guessAgeClient.guess(name)))
        } catch: { _, send in
          await send(.guessFailed)
        }
      case let .guessResponse(result):
        state.isGuessing = false
        if let age = result.age {
          state.age = age
        } else {
          state.isGuessIncorrect = true
        }
        return .none
      case .guessFailed:
        state.isGuessing = false
        return .none
      }
    }
  }
}

struct GuessingApp: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
    var lastGuessedName: String?
  }

  @CasePathable
  enum Action: Equatable {
    case path(StackActionOf<Path>)
    case guessSucceeded(name: String)
  }

  struct Path: Reducer {
    @CasePathable
    enum State: Equatable {
      case guessMyAge(GuessMyAge.State)
    }

    @CasePathable
    enum Action: Equatable {
      case guessMyAge(GuessMyAge.Action)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.guessMyAge, action: \.guessMyAge) {
        GuessMyAge()
      }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .path(.element(id, .guessMyAge(.guessResponse))):
        guard let child = state.path[id: id, case: \.guessMyAge], !child.isGuessIncorrect
        else { return .none }
        return .send(.guessSucceeded(name: child.name))
      case .path:
        return .none
      case let .guessSucceeded(name):
        state.lastGuessedName = name
        return .none
      }
    }
    .forEach(\.path, action: \.path) {
      Path()
    }
  }
}
