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

  /// Starts `vocab arguments…` on a `columns` × `lines` terminal; the pane stays open after the command ends
  /// so its last screen can be read, and its exit status is written to `statusPath`.
  init(_ sandbox: Sandbox, _ arguments: [String], columns: Int = 100, lines: Int = 30) throws {
    self.sandbox = sandbox
    socket = sandbox.directory + "/tmux-\(UUID().uuidString.prefix(8))"
    let quoted = ([Sandbox.vocabBinary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let exports = sandbox.environment().map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
    let command = "env -i \(exports) TERM=xterm-256color \(quoted.joined(separator: " ")); echo $? > '\(statusPath)'"
    try run(["new-session", "-d", "-x", String(columns), "-y", String(lines), command])
    try run(["set-option", "-g", "remain-on-exit", "on"])
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
