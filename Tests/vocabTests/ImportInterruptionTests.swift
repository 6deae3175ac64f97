import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Ctrl-C during an import rolls it back, and a long import shows its progress on a terminal only.
@Suite struct ImportInterruptionTests {
  /// A file of `count` words, long enough that an import of it is still running when the test acts.
  static func bigFile(_ sandbox: Sandbox, count: Int = 300_000) throws -> String {
    let path = sandbox.directory + "/big.tsv"
    var text = ""
    text.reserveCapacity(count * 40)
    for index in 0..<count { text += "word\(index)\tmeaning \(index)\tread\(index)\n" }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// A named pipe in the sandbox.
  static func fifo(in sandbox: Sandbox) throws -> String {
    let path = sandbox.directory + "/words.fifo"
    try #require(mkfifo(path, 0o600) == 0)
    return path
  }

  /// `vocab import -` (TSV, into a new bookcase) reading the pipe at `path`, started without waiting for it.
  static func importReading(_ path: String, in sandbox: Sandbox) throws -> ChildProcess {
    try ChildProcess(
      executable: Sandbox.vocabBinary,
      arguments: ["import", "-", "--format", "tsv", "--into", "New"].map { Array($0.utf8) },
      environment: sandbox.environment(), stdinPath: path, outputDirectory: sandbox.directory)
  }

  static func size(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
  }

  @Test func ctrlCDuringAnImportRollsItBackAndSaysSo() async throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    // The words come through a pipe from a shell that writes the file again and again (the repeats are
    // duplicates, skipped), so the import cannot end before Ctrl-C however long the test takes to send it, and is
    // never left waiting for input when it comes.
    let pipe = try Self.fifo(in: sandbox)
    let feeder = try sandbox.shell(#"while :; do cat "$2"; done > "$1""#, arguments: [pipe, try Self.bigFile(sandbox)])
    defer { feeder.stop() }
    let child = try Self.importReading(pipe, in: sandbox)
    defer { child.stop() }
    // Words are being written once the transaction's pages spill into the log.
    let deadline = Date().addingTimeInterval(120)
    while Self.size(sandbox.database + "-wal") < 1 << 20, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    try #require(Self.size(sandbox.database + "-wal") >= 1 << 20, "the import never got going: \(child.stderr)")
    child.signal(SIGINT)
    #expect(await child.exited() == 130)
    #expect(child.stderr == "vocab: interrupted; nothing was imported\n", "no progress line off a terminal")
    #expect(try sandbox.dump() == before)
  }

  @Test func ctrlCStopsAnImportWaitingForInput() async throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    // A pipe the test writes one word into and keeps open, so the import reads it and then waits for more
    // (a FIFO opened read-write does not wait for its other end on Linux).
    let pipe = try Self.fifo(in: sandbox)
    let writer = open(pipe, O_RDWR)
    try #require(writer >= 0)
    defer { close(writer) }
    let line = Array("abate\tlessen\n".utf8)
    try #require(line.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == line.count)
    let child = try Self.importReading(pipe, in: sandbox)
    defer { child.stop() }
    var unread: Int32 = 1
    let deadline = Date().addingTimeInterval(120)
    while ioctl(writer, UInt(FIONREAD), &unread) == 0, unread > 0, Date() < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    try #require(unread == 0, "the import never read its input: \(child.stderr)")
    child.signal(SIGINT)
    #expect(child.wait(timeout: 60) == 130, "an import waiting for input let Ctrl-C pass")
    #expect(child.stderr == "vocab: interrupted; nothing was imported\n")
    #expect(try sandbox.dump() == before)
  }

  @Test(.enabled(if: Tmux.isAvailable)) func onATerminalALongImportShowsItsProgressAndCtrlCStopsIt() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    let path = try Self.bigFile(sandbox)
    let terminal = try Tmux(sandbox, ["import", path, "--into", "New"])
    let progress = try terminal.waitForScreen(timeout: 120) {
      $0.contains("Importing: ") && $0.contains(" words/s, about ") && $0.contains(" s left")
    }
    #expect(progress, "\(terminal.shown)")
    try terminal.send(keys: "C-c")
    // The pane closes with the command, so its last words are checked by the test above, off a terminal.
    #expect(terminal.waitForExit(timeout: 120) == 130)
    #expect(try sandbox.dump() == before)
  }
}
