import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `refresh --watch` as a process: it prints again when another process changes the data, redraws in place on a
/// terminal, and SIGINT, SIGTERM, SIGHUP or its reader going away end it with exit code 0.
@Suite struct WatchTests {
  @Test func watchingABookCaseSeesAWordAddedByAnotherProcess() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    try #require(try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "JLPT N3", "--watch", "--json"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.contains("\"猫\"") }, "first print: \(watcher.stdout) \(watcher.stderr)")

    #expect(try sandbox.vocab(["add-word", "JLPT N3", "犬", "dog"]).status == 0)
    #expect(watcher.waitForOutput { $0.contains("\"犬\"") }, "printed again: \(watcher.stdout) \(watcher.stderr)")

    watcher.signal(SIGINT)
    #expect(watcher.wait() == 0, "stderr: \(watcher.stderr)")
    let documents = watcher.stdout.split(separator: "\n")
    #expect(documents.count == 2)
    let last = try JSONHelpers.object(String(documents[1]))
    #expect((last["words"] as? [[String: Any]])?.compactMap { $0["term"] as? String } == ["猫", "犬"])
  }

  @Test func watchingABookCaseEndsWithExitCode1WhenItIsDeleted() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "JLPT N3", "--watch"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.hasPrefix("ID  TERM") }, "first print: \(watcher.stdout) \(watcher.stderr)")

    #expect(try sandbox.vocab(["delete-bookcase", "JLPT N3", "--yes"]).status == 0)
    #expect(watcher.wait(timeout: 60) == 1)
    #expect(watcher.stderr == "error: no bookcase has the id 1; `vocab list` shows the bookcases\n")
    #expect(watcher.stdout == "ID  TERM  READING  MEANING  EXAMPLE  NOTE  TAGS\n")
  }

  @Test func watchingTheListSeesCountsChange() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "--watch"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.contains(" 1  TOEFL      0") }, "first print: \(watcher.stdout)")

    #expect(try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"]).status == 0)
    #expect(try sandbox.vocab(["add-bookcase", "IELTS"]).status == 0)
    #expect(watcher.waitForOutput { $0.contains(" 2  IELTS      0") && $0.contains(" 1  TOEFL      1") },
      "printed again: \(watcher.stdout)")

    watcher.signal(SIGINT)
    #expect(watcher.wait() == 0, "stderr: \(watcher.stderr)")
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func terminationAndHangUpEndTheWatchAsCtrlCDoes(signal: Int32) throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    let watcher = try sandbox.start(raw: ["refresh", "--watch"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.contains(" 1  TOEFL      0") }, "first print: \(watcher.stdout)")
    watcher.signal(signal)
    #expect(watcher.wait(timeout: 60) == 0, "stderr: \(watcher.stderr)")
    #expect(watcher.stderr.isEmpty)
  }

  /// The database's open is held up (strace delays the system call that opens it), and Ctrl-C comes then,
  /// before anything is printed: the watch ends with 0, not killed with 130.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace"), "needs strace"))
  func ctrlCWhileTheDatabaseIsStillOpeningEndsWithExitCode0() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    let shell = try sandbox.shell(
      #"exec strace -f -qq -o /dev/null -P "$VOCAB_DB" -e trace=openat -e inject=openat:delay_enter=3000000:when=1 "$VOCAB" refresh --watch"#
    )
    defer { shell.stop() }
    // strace runs vocab as its child: wait until that child is inside the held-up open.
    let deadline = Date().addingTimeInterval(60)
    var vocab: pid_t?
    // Held up, not merely passing through another open: stopped by strace in openat, still so 0.3 s later.
    while Date() < deadline, vocab == nil {
      if let pid = Self.child(of: shell.pid), Self.isHeldInOpen(pid) {
        usleep(300_000)
        if Self.isHeldInOpen(pid) { vocab = pid }
      }
      usleep(20_000)
    }
    let child = try #require(vocab, "vocab never reached the database's open")
    #expect(shell.stdout.isEmpty)
    kill(child, SIGINT)
    let status = shell.wait(timeout: 60)
    // Only a vocab still running is killed: once strace has reaped it, its pid may be another test's process.
    if status == nil { kill(child, SIGKILL) }
    #expect(status == 0, "stderr: \(shell.stderr)")
  }

  @Test func theWatchEndsWhenItsReaderGoesAway() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    // Nothing changes after the first print, so only the reader's departure can end the watch.
    let shell = try sandbox.shell(#""$VOCAB" refresh --watch | head -1"#)
    defer { shell.stop() }
    #expect(shell.wait(timeout: 60) == 0)
    #expect(shell.stdout == "ID  NAME   WORDS  DESCRIPTION\n")
  }

  @Test(.enabled(if: Tmux.isAvailable, "needs tmux"))
  func onATerminalEachPrintReplacesTheLast() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    let terminal = try Tmux(sandbox, ["refresh", "TOEFL", "--watch"])
    #expect(try terminal.waitForScreen { $0.contains("ID  TERM") }, "first print: \(terminal.shown)")
    for (term, meaning) in [("ubiquitous", "everywhere"), ("ephemeral", "short-lived"), ("candid", "frank")] {
      #expect(try sandbox.vocab(["add-word", "TOEFL", term, meaning]).status == 0)
      #expect(try terminal.waitForScreen { $0.contains(term) }, "after \(term): \(terminal.shown)")
    }
    let screen = try terminal.screen()
    #expect(screen.components(separatedBy: "ID  TERM").count == 2, "one table, drawn over: \(screen)")
    #expect(screen.components(separatedBy: "TOEFL (id 1)").count == 2, "one title: \(screen)")
    #expect(screen.contains("TOEFL (id 1), 3 words"))
    try terminal.send(keys: "C-c")
    #expect(terminal.waitForExit() == 0)
  }

  /// The first child process of `parent`, from /proc.
  static func child(of parent: pid_t) -> pid_t? {
    let children = try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)
    return children?.split(separator: " ").first.flatMap { pid_t($0) }
  }

  /// Whether a thread of `pid` is stopped by its tracer in an `openat` system call (number 257 on x86-64, 56 on
  /// arm64).
  static func isHeldInOpen(_ pid: pid_t) -> Bool {
    #if arch(arm64)
      let openat = "56"
    #else
      let openat = "257"
    #endif
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return threads.contains { thread in
      let task = "/proc/\(pid)/task/\(thread)"
      let call = try? String(contentsOfFile: task + "/syscall", encoding: .utf8)
      // The state follows the command name, which is in parentheses: "t" is a tracing stop.
      let stat = try? String(contentsOfFile: task + "/stat", encoding: .utf8)
      let state = stat?.split(separator: ")").last?.split(separator: " ").first
      return call?.split(separator: " ").first.map(String.init) == openat && state == "t"
    }
  }
}
