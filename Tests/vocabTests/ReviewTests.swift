import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `review` on a real terminal (tmux running an interactive shell): reveal, grades, undo and quit, then the
/// database; the terminal's settings restored after q, Ctrl-C, Ctrl-Z, SIGTERM and a crash signal; `fg` after
/// Ctrl-Z; keys typed after quitting left to the shell; and the refusal without a terminal. The shell is dash:
/// bash puts its own terminal settings back when a job stops or dies by a signal, which would hide a terminal
/// vocab left raw.
@Suite(.enabled(if: Tmux.isAvailable, "needs tmux"))
struct ReviewTests {
  /// A bookcase of three words and dash on a terminal, at its prompt.
  final class Fixture {
    let sandbox: Sandbox
    let terminal: Tmux

    init() throws {
      sandbox = try Sandbox()
      try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
      for (term, meaning) in [("abate", "lessen"), ("benign", "harmless"), ("candid", "frank")] {
        try #require(try sandbox.vocab(["add-word", "TOEFL", term, meaning]).status == 0)
      }
      terminal = try Tmux(
        sandbox, command: "dash -i", environment: ["PS1": "$ ", "SWIFT_BACKTRACE": "enable=no"])
      try terminal.send(keys: "clear", "Enter")
    }

    /// Starts `vocab review TOEFL options…` from the shell (run by `wrapper`, a command line it ends with, when
    /// given), which prints its exit status after it (unless `job`: a list would go on to its next command when
    /// the first is suspended).
    func startReview(_ options: String = "", job: Bool = false, wrapper: String = "") throws {
      let command = "\(wrapper)\(Tmux.quoted(Sandbox.vocabBinary)) review TOEFL \(options)"
      try terminal.send(keys: "-l", job ? command : command + "; echo \"status $?\"")
      try terminal.send(keys: "Enter")
      if options.isEmpty {
        try expectScreen("New 3 · Learning 0 · Review 0 · Done 0", "abate", "Space or Enter: show the answer")
      }
    }

    func expectScreen(_ parts: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
      let shown = try terminal.waitForScreen { screen in parts.allSatisfy(screen.contains) }
      #expect(shown, "expected \(parts) on: \(terminal.shown)", sourceLocation: sourceLocation)
    }

    func press(_ key: String, then parts: String..., sourceLocation: SourceLocation = #_sourceLocation) throws {
      try terminal.send(keys: key)
      let shown = try terminal.waitForScreen { screen in parts.allSatisfy(screen.contains) }
      #expect(shown, "after \(key), expected \(parts) on: \(terminal.shown)", sourceLocation: sourceLocation)
    }

    private var checks = 0

    /// Whether the shell's terminal is back in its usual mode: lines edited and echoed, signals from the keys.
    func terminalIsRestored() throws -> Bool {
      checks += 1
      // Numbered, so that an earlier check's line on the screen is never taken for this one's.
      let marker = "modes\(checks):"
      try terminal.send(
        keys: "-l",
        #"clear; echo "\#(marker) $(stty -a | tr ' ;' '\n\n' | grep -xE -- '-?(isig|icanon|echo)' | tr '\n' ' ')end""#)
      try terminal.send(keys: "Enter")
      let modes = { (screen: String) in
        screen.split(separator: "\n").first { $0.hasPrefix(marker) && $0.hasSuffix("end") }
      }
      _ = try terminal.waitForScreen { modes($0) != nil }
      return modes(try terminal.screen()) == "\(marker) isig icanon echo end"
    }

    /// The pid of the vocab the shell runs: a descendant of the terminal's process.
    func vocabPID() throws -> pid_t {
      var generation = [try terminal.panePID()]
      while !generation.isEmpty {
        if let vocab = generation.first(where: { Self.command(of: $0) == "vocab" }) { return vocab }
        generation = generation.flatMap { pid in
          ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "")
            .split(separator: " ").compactMap { pid_t($0) }
        }
      }
      throw SpawnError(message: "no vocab process under the terminal")
    }

    static func command(of pid: pid_t) -> String? {
      (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The review log and the cards, as `sqlite3` reads them.
    func reviews() throws -> String {
      try sandbox.sqlite("SELECT w.term, r.rating, r.state_before, r.state_after FROM review_log r JOIN words w ON w.id = r.word_id ORDER BY r.id")
    }

    func cards() throws -> String {
      try sandbox.sqlite("SELECT w.term, c.state, c.step, c.reps FROM cards c JOIN words w ON w.id = c.word_id ORDER BY w.id")
    }
  }

  @Test func revealGradeUndoAndQuitThenTheDatabaseHoldsTheGradesKept() throws {
    let fixture = try Fixture()
    try fixture.startReview()
    try fixture.press("Space", then: "lessen", "1 Again 1m   2 Hard 6m   3 Good 10m   4 Easy ")
    try fixture.press("3", then: "New 2 · Learning 1 · Review 0 · Done 1", "benign")
    #expect(!(try fixture.terminal.screen()).contains("harmless"), "a new card shows its question side only")
    try fixture.press("Enter", then: "harmless")
    try fixture.press("4", then: "New 1 · Learning 1 · Review 0 · Done 2", "candid")
    // Undo: benign comes back, question side, and candid waits its turn.
    try fixture.press("u", then: "New 2 · Learning 1 · Review 0 · Done 1", "benign", "Space or Enter")
    #expect(!(try fixture.terminal.screen()).contains("harmless"))
    try fixture.press("Space", then: "harmless")
    try fixture.press("1", then: "New 1 · Learning 2 · Review 0 · Done 2", "candid")
    try fixture.press("q", then: "status 0")
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")

    #expect(try fixture.reviews() == "abate|3|new|learning\nbenign|1|new|learning\n")
    #expect(try fixture.cards() == "abate|learning|1|1\nbenign|learning|0|1\ncandid|new|0|0\n")
  }

  @Test(arguments: ["q", "C-c", "C-d"])
  func quittingMidCardGradesNothing(key: String) throws {
    let fixture = try Fixture()
    try fixture.startReview()
    try fixture.press("Space", then: "lessen")
    try fixture.press(key, then: "status 0")
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")
    #expect(try fixture.reviews() == "")
  }

  @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgRedraws() throws {
    let fixture = try Fixture()
    try fixture.startReview(job: true)
    try fixture.press("Space", then: "lessen")
    try fixture.press("C-z", then: "Stopped")
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")
    try fixture.terminal.send(keys: "fg", "Enter")
    try fixture.expectScreen("New 3 · Learning 0 · Review 0 · Done 0", "lessen", "3 Good 10m")
    try fixture.press("3", then: "Done 1", "benign")
    // Typed once the screen is the shell's again, so that vocab does not read it as keys.
    try fixture.press("q", then: "$ fg")
    try fixture.terminal.send(keys: "-l", #"echo "status $?""#)
    try fixture.press("Enter", then: "status 0")
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")
    #expect(try fixture.reviews() == "abate|3|new|learning\n")
  }

  /// Keys typed once the shell's screen is back are the shell's, even while vocab is still finishing (strace
  /// holds its exit up for a second): vocab's reading of the terminal has stopped, and takes none of them.
  @Test func keysTypedAfterQuittingGoToTheShell() throws {
    try #require(FileManager.default.isExecutableFile(atPath: BackupTests.strace), "run scripts/setup to install strace")
    let fixture = try Fixture()
    try fixture.startReview(
      wrapper: "\(BackupTests.strace) -f -qq -o /dev/null -e trace=exit_group -e inject=exit_group:delay_enter=1000000 ")
    try fixture.press("q", then: "strace")
    try fixture.terminal.send(keys: "-l", "echo typed $((40 + 2))")
    try fixture.press("Enter", then: "status 0", "typed 42")
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")
  }

  /// SIGTERM ends it as SIGTERM does (status 143), and a crash signal as a crash does (139 for SIGSEGV), each with
  /// the terminal restored first.
  @Test(arguments: [(SIGTERM, "status 143"), (SIGSEGV, "status 139")])
  func aSignalEndsItWithTheTerminalRestored(signal: Int32, status: String) throws {
    let fixture = try Fixture()
    try fixture.startReview()
    try fixture.press("Space", then: "lessen")
    kill(try fixture.vocabPID(), signal)
    try fixture.expectScreen(status)
    #expect(try fixture.terminalIsRestored(), "\(fixture.terminal.shown)")
    #expect(try fixture.reviews() == "")
  }

  /// `--reverse` asks for the term from the meaning; `--new 1` takes one new card instead of today's 20.
  @Test func reverseAndTheSessionsOwnNewCardLimit() throws {
    let fixture = try Fixture()
    try fixture.startReview("--reverse --new 1")
    try fixture.expectScreen("New 1 · Learning 0 · Review 0 · Done 0", "lessen", "Space or Enter")
    #expect(!(try fixture.terminal.screen()).contains("abate"), "the term is the answer")
    try fixture.press("Space", then: "abate", "4 Easy")
    try fixture.press("4", then: "Nothing more is due: 1 reviewed in this session.", "Done 1")
    try fixture.press("q", then: "status 0")
    #expect(try fixture.reviews() == "abate|4|new|review\n")
  }

  @Test func negativeLimitsAreUsageErrors() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.vocab(["review", "--limit=-1"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--limit must be 0 or more, not -1"), "\(result.stderr)")
  }

  @Test func refusesWithoutATerminalPointingToGrade() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.vocab(["review"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "error: review needs a terminal on stdin and stdout; to grade from a script, use `vocab grade WORD_ID again|hard|good|easy`\n")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.database), "no database was created")
  }
}
