import Foundation

/// Where the database lives: `--db`, else `$VOCAB_DB`, else `$XDG_DATA_HOME/vocab/vocab.sqlite3`,
/// else `~/.local/share/vocab/vocab.sqlite3`.
struct DatabaseLocation {
  enum Source {
    case option, environment, dataHome
  }

  var path: String
  var source: Source

  static func resolve(option: String?, environment: [String: String]) throws(Failure) -> DatabaseLocation {
    if let option {
      return DatabaseLocation(path: option, source: .option)
    }
    if let path = environment["VOCAB_DB"], !path.isEmpty {
      return DatabaseLocation(path: path, source: .environment)
    }
    // XDG: a relative XDG_DATA_HOME is invalid and must be ignored.
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      return DatabaseLocation(path: dataHome + "/vocab/vocab.sqlite3", source: .dataHome)
    }
    guard let home = environment["HOME"], !home.isEmpty else {
      throw Failure("cannot find the database: HOME is not set; pass --db PATH or set VOCAB_DB")
    }
    return DatabaseLocation(path: home + "/.local/share/vocab/vocab.sqlite3", source: .dataHome)
  }

  /// Checks the path before SQLite sees it, so a mistake gets a message that names it. The default directory is
  /// created on first use; a directory the user chose must already exist, so a typo does not create one.
  func prepare() throws(Failure) {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    if path.isEmpty {
      throw Failure("the database path is empty")
    }
    if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
      throw Failure("the database path \(path) is a directory; give the path of a database file")
    }
    let directory = (path as NSString).deletingLastPathComponent
    guard !directory.isEmpty, !fileManager.fileExists(atPath: directory) else { return }
    guard source == .dataHome else {
      throw Failure("the directory \(directory) for the database \(path) does not exist")
    }
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw Failure("cannot create the database directory \(directory): \(error.localizedDescription)")
    }
  }
}
