import Composable
import Storage

extension Effect where Action: Sendable {
  /// Sends `action` after every change `storage` reports (other processes' commits included) for as long as
  /// the effect runs: the body of the list's and the detail's `task`.
  static func send(_ action: Action, onEveryChangeIn storage: StorageClient) -> Self {
    .run { send in
      for await _ in storage.observeChanges() {
        await send(action)
      }
    }
  }
}
