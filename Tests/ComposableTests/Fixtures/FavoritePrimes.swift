import Composable

/// A favourite-primes app: small reducers with happy and unhappy flows, composed into one.
struct FavoritesClient: Sendable {
  var load: @Sendable () async throws -> [Int]
  var save: @Sendable ([Int]) async throws -> Void
}

extension FavoritesClient: TestDependencyKey {
  static let testValue = FavoritesClient(
    load: unimplemented("FavoritesClient.load", placeholder: []),
    save: unimplemented("FavoritesClient.save")
  )
}

extension DependencyValues {
  var favorites: FavoritesClient {
    get { self[FavoritesClient.self] }
    set { self[FavoritesClient.self] = newValue }
  }
}

struct PrimeModal: Reducer {
  struct State: Equatable {
    var count: Int
    var favorites: [Int]
  }

  @CasePathable
  enum Action: Equatable {
    case saveFavoriteTapped
    case removeFavoriteTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveFavoriteTapped:
      guard !state.favorites.contains(state.count) else { return .none }
      state.favorites.append(state.count)
      return .none
    case .removeFavoriteTapped:
      state.favorites.removeAll { $0 == state.count }
      return .none
    }
  }
}

struct FavoritePrimes: Reducer {
  struct State: Equatable {
    var favorites: [Int] = []
    var errorMessage: String?
  }

  @CasePathable
  enum Action: Equatable {
    case deleteTapped(index: Int)
    case loadTapped
    case loaded([Int])
    case loadFailed(String)
    case saveTapped
  }

  @Dependency(\.favorites) var client

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .deleteTapped(index):
      guard state.favorites.indices.contains(index) else { return .none }
      state.favorites.remove(at: index)
      return .none
    case .loadTapped:
      state.errorMessage = nil
      return .run { send in
        await send(.loaded(try await client.load()))
      } catch: { error, send in
        await send(.loadFailed("\(error)"))
      }
    case let .loaded(favorites):
      state.favorites = favorites
      return .none
    case let .loadFailed(message):
      state.errorMessage = message
      return .none
    case .saveTapped:
      return .run { [favorites = state.favorites] _ in try await client.save(favorites) }
    }
  }
}

/// The two features over one shared list of favorites: the app's state.
struct PrimeApp: Reducer {
  struct State: Equatable {
    var count = 0
    var favorites: [Int] = []
    var errorMessage: String?

    var modal: PrimeModal.State {
      get { PrimeModal.State(count: count, favorites: favorites) }
      set { (count, favorites) = (newValue.count, newValue.favorites) }
    }

    var list: FavoritePrimes.State {
      get { FavoritePrimes.State(favorites: favorites, errorMessage: errorMessage) }
      set { (favorites, errorMessage) = (newValue.favorites, newValue.errorMessage) }
    }
  }

  @CasePathable
  enum Action: Equatable {
    case incrementTapped
    case modal(PrimeModal.Action)
    case list(FavoritePrimes.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .incrementTapped = action { state.count += 1 }
      return .none
    }
    Scope(state: \.modal, action: \.modal) { PrimeModal() }
    Scope(state: \.list, action: \.list) { FavoritePrimes() }
  }
}
