import Composable

/// A counter with a number fact fetched through a dependency.
struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch", placeholder: ""))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    var isLoading = false
  }

  @CasePathable
  enum Action: Equatable {
    case incrementTapped
    case decrementTapped
    case factTapped
    case factResponse(String)
    case factFailed
  }

  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .decrementTapped:
        state.count -= 1
        return .none
      case .factTapped:
        state.isLoading = true
        return .run { [count = state.count] send in
          await send(.factResponse(try await numberFact.fetch(count)))
        } catch: { _, send in
          await send(.factFailed)
        }
      case let .factResponse(fact):
        state.isLoading = false
        state.fact = fact
        return .none
      case .factFailed:
        state.isLoading = false
        return .none
      }
    }
  }
}
