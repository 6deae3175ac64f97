import Foundation
import Testing

/// The completion scripts, sourced into real bash, zsh and fish on a terminal (tmux), completing what a person
/// types: bookcase names from the database (with spaces and Hangul), the `delete` alias, `help <Tab>`, and
/// file names after `--db`.
@Suite(.enabled(if: Tmux.isAvailable, "needs tmux"))
struct CompletionTests {
  enum Shell: String, CaseIterable, CustomTestStringConvertible {
    case bash, zsh, fish

    var testDescription: String { rawValue }
    var path: String { "/usr/bin/" + rawValue }

    /// The shell, started without the user's configuration.
    var command: String {
      switch self {
      case .bash: "bash --norc --noprofile"
      case .zsh: "zsh -f"
      case .fish: "fish --no-config"
      }
    }

    /// A plain prompt, and the script sourced.
    func setUp(script: String) -> String {
      switch self {
      case .bash: "PS1='> '; source \(Tmux.quoted(script))"
      case .zsh: "PROMPT='> '; autoload -U compinit && compinit -u && source \(Tmux.quoted(script))"
      case .fish: "function fish_prompt; echo '> '; end; source \(Tmux.quoted(script))"
      }
    }
  }

  /// A shell on a terminal with vocab's completion sourced, vocab on its PATH, and a database holding
  /// bookcases whose names need quoting, including one that would run a command if a shell expanded it.
  final class Fixture {
    let sandbox: Sandbox
    let terminal: Tmux

    init(_ shell: Shell) throws {
      sandbox = try Sandbox()
      for name in ["JLPT N3", "토픽 중급", "TOEFL", "Japanese::Verbs", "$(touch pwned)"] {
        try #require(try sandbox.vocab(["add-bookcase", name]).status == 0)
      }
      let script = sandbox.directory + "/vocab.\(shell.rawValue)"
      let generated = try sandbox.vocab(["--generate-completion-script", shell.rawValue])
      try generated.stdout.write(toFile: script, atomically: true, encoding: .utf8)
      let binaries = URL(filePath: Sandbox.vocabBinary).deletingLastPathComponent().path
      terminal = try Tmux(
        sandbox, command: shell.command,
        environment: ["PATH": binaries + ":/usr/bin:/bin"], columns: 120)
      try terminal.send(keys: shell.setUp(script: script), "Enter")
      try terminal.send(keys: "clear", "Enter")
    }

    /// Types `line`, presses Tab, and returns the line as the shell completed it (then clears it).
    func complete(_ line: String, expecting expected: String) throws -> Bool {
      try terminal.send(keys: "-l", line)
      try terminal.send(keys: "Tab")
      let completed = try terminal.waitForScreen(timeout: 20) { $0.contains(expected) }
      try terminal.send(keys: "C-e", "C-u")
      _ = try terminal.waitForScreen(timeout: 20) { !$0.contains(expected) }
      return completed
    }
  }

  @Test(arguments: Shell.allCases)
  func bookCaseNamesCompleteQuoted(shell: Shell) throws {
    let fixture = try Fixture(shell)
    #expect(try fixture.complete("vocab list JL", expecting: #"vocab list JLPT\ N3"#), "\(fixture.terminal.shown)")
    #expect(try fixture.complete("vocab add-word 토", expecting: #"vocab add-word 토픽\ 중급"#), "\(fixture.terminal.shown)")
    // bash breaks words at colons, so it inserts them escaped, which the shell reads back as colons.
    let verbs = shell == .bash ? #"Japanese\:\:Verbs"# : "Japanese::Verbs"
    #expect(try fixture.complete("vocab list Jap", expecting: "vocab list \(verbs)"), "\(fixture.terminal.shown)")
    #expect(!FileManager.default.fileExists(atPath: fixture.sandbox.directory + "/pwned"), "a name was run as a command")
  }

  @Test(arguments: Shell.allCases)
  func theDeleteAliasCompletesLikeDeleteBookCase(shell: Shell) throws {
    let fixture = try Fixture(shell)
    #expect(try fixture.complete("vocab delete TOE", expecting: "vocab delete TOEFL"), "\(fixture.terminal.shown)")
  }

  @Test(arguments: Shell.allCases)
  func helpOffersTheCommands(shell: Shell) throws {
    let fixture = try Fixture(shell)
    #expect(try fixture.complete("vocab help rena", expecting: "vocab help rename-bookcase"), "\(fixture.terminal.shown)")
  }

  @Test(arguments: Shell.allCases)
  func databasePathsCompleteAsFiles(shell: Shell) throws {
    let fixture = try Fixture(shell)
    try "".write(toFile: fixture.sandbox.directory + "/words-backup.sqlite3", atomically: true, encoding: .utf8)
    #expect(try fixture.complete("vocab --db words-b", expecting: "vocab --db words-backup.sqlite3"), "\(fixture.terminal.shown)")
    #expect(
      try fixture.complete("vocab list --db words-b", expecting: "vocab list --db words-backup.sqlite3"),
      "\(fixture.terminal.shown)")
  }

  @Test(arguments: Shell.allCases)
  func theScriptsParse(shell: Shell) throws {
    let sandbox = try Sandbox()
    let script = sandbox.directory + "/vocab.\(shell.rawValue)"
    try sandbox.vocab(["--generate-completion-script", shell.rawValue]).stdout
      .write(toFile: script, atomically: true, encoding: .utf8)
    let check = try ChildProcess(
      executable: shell.path, arguments: [Array("-n".utf8), Array(script.utf8)], environment: [:],
      outputDirectory: sandbox.directory)
    #expect(check.wait() == 0, "\(check.stderr)")
  }
}
