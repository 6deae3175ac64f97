import Foundation
import Testing

/// `script(1)` runs a command on a pseudo-terminal.
private let script = "/usr/bin/script"

/// Behaviour that depends on a terminal, run under `script(1)`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: script), "needs script(1)"))
struct TerminalTests {

  /// Runs `vocab arguments…` on a pseudo-terminal; `input` is what the person types.
  func onTerminal(
    _ sandbox: Sandbox, _ arguments: [String], environment: [String: String?] = [:], input: String? = nil,
    columns: Int? = nil
  ) throws -> Sandbox.Output {
    let quoted = ([Sandbox.vocabBinary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    // script(1) gives the terminal its own terminal's size, none when it has none: set one when a test needs it.
    let resize = columns.map { "stty cols \($0) rows 50 && " } ?? ""
    var stdinPath = "/dev/null"
    if let input {
      stdinPath = sandbox.directory + "/typed-\(UUID().uuidString)"
      try input.write(toFile: stdinPath, atomically: true, encoding: .utf8)
    }
    let child = try ChildProcess(
      executable: script,
      arguments: ["-q", "-e", "-c", resize + quoted.joined(separator: " "), "/dev/null"].map { Array($0.utf8) },
      environment: sandbox.environment(["TERM": "xterm"].merging(environment) { $1 }),
      stdinPath: stdinPath, outputDirectory: sandbox.directory)
    let status = child.wait()
    return Sandbox.Output(
      status: status, stdout: child.stdout.replacingOccurrences(of: "\r\n", with: "\n"), stderr: child.stderr)
  }

  @Test func theHeaderIsBoldOnATerminal() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try onTerminal(sandbox, ["list"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("\u{1B}[1mID  NAME   WORDS  DUE  DESCRIPTION\u{1B}[0m\n 1  TOEFL      0    0\n"))
  }

  @Test func searchEmphasisesWhatMatchedOnAColourTerminalOnly() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "Café au lait", "coffee with milk", "--reading", "kafe"])
    let (on, off) = ("\u{1B}[1;31m", "\u{1B}[0m")
    let output = try onTerminal(sandbox, ["search", "CAFE"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("TOEFL      1  \(on)Café\(off) au lait  kafe     coffee with milk\n"))
    // Only the searched fields are emphasised; Hangul initials emphasise the syllables they stand for.
    try sandbox.vocab(["add-word", "TOEFL", "대학교", "university"])
    #expect(try onTerminal(sandbox, ["search", "ㅎㄱ"]).stdout.contains("대\(on)학교\(off)"))
    #expect(try onTerminal(sandbox, ["search", "e", "--field", "meaning"]).stdout.contains("Café au lait  kafe     coff\(on)ee\(off) with milk"))
    let plain = try onTerminal(sandbox, ["search", "CAFE"], environment: ["NO_COLOR": "1"])
    #expect(plain.stdout.contains("TOEFL      1  Café au lait  kafe     coffee with milk\n"))
    #expect(!plain.stdout.contains("\u{1B}["))
    #expect(!(try sandbox.vocab(["search", "CAFE"]).stdout.contains("\u{1B}[")))
  }

  @Test(arguments: [["NO_COLOR": "1"], ["TERM": "dumb"]])
  func noColourWhenAskedNotTo(environment: [String: String]) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try onTerminal(sandbox, ["list"], environment: environment)
    #expect(output.status == 0)
    #expect(output.stdout.contains("ID  NAME   WORDS  DUE  DESCRIPTION\n 1  TOEFL      0    0\n"))
    #expect(!output.stdout.contains("\u{1B}["))
  }

  @Test func rowsFitTheTerminalAndPipesGetWholeCells() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let example = String(repeating: "Smartphones are ubiquitous these days; ", count: 6)
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "found everywhere", "--example", example])
    let output = try onTerminal(sandbox, ["list", "TOEFL"], environment: ["NO_COLOR": "1"], columns: 100)
    #expect(output.status == 0)
    let rows = output.stdout.split(separator: "\n").filter { $0.contains("ubiquitous") }
    #expect(rows.count == 1)
    for row in rows {
      #expect(row.count <= 100)
      #expect(row.contains("…"))
    }
    let piped = try sandbox.vocab(["list", "TOEFL"])
    #expect(piped.stdout.contains(example.trimmingCharacters(in: .whitespaces)))
  }

  @Test func anEmptyListSaysHowToStartOnATerminal() throws {
    let sandbox = try Sandbox()
    let output = try onTerminal(sandbox, ["list"], environment: ["NO_COLOR": "1"])
    #expect(output.stdout.contains("No bookcases yet. Create one with: vocab add-bookcase NAME\n"))
  }

  @Test func deletingAsksOnATerminalAndYesDeletes() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    let output = try onTerminal(sandbox, ["delete-bookcase", "TOEFL"], input: "y\n")
    #expect(output.status == 0)
    #expect(output.stdout.contains("Delete bookcase “TOEFL” (id 1) and its 1 word? [y/N] "))
    #expect(output.stdout.contains("Deleted bookcase “TOEFL” and its 1 word.\n"))
    #expect(try sandbox.sqlite("SELECT count(*) FROM bookcases;") == "0\n")
  }

  @Test(arguments: ["n\n", "\n", "whatever\n"])
  func anythingButYesKeepsTheWord(answer: String) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    let before = try sandbox.dump()
    let output = try onTerminal(sandbox, ["delete-word", "1"], input: answer)
    #expect(output.status == 1)
    #expect(output.stdout.contains("Delete word 1 “ubiquitous”? [y/N] "))
    #expect(output.stdout.contains("error: cancelled; nothing was deleted"))
    #expect(try sandbox.dump() == before)
  }

  @Test func ctrlDAtThePromptEndsItsLineBeforeTheError() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    let before = try sandbox.dump()
    // Typed input that ends at once: script(1) passes the end on to the terminal as Ctrl-D.
    let output = try onTerminal(sandbox, ["delete-word", "1"], input: "")
    #expect(output.status == 1)
    #expect(output.stdout.contains("Delete word 1 “ubiquitous”? [y/N] \nerror: cancelled; nothing was deleted\n"))
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: ["ｙ\n", "ｙｅｓ\n", "ＹＥＳ\n", "Ｙes\n", " y \n"])
  func yesTypedFullWidthOrInAnyCaseDeletes(answer: String) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    let output = try onTerminal(sandbox, ["delete-word", "1"], input: answer)
    #expect(output.status == 0)
    #expect(output.stdout.contains("Deleted word 1 “ubiquitous”.\n"))
    #expect(try sandbox.sqlite("SELECT count(*) FROM words;") == "0\n")
  }

  @Test(arguments: [("y\n", true), ("n\n", false)])
  func restoreAsksOnATerminal(answer: String, restores: Bool) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let backup = sandbox.directory + "/before.bak"
    try #require(try sandbox.vocab(["backup", backup]).status == 0)
    try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"])
    let output = try onTerminal(sandbox, ["restore", backup], input: answer)
    #expect(
      output.stdout.contains(
        "Replace the database \(sandbox.database) with the backup \(backup)? "
          + "The database as it is now is backed up first. [y/N] "))
    #expect(output.status == (restores ? 0 : 1))
    #expect(try sandbox.sqlite("SELECT count(*) FROM words;") == (restores ? "0\n" : "1\n"))
    if !restores { #expect(output.stdout.contains("error: cancelled; nothing was restored")) }
  }
}
