import Composable
import Storage

/// A feature that shows what it loads from storage and keeps it fresh: the bookcase list and a bookcase's
/// detail.
protocol StorageLoading {
  var isLoading: Bool { get set }
  var error: StorageError? { get set }
}

extension StorageLoading {
  /// Starts loading with `read`; the result comes back as `loaded`, a failure as `failed`. A load started
  /// while another is in flight cancels that one, which may have read storage before a change.
  mutating func load<Value: Sendable, Action: Sendable>(
    _ read: @escaping @Sendable () async throws -> Value,
    then loaded: @escaping @Sendable (Value) -> Action,
    failed: @escaping @Sendable (StorageError) -> Action
  ) -> Effect<Action> {
    isLoading = true
    error = nil
    return .storage(read, then: loaded, failed: failed).cancellable(id: LoadID<Self>(), cancelInFlight: true)
  }

  /// Ends a load that storage refused, keeping what was shown before.
  mutating func loadFailed(_ error: StorageError) {
    isLoading = false
    self.error = error
  }

  /// Sends `refresh` after every change `storage` reports (other processes' commits included) for as long as
  /// the effect runs; cancel it to stop. A second watch replaces the first.
  func watch<Action: Sendable>(_ storage: StorageClient, refreshing refresh: Action) -> Effect<Action> {
    Effect.run { send in
      for await _ in storage.observeChanges() {
        await send(refresh)
      }
    }
    .cancellable(id: WatchID<Self>(), cancelInFlight: true)
  }
}

/// The cancellation ids of one feature's load and watch.
private struct LoadID<Feature>: Hashable, Sendable {}
private struct WatchID<Feature>: Hashable, Sendable {}
