import CSQLite
import Foundation

extension Connection {
  /// Opens a database file for the storage and migration clients, with errors a person can act on.
  ///
  /// A file the process may not write is opened read-only. Reading a WAL database read-only needs its
  /// `-shm` index; when SQLite can neither find nor create it (a read-only directory), the file is opened
  /// as immutable instead, so a read-only `--db` can still be read.
  static func opened(path: String, mode: OpenMode) throws(MigrationError) -> Connection {
    if mode != .create, !FileManager.default.fileExists(atPath: path) {
      throw .cannotOpen(path: path, reason: "there is no file there")
    }
    let connection: Connection
    do {
      connection = try Connection(path: path, mode: mode)
    } catch {
      throw .cannotOpen(path: path, reason: error.message)
    }
    guard connection.isReadOnly else { return connection }
    do {
      _ = try connection.integer("SELECT count(*) FROM sqlite_master")
      return connection
    } catch where error.primaryCode == SQLITE_CANTOPEN || error.primaryCode == SQLITE_READONLY {
      do {
        return try Connection(immutablePath: path)
      } catch {
        throw .cannotOpen(path: path, reason: error.message)
      }
    } catch {
      // Not a database, for instance: the migrator's inspection names the problem.
      return connection
    }
  }
}
