import Foundation

/// What is at a database path, found out before SQLite opens it: SQLite would create `-journal` files beside
/// a device, block on a FIFO, and could only report a text file as a "damaged" database.
public struct DatabaseFile: Equatable {
  /// Bytes 18 and 19 of the header: 2 when the database is in WAL mode.
  var usesWAL: Bool
  /// Zero bytes: a new database that SQLite has created but not yet written.
  var isEmpty: Bool

  /// The file at `path`, or nil when there is none.
  static func at(_ path: String) throws(MigrationError) -> DatabaseFile? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      guard errno == ENOENT else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
      return nil
    }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    if info.st_size == 0 { return DatabaseFile(usesWAL: false, isEmpty: true) }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 100)
    let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
    guard count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw .notADatabase(path: path)
    }
    return DatabaseFile(usesWAL: header[18] == 2 && header[19] == 2, isEmpty: false)
  }

  /// The size of `path` in bytes, or nil when there is no file.
  static func size(_ path: String) -> Int? {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : nil
  }

  /// The directory holding `path` ("." for a bare name). Not NSString's `deletingLastPathComponent`, which
  /// crashes on a one-character name in Foundation on Linux.
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
