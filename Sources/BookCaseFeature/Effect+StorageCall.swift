import Composable
import Storage

extension Effect where Action: Sendable {
  /// Runs one storage call: its result comes back as `then`, a failure as `failed` with the storage error.
  /// Every load, save and deletion of the features goes through here.
  static func storage<Value: Sendable>(
    _ call: @escaping @Sendable () async throws -> Value,
    then result: @escaping @Sendable (Value) -> Action,
    failed: @escaping @Sendable (StorageError) -> Action
  ) -> Self {
    .run { send in
      await send(result(try await call()))
    } catch: { error, send in
      await send(failed(StorageError(error)))
    }
  }
}
