import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What opening a database can meet: something that is not a file, a full disk, a failing disk, another program's
/// lock. Each reads as the same failure would while writing, names the file, and changes nothing.
@Suite struct OpeningTests {
  @Test func aDeviceIsRefusedBeforeSQLiteTouchesIt() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["--db", "/dev/null", "list"])
    #expect(output.status == 1)
    #expect(output.stderr == "error: /dev/null is not a regular file, so it cannot be a database; it was left "
      + "unchanged. Choose another file with --db.\n")
    #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
  }

  @Test(arguments: [["list"], ["migrate", "--status"], ["migrate"]])
  func aFIFOIsRefusedWithoutOpeningIt(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let fifo = sandbox.directory + "/pipe"
    try #require(mkfifo(fifo, 0o644) == 0)
    // Opening a FIFO for reading would block until a writer came; the refusal comes first.
    let output = try sandbox.vocab(arguments, environment: ["VOCAB_DB": fifo])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: \(fifo) is not a regular file"))
    #expect(output.stderr.hasSuffix("Set VOCAB_DB to another file, or choose one with --db.\n"))
  }

  /// `vocab list` with one system call made to fail by strace: the message names the kind, not just a number.
  func listFailing(_ injection: String, onlyOn path: String, in sandbox: Sandbox) throws -> Sandbox.Output {
    try #require(FileManager.default.isExecutableFile(atPath: BackupTests.strace), "run scripts/setup to install strace")
    let child = try ChildProcess(
      executable: BackupTests.strace,
      arguments: ["-f", "-o", "/dev/null", "-P", path, "-e", "inject=\(injection)", Sandbox.vocabBinary, "list"]
        .map { Array($0.utf8) },
      environment: sandbox.environment(), outputDirectory: sandbox.directory)
    return Sandbox.Output(status: child.wait(), stdout: child.stdout, stderr: child.stderr)
  }

  @Test func aFullDiskWhileOpeningSaysTheDiskIsFull() throws {
    let sandbox = try ErrorTests.populated()
    let before = try sandbox.dump()
    // Opening writes the WAL index beside the database: that is where a full disk is met first.
    let output = try listFailing("pwrite64:error=ENOSPC", onlyOn: sandbox.database + "-shm", in: sandbox)
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: \(sandbox.database): the disk is full, so nothing was changed; free some space"))
    #expect(output.stderr.contains("No space left on device"))
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: [1, 2, 3])
  func anInputOutputErrorIsNotCalledDamage(read: Int) throws {
    let sandbox = try ErrorTests.populated()
    let output = try listFailing("pread64:error=EIO:when=\(read)", onlyOn: sandbox.database, in: sandbox)
    #expect(output.status == 1)
    #expect(output.stderr.contains("could not be read or written (an input/output error)"), "\(output.stderr)")
    #expect(!output.stderr.contains("damaged"))
  }

  /// Another program holding the database: `sqlite3` with an exclusive lock, until the test lets it go.
  func holdingTheLock(_ sql: String, in sandbox: Sandbox) throws -> (child: ChildProcess, release: () -> Void) {
    let release = sandbox.directory + "/release"
    let script = """
      { printf '%s\\n' "$1" "SELECT 'holding';"; while [ ! -e "$2" ]; do sleep 0.05; done; } | "$3" "$VOCAB_DB"
      """
    let child = try sandbox.shell(script, arguments: [sql, release, Sandbox.sqlite3])
    try #require(child.waitForOutput { $0.contains("holding") }, "stderr: \(child.stderr)")
    return (child, { FileManager.default.createFile(atPath: release, contents: nil) })
  }

  @Test func aDatabaseLockedByAnotherProgramSaysHowLongVocabWaited() async throws {
    let sandbox = try ErrorTests.populated()
    let (holder, release) = try holdingTheLock("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;", in: sandbox)
    defer {
      release()
      holder.wait()
    }
    let output = try await sandbox.run(["list"])
    #expect(output.status == 1)
    #expect(output.stderr.hasPrefix("error: \(sandbox.database): the database is busy: another program kept it "
      + "locked for more than the 5 seconds vocab waited, and nothing was changed; try again (SQLite error 5"))
  }

  /// A database another program left in `journal_mode=DELETE` and holds a read transaction on: switching it to WAL
  /// would need that program gone, so a reading command reads it as it is instead of waiting for the switch (and
  /// failing once the wait is over, as it did).
  @Test func aRollbackJournalDatabaseHeldOpenIsReadWithoutConvertingIt() throws {
    let sandbox = try ErrorTests.populated()
    _ = try sandbox.sqlite("PRAGMA journal_mode = DELETE;")
    let (holder, release) = try holdingTheLock("BEGIN; SELECT count(*) FROM bookcases;", in: sandbox)
    defer {
      release()
      holder.wait()
    }
    let list = try sandbox.vocab(["list"])
    #expect(list.status == 0, "stderr: \(list.stderr)")
    #expect(list.stdout.contains("JLPT N3"))
    release()
    holder.wait()
    #expect(try sandbox.sqlite("PRAGMA journal_mode;") == "delete\n")
  }
}
