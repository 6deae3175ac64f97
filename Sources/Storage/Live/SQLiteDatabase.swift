import CSQLite
import Dispatch

/// One SQLite connection shared by a live storage client.
///
/// A connection must never run two statements at once, and its calls block. So every use runs on the
/// database's own serial queue: one at a time, and never on one of Swift's cooperative threads (with more
/// writers waiting for another process's lock than cores, the task that would release it could not run).
/// The lock makes the queue-confined state checkably `Sendable`; it is never contended.
final class SQLiteDatabase: Sendable {
  private struct State {
    let connection: Connection
    /// `PRAGMA data_version` when last looked at: it changes when another connection commits.
    var dataVersion: Int64
  }

  private let state: Locked<State>
  private let queue = DispatchQueue(label: "vocab.storage.sqlite")
  let changes = ChangeBroadcaster()

  init(_ connection: Connection) throws(SQLiteError) {
    state = Locked(State(connection: connection, dataVersion: try connection.integer("PRAGMA data_version")))
    // Our own commits do not change data_version; `write` announces those itself.
    changes.poll { [weak self] in await self?.changedElsewhere() ?? false }
  }

  func read<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(StorageError) -> T {
    try await onQueue { state in try state.connection.read { try body(state.connection) } }
  }

  /// Runs `body` in an immediate transaction and tells the observers once it has committed.
  func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) async throws(StorageError) -> T {
    let result = try await onQueue { state in
      // SQLite's own message would not say that the directory, not the file, is what may not be written.
      if let reason = state.connection.readOnlyReason {
        throw StorageError.database(DatabaseFailure(kind: .readOnly, message: reason))
      }
      return try state.connection.write { try body(state.connection) }
    }
    changes.send()
    return result
  }

  private func changedElsewhere() async -> Bool {
    let changed = try? await onQueue { state in
      let version = try state.connection.integer("PRAGMA data_version")
      defer { state.dataVersion = version }
      return version != state.dataVersion
    }
    return changed ?? false
  }

  /// Runs `body` on the queue, with SQLite's errors as `StorageError`s.
  private func onQueue<T: Sendable>(_ body: @escaping @Sendable (inout State) throws -> T) async throws(StorageError)
    -> T
  {
    // Unowned: the caller holds the database while it waits, and the queue's copy of the job must not keep the
    // connection open after the caller has resumed and let the client go.
    try await queue.perform { [unowned state] () throws(StorageError) in
      do {
        return try state.withLock { try body(&$0) }
      } catch let error as StorageError {
        throw error
      } catch let error as SQLiteError {
        throw error.storageError
      } catch {
        throw .database(DatabaseFailure(kind: .other, message: "\(error)"))
      }
    }
  }
}
