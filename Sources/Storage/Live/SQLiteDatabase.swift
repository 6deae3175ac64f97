import CSQLite

/// One SQLite connection shared by a live storage client. SQLite calls block, and a connection must never
/// run two statements at once, so every use goes through one lock.
final class SQLiteDatabase: Sendable {
  private struct State {
    let connection: Connection
    /// `PRAGMA data_version` when last looked at: it changes when another connection commits.
    var dataVersion: Int64
  }

  private let state: Locked<State>
  let changes = ChangeBroadcaster()

  init(_ connection: Connection) throws(StorageError) {
    do {
      state = Locked(State(connection: connection, dataVersion: try connection.integer("PRAGMA data_version")))
    } catch {
      throw error.storageError
    }
    // Our own commits do not change data_version; `write` announces those itself.
    changes.poll { [weak self] in self?.changedElsewhere() ?? false }
  }

  func read<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T {
    try withConnection { connection in try connection.read { try body(connection) } }
  }

  /// Runs `body` in an immediate transaction and tells the observers once it has committed.
  func write<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T {
    let result = try withConnection { connection in try connection.write { try body(connection) } }
    changes.send()
    return result
  }

  private func withConnection<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T {
    do {
      return try state.withLock { try body($0.connection) }
    } catch let error as StorageError {
      throw error
    } catch let error as SQLiteError {
      throw error.storageError
    } catch {
      throw .database(code: SQLITE_ERROR, message: "\(error)", sql: "")
    }
  }

  private func changedElsewhere() -> Bool {
    state.withLock { state in
      guard let version = try? state.connection.integer("PRAGMA data_version"), version != state.dataVersion
      else { return false }
      state.dataVersion = version
      return true
    }
  }
}
