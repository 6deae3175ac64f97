import Foundation
import Testing

/// Output that cannot be written is an error, not a quiet exit 0 with the listing lost.
struct OutputTests {
  @Test(arguments: [["list"], ["list", "--json"], ["list", "TOEFL", "--json"]])
  func aFullDiskFailsTheCommand(arguments: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    let shell = try sandbox.shell(#""$VOCAB" "$@" > /dev/full"#, arguments: arguments)
    #expect(shell.wait() == 1)
    #expect(shell.stderr == "error: could not write the output: No space left on device\n")
    #expect(try sandbox.dump() == before)
  }

  @Test func aClosedStdoutFailsTheCommandAndTouchesNoFile() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    // With stdout closed, the next file opened would take descriptor 1 and receive the listing.
    let shell = try sandbox.shell(#""$VOCAB" list TOEFL >&-; "$VOCAB" add-word TOEFL cat neko >&-"#)
    #expect(shell.wait() == 1)
    #expect(
      shell.stderr
        == "error: could not write the output: standard output is closed\n"
        + "error: could not write the output: standard output is closed\n")
    // The word was added (the request was carried out; only its report was lost), and nothing else changed.
    #expect(try sandbox.sqlite("SELECT term, meaning FROM words;") == "cat|neko\n")
    #expect(try sandbox.sqlite("PRAGMA integrity_check;") == "ok\n")
    #expect(before.contains("TOEFL"))
  }
}
