import Composable

/// A login status: a dependency that streams changes for as long as the feature listens.
enum LoginStatus: Equatable, Sendable {
  case loggedOut
  case loggedIn
}

struct UserClient: Sendable {
  var status: @Sendable () -> AsyncStream<LoginStatus>
}

extension UserClient: TestDependencyKey {
  static let testValue = UserClient(status: unimplemented("UserClient.status", placeholder: .finished))
}

extension DependencyValues {
  var userClient: UserClient {
    get { self[UserClient.self] }
    set { self[UserClient.self] = newValue }
  }
}

struct Session: Reducer {
  struct State: Equatable {
    var status = LoginStatus.loggedOut
  }

  @CasePathable
  enum Action: Equatable {
    case task
    case statusChanged(LoginStatus)
  }

  @Dependency(\.userClient) var userClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      return .run { send in
        for await status in userClient.status() {
          await send(.statusChanged(status))
        }
      }
    case let .statusChanged(status):
      state.status = status
      return .none
    }
  }
}

extension Session {
  /// A test store whose login status comes from `status`.
  @MainActor
  static func testStore(status: AsyncStream<LoginStatus>) -> TestStore<State, Action> {
    TestStore(initialState: State()) {
      Session()
    } withDependencies: {
      $0.userClient.status = { status }
    }
  }
}
