import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A process started with raw byte arguments (so a test can pass invalid UTF-8, which Foundation's `Process`
/// cannot), its stdout and stderr going to files so a long-running child can be read while it runs.
final class ChildProcess {
  let pid: pid_t
  let stdoutPath: String
  let stderrPath: String
  private var exitStatus: Int32?

  /// Starts `executable` with `arguments`; stdin reads `stdinPath` (default /dev/null, never a terminal).
  init(
    executable: String, arguments: [[UInt8]], environment: [String: String],
    stdinPath: String = "/dev/null", outputDirectory: String
  ) throws {
    let name = UUID().uuidString
    stdoutPath = outputDirectory + "/\(name).out"
    stderrPath = outputDirectory + "/\(name).err"

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let argv = ([Array(executable.utf8)] + arguments).map { bytes -> UnsafeMutablePointer<CChar>? in
      let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
      pointer[bytes.count] = 0
      return pointer
    } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { $0?.deallocate() }
      envp.forEach { free($0) }
    }

    // The child starts with no signal blocked, as from a shell. A child inherits the mask of the thread that
    // spawns it, and the tests run on libdispatch's worker threads, which block nearly every signal: a tmux server
    // started so ignored `kill-server` (SIGTERM) and outlived the test run, and vocab ran with SIGINT blocked.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw SpawnError(message: "cannot start \(executable): \(String(cString: strerror(result)))")
    }
    self.pid = pid
  }

  /// Waits for the child to end and returns its exit code (128 + signal number when killed by a signal).
  @discardableResult
  func wait() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return ended(status)
  }

  /// Waits for the child to end by itself, polling; nil when it is still running after `timeout` seconds
  /// (generous: the machine is shared).
  func wait(timeout: Double) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while exitStatus == nil {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return ended(status) }
      if Date() >= deadline { return nil }
      usleep(50_000)
    }
    return exitStatus
  }

  /// Waits for the child to end without holding a thread while it runs. Swift's cooperative threads are as few as
  /// the cores, and a test blocked in `wait()` for seconds holds one that the tests waiting for a change need.
  func exited() async -> Int32 {
    while true {
      if let status = wait(timeout: 0) { return status }
      try? await Task.sleep(for: .milliseconds(20))
    }
  }

  private func ended(_ status: Int32) -> Int32 {
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    exitStatus = code
    return code
  }

  /// Signals the child while it is ours: once waited for, its pid may belong to another process (pids wrap at
  /// 32,768 here, and a full test run starts tens of thousands of processes).
  func signal(_ signal: Int32) {
    guard exitStatus == nil else { return }
    kill(pid, signal)
  }

  /// Kills and reaps the child if it is still ours to kill: once waited for, its pid may belong to another process.
  func stop() {
    guard exitStatus == nil else { return }
    kill(pid, SIGKILL)
    wait()
  }

  var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
  var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

  /// Polls stdout until `condition` holds or `timeout` seconds pass (generous: the machine is shared).
  func waitForOutput(timeout: Double = 60, until condition: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if condition(stdout) { return true }
      usleep(50_000)
    }
    return condition(stdout)
  }
}

struct SpawnError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
