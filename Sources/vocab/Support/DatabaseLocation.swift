import Foundation
import Storage

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

  /// The path as an error shows it: with `VOCAB_DB` named when the path came from there, since the person may
  /// not remember having set it.
  var shown: String { source == .environment ? "\(path) (from VOCAB_DB)" : path }

  /// A storage or migration error about this database, with the way to choose another file when the file is
  /// the problem: `--db`, or `VOCAB_DB` when that is where the path came from.
  func failure(_ error: MigrationError) -> Failure {
    guard error.isTheWrongFile else { return Failure(error.description) }
    let remedy =
      source == .environment
      ? "Set VOCAB_DB to another file, or choose one with --db." : "Choose another file with --db."
    return Failure("\(error.description) \(remedy)")
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
      throw Failure("the database path \(shown) is a directory; give the path of a database file")
    }
    let directory = DatabaseFile.directory(of: path)
    guard !fileManager.fileExists(atPath: directory) else { return }
    guard source == .dataHome else {
      throw Failure("the directory \(directory) for the database \(shown) does not exist")
    }
    do {
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw Failure("cannot create the database directory \(directory): \(error.localizedDescription)")
    }
  }
}
