import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary directory with a database path, a HOME of its own, and ways to run the built `vocab` binary
/// and the `sqlite3` command against it. Removed when released.
final class Sandbox {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  let directory: String
  /// The database every command uses unless a test says otherwise (passed as `VOCAB_DB`).
  let database: String
  let home: String

  init() throws {
    var template = Array((FileManager.default.temporaryDirectory.path + "/vocab-e2e-XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else { throw SpawnError(message: "mkdtemp failed") }
    directory = String(cString: created)
    // World-writable so commands run as an unprivileged user (permission tests under root) can make -wal/-shm.
    chmod(directory, 0o1777)
    database = directory + "/vocab.sqlite3"
    home = directory + "/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// The environment a command sees: only what vocab reads, so the developer's own HOME and database are never
  /// touched. `nil` values remove a variable.
  func environment(_ changes: [String: String?] = [:]) -> [String: String] {
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "LANG": "C.UTF-8",
      "HOME": home,
      "VOCAB_DB": database,
    ]
    for (key, value) in changes { environment[key] = value }
    return environment
  }

  /// Runs `vocab` with `arguments` to completion.
  @discardableResult
  func vocab(
    _ arguments: [String], environment changes: [String: String?] = [:], stdin: String? = nil,
    unprivileged: Bool = false
  ) throws -> Output {
    try vocab(raw: arguments.map { Array($0.utf8) }, environment: changes, stdin: stdin, unprivileged: unprivileged)
  }

  func vocab(
    raw arguments: [[UInt8]], environment changes: [String: String?] = [:], stdin: String? = nil,
    unprivileged: Bool = false
  ) throws -> Output {
    let child = try start(raw: arguments, environment: changes, stdin: stdin, unprivileged: unprivileged)
    let status = child.wait()
    return Output(status: status, stdout: child.stdout, stderr: child.stderr)
  }

  /// Runs `vocab` to completion without holding a thread while it runs (see `ChildProcess.exited()`): for commands
  /// that take seconds.
  func run(_ arguments: [String], environment changes: [String: String?] = [:]) async throws -> Output {
    let child = try start(raw: arguments.map { Array($0.utf8) }, environment: changes)
    let status = await child.exited()
    return Output(status: status, stdout: child.stdout, stderr: child.stderr)
  }

  /// Starts `vocab` without waiting for it.
  func start(
    raw arguments: [[UInt8]], environment changes: [String: String?] = [:], stdin: String? = nil,
    unprivileged: Bool = false
  ) throws -> ChildProcess {
    var stdinPath = "/dev/null"
    if let stdin {
      stdinPath = directory + "/stdin-\(UUID().uuidString)"
      try stdin.write(toFile: stdinPath, atomically: true, encoding: .utf8)
    }
    var executable = Self.vocabBinary
    var arguments = arguments
    if unprivileged {
      // Permission checks do not apply to root, so run as `nobody` to see what a normal user sees.
      arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable].map { Array($0.utf8) }
        + arguments
      executable = "/usr/bin/setpriv"
    }
    return try ChildProcess(
      executable: executable, arguments: arguments, environment: environment(changes),
      stdinPath: stdinPath, outputDirectory: directory
    )
  }

  /// Starts `sh -c script` (its `$@` being `arguments`) with `$VOCAB` naming the vocab binary: for loops and
  /// pipelines of vocab commands.
  func shell(_ script: String, arguments: [String] = [], environment changes: [String: String?] = [:]) throws
    -> ChildProcess
  {
    var changes = changes
    changes["VOCAB"] = Self.vocabBinary
    return try ChildProcess(
      executable: "/bin/sh", arguments: (["-c", script, "sh"] + arguments).map { Array($0.utf8) },
      environment: environment(changes), outputDirectory: directory)
  }

  /// `sqlite3 PATH .dump`: the whole content, to prove a failed command changed nothing.
  func dump(_ path: String? = nil) throws -> String {
    try sqlite(".dump", path: path)
  }

  /// Runs SQL (or a dot-command) with the `sqlite3` command, to look at a database or set up states vocab itself
  /// refuses to create.
  func sqlite(_ sql: String, path: String? = nil) throws -> String {
    let child = try ChildProcess(
      executable: Self.sqlite3, arguments: [Array((path ?? database).utf8), Array(sql.utf8)],
      environment: environment(), outputDirectory: directory
    )
    guard child.wait() == 0 else { throw SpawnError(message: "sqlite3 \(sql) failed: \(child.stderr)") }
    return child.stdout
  }

  static let isRoot = getuid() == 0
  static let canDropPrivileges = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

  static let sqlite3: String = {
    for directory in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(
      atPath: directory + "/sqlite3")
    {
      return directory + "/sqlite3"
    }
    return "/usr/bin/sqlite3"
  }()

  /// The `vocab` executable `swift build`/`swift test` put beside the test bundle (override with VOCAB_BINARY).
  static let vocabBinary: String = {
    if let path = ProcessInfo.processInfo.environment["VOCAB_BINARY"] { return path }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = runner.deletingLastPathComponent()
    // On macOS the runner lives inside the .xctest bundle; on Linux the bundle is itself the runner.
    while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("vocab").path),
      directory.path != "/"
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory.appendingPathComponent("vocab").path
  }()
}
