import Foundation

/// The file a backup before migrating goes to: claimed before it is written, forced to disk after.
enum BackupFile {
  /// A failed system call, as a person would read it in `MigrationError.backupFailed`.
  struct SystemCallFailed: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// Creates an empty file at `<base>.bak`, or else `<base>-2.bak`, `-3`, …: the first name nobody has taken.
  /// Created exclusively, so two vocab processes migrating at once never write the same file (VACUUM INTO
  /// accepts an empty file, and refuses one another process has started to fill).
  static func claim(base: String) throws(MigrationError) -> String {
    var attempt = 1
    while true {
      let path = attempt == 1 ? "\(base).bak" : "\(base)-\(attempt).bak"
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      if descriptor >= 0 {
        close(descriptor)
        return path
      }
      guard errno == EEXIST else {
        throw .backupFailed(path: path, message: SystemCallFailed(call: "creating the file", code: errno).description)
      }
      attempt += 1
    }
  }

  /// Forces the backup and its directory entry to disk. VACUUM INTO does not: a crash soon after migrating
  /// could otherwise leave a migrated database beside an empty or torn backup.
  static func flush(_ path: String) throws(SystemCallFailed) {
    for (target, flags) in [(path, O_RDONLY), ((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY)] {
      let descriptor = open(target.isEmpty ? "." : target, flags | O_CLOEXEC)
      guard descriptor >= 0 else { throw SystemCallFailed(call: "opening \(target) to flush it", code: errno) }
      defer { close(descriptor) }
      guard fsync(descriptor) == 0 else { throw SystemCallFailed(call: "flushing \(target)", code: errno) }
    }
  }
}
