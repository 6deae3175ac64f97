import Foundation

/// Backups written so that a crash at any moment leaves either no backup or a complete one: the copy is made
/// under a temporary name in the backup's directory, forced to disk, linked to its name, and the directory
/// entry forced to disk too. A temporary that a crash left behind is removed, never taken for a backup.
enum BackupFile {
  /// A failed system call, as a person would read it in `MigrationError.backupFailed`.
  struct SystemCallFailed: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// Where a backup goes.
  enum Destination {
    /// `<base>.bak`, or else `<base>-2.bak`, `-3`, …: the first name nobody has taken.
    case numbered(base: String)
    /// Exactly this path, refused when something is there.
    case exactly(String)

    var firstPath: String {
      switch self {
      case let .numbered(base): "\(base).bak"
      case let .exactly(path): path
      }
    }
  }

  /// Writes a consistent copy of `db` (as last committed) to `destination`, with the permission bits of the
  /// database file, and returns its path. `VACUUM INTO` runs on a second, read-only connection: it cannot run
  /// inside a transaction, and the migrator holds one on `db` while it backs up.
  static func write(of db: Connection, to destination: Destination) throws(MigrationError) -> String {
    let reader: Connection
    do {
      reader = try Connection.opened(path: db.path, mode: .readOnly)
    } catch {
      throw .backupFailed(path: destination.firstPath, message: error.description)
    }
    let temporary = try temporaryCopy(of: reader, beside: destination.firstPath, permissionsOf: db.path)
    do {
      let path = try rename(temporary, to: destination)
      try flush(DatabaseFile.directory(of: path), isDirectory: true)
      return path
    } catch {
      removeTemporary(temporary)
      throw .backupFailed(path: destination.firstPath, message: error.description)
    }
  }

  /// A consistent copy of what `reader` reads, under a temporary name in the directory of `name`, forced to disk,
  /// with the permission bits of `original`. The caller gives it its name, or removes it with `removeTemporary`.
  static func temporaryCopy(of reader: Connection, beside name: String, permissionsOf original: String)
    throws(MigrationError) -> String
  {
    removeLeftovers(in: DatabaseFile.directory(of: name))
    let temporary = "\(name)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))\(temporarySuffix)"
    do {
      try create(temporary, permissionsOf: original)
      try reader.run("VACUUM INTO ?", [.text(temporary)])
      try flush(temporary)
      return temporary
    } catch {
      removeTemporary(temporary)
      throw .backupFailed(path: name, message: (error as? SQLiteError)?.failure.description ?? "\(error)")
    }
  }

  /// What marks a temporary: `<backup name>.backup-<pid>-<random>.partial`. Not `.bak`, so neither a person nor
  /// a program listing backups takes it for one.
  static let temporaryMarker = ".backup-"
  static let temporarySuffix = ".partial"

  /// Removes every temporary in `directory` that a backup left behind when its process died, with SQLite's
  /// journal of it. A temporary whose process still runs is being written: it is left alone.
  static func removeLeftovers(in directory: String) {
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
      guard let marker = name.range(of: temporaryMarker, options: .backwards),
        let suffix = name.range(of: temporarySuffix, range: marker.upperBound..<name.endIndex),
        let pid = Int32(name[marker.upperBound..<suffix.lowerBound].prefix { $0 != "-" })
      else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { unlink(directory + "/" + name) }
    }
  }

  static func removeTemporary(_ temporary: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
  }

  /// Creates an empty file with the permission bits of `original` (VACUUM INTO accepts an empty file). `fchmod`,
  /// since the mode given to `open` is cut by the umask.
  private static func create(_ path: String, permissionsOf original: String) throws(SystemCallFailed) {
    var info = stat()
    guard stat(original, &info) == 0 else {
      throw SystemCallFailed(call: "reading the permissions of \(original)", code: errno)
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallFailed(call: "creating \(path)", code: errno) }
    defer { close(descriptor) }
    guard fchmod(descriptor, info.st_mode & 0o777) == 0 else {
      throw SystemCallFailed(call: "setting the permissions of \(path)", code: errno)
    }
  }

  /// Gives `temporary` its final name; never over an existing file.
  private static func rename(_ temporary: String, to destination: Destination) throws(SystemCallFailed) -> String {
    var attempt = 1
    while true {
      let path =
        switch destination {
        case let .numbered(base): attempt == 1 ? "\(base).bak" : "\(base)-\(attempt).bak"
        case let .exactly(path): path
        }
      // link() fails with EEXIST instead of replacing what is there, which rename() would do.
      if link(temporary, path) == 0 {
        unlink(temporary)
        return path
      }
      guard errno == EEXIST, case .numbered = destination else {
        throw SystemCallFailed(call: "naming the backup \(path)", code: errno)
      }
      attempt += 1
    }
  }

  /// Forces a file (or a directory's entries) to disk.
  static func flush(_ path: String, isDirectory: Bool = false) throws(SystemCallFailed) {
    let descriptor = open(path, (isDirectory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallFailed(call: "opening \(path) to flush it", code: errno) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw SystemCallFailed(call: "flushing \(path)", code: errno) }
  }
}
