import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real terminal for a test: a detached tmux session on a server of its own, running one vocab command.
/// The test types with `send(keys:)` and reads the screen with `screen()`.
final class Tmux {
  static let path = "/usr/bin/tmux"
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

  private let sandbox: Sandbox
  private let socket: String

  /// Starts `vocab arguments…` on a `columns` × `lines` terminal; its exit status is written to `statusPath`.
  convenience init(_ sandbox: Sandbox, _ arguments: [String], columns: Int = 100, lines: Int = 30) throws {
    let quoted = ([Sandbox.vocabBinary] + arguments).map(Self.quoted).joined(separator: " ")
    try self.init(sandbox, command: quoted, columns: columns, lines: lines)
  }

  /// Starts `command` (a program and its arguments, quoted for sh) in the sandbox's directory with its
  /// environment (and `environment`) on a terminal.
  init(
    _ sandbox: Sandbox, command: String, environment: [String: String?] = [:], columns: Int = 100,
    lines: Int = 30
  ) throws {
    self.sandbox = sandbox
    socket = sandbox.directory + "/tmux-\(UUID().uuidString.prefix(8))"
    let exports = sandbox.environment(environment).map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
    try run([
      "new-session", "-d", "-x", String(columns), "-y", String(lines), "-c", sandbox.directory,
      "env -i \(exports) TERM=xterm-256color \(command); echo $? > \(Self.quoted(statusPath))",
    ])
  }

  static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  deinit {
    _ = try? run(["kill-server"])
  }

  var statusPath: String { socket + ".status" }

  /// The command's exit status once it has ended.
  var status: Int32? {
    (try? String(contentsOfFile: statusPath, encoding: .utf8)).flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  func send(keys: String...) throws {
    try run(["send-keys"] + keys)
  }

  /// The process the terminal runs (the command, or the shell running it).
  func panePID() throws -> pid_t {
    try pid(["list-panes", "-F", "#{pane_pid}"])
  }

  /// The tmux server's own process, which `deinit` stops.
  func serverPID() throws -> pid_t {
    try pid(["display-message", "-p", "#{pid}"])
  }

  private func pid(_ arguments: [String]) throws -> pid_t {
    guard let pid = pid_t(try run(arguments).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw SpawnError(message: "tmux \(arguments) gave no pid") }
    return pid
  }

  /// The visible screen, one string per line, trailing blanks removed.
  func screen() throws -> String {
    try run(["capture-pane", "-p"])
  }

  /// The screen, or nothing when it cannot be read: for failure messages.
  var shown: String { (try? screen()) ?? "" }

  /// Polls the screen until `condition` holds or `timeout` seconds pass (generous: the machine is shared).
  func waitForScreen(timeout: Double = 60, until condition: (String) -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(try screen()) { return true }
      usleep(50_000)
    }
    return condition(try screen())
  }

  /// Polls until the command has ended; its status, or nil after `timeout` seconds.
  func waitForExit(timeout: Double = 60) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status { return status }
      usleep(50_000)
    }
    return status
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let child = try ChildProcess(
      executable: Self.path, arguments: (["-S", socket, "-f", "/dev/null"] + arguments).map { Array($0.utf8) },
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"], outputDirectory: sandbox.directory)
    guard child.wait() == 0 else { throw SpawnError(message: "tmux \(arguments): \(child.stderr)") }
    return child.stdout
  }
}
