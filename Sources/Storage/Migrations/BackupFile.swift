import Foundation

/// Backups written so that a crash at any moment leaves either no backup or a complete one: the copy is made
/// under a temporary name in the database's directory, forced to disk, renamed into place, and the directory
/// entry forced to disk too. A temporary that a crash left behind is removed, never taken for a backup.
enum BackupFile {
  /// A failed system call, as a person would read it in `MigrationError.backupFailed`.
  struct SystemCallFailed: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// Writes a consistent copy of `db` to `<base>.bak`, or else `<base>-2.bak`, `-3`, …: the first name nobody has
  /// taken. The copy gets the database file's permission bits. The caller holds `db`'s write lock, which every
  /// backup is made under, so no other vocab is writing a temporary that `removeLeftovers` could take away.
  static func write(of db: Connection, base: String) throws(MigrationError) -> String {
    removeLeftovers(of: db.path)
    let temporary = "\(db.path)\(temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))\(temporarySuffix)"
    do {
      try create(temporary, permissionsOf: db.path)
      // A second connection reads the last committed state while `db` holds the write lock; VACUUM INTO cannot run
      // inside a transaction.
      let reader = try Connection(path: db.path, mode: .readOnly)
      try reader.run("VACUUM INTO ?", [.text(temporary)])
      try flush(temporary)
      let path = try rename(temporary, toFirstFreeNameAt: base)
      try flush(DatabaseFile.directory(of: path), isDirectory: true)
      return path
    } catch {
      removeTemporary(temporary)
      throw .backupFailed(path: "\(base).bak", message: (error as? SQLiteError)?.message ?? "\(error)")
    }
  }

  /// What marks a temporary: `vocab.sqlite3.backup-<pid>-<random>.partial`. Not `.bak`, so neither a person nor
  /// a program listing backups takes it for one.
  static let temporaryMarker = ".backup-"
  static let temporarySuffix = ".partial"

  /// Removes every temporary a crashed backup of the database at `path` left behind, with SQLite's journal of it.
  static func removeLeftovers(of path: String) {
    let directory = DatabaseFile.directory(of: path)
    let prefix = (path as NSString).lastPathComponent + temporaryMarker
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasPrefix(prefix) && name.contains(temporarySuffix) {
      unlink(directory + "/" + name)
    }
  }

  private static func removeTemporary(_ temporary: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
  }

  /// Creates an empty file with the permission bits of `original` (VACUUM INTO accepts an empty file). `fchmod`,
  /// since the mode given to `open` is cut by the umask.
  private static func create(_ path: String, permissionsOf original: String) throws(SystemCallFailed) {
    var info = stat()
    guard stat(original, &info) == 0 else { throw SystemCallFailed(call: "reading the permissions of \(original)", code: errno) }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemCallFailed(call: "creating \(path)", code: errno) }
    defer { close(descriptor) }
    guard fchmod(descriptor, info.st_mode & 0o777) == 0 else { throw SystemCallFailed(call: "setting the permissions of \(path)", code: errno) }
  }

  /// Renames `temporary` to `<base>.bak`, or `<base>-2.bak`, … when that is taken; never over an existing file.
  private static func rename(_ temporary: String, toFirstFreeNameAt base: String) throws(SystemCallFailed) -> String {
    var attempt = 1
    while true {
      let path = attempt == 1 ? "\(base).bak" : "\(base)-\(attempt).bak"
      // link() fails with EEXIST instead of replacing what is there, which rename() would do.
      if link(temporary, path) == 0 {
        unlink(temporary)
        return path
      }
      guard errno == EEXIST else { throw SystemCallFailed(call: "naming the backup \(path)", code: errno) }
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
