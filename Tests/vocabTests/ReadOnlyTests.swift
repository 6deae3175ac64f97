import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Reading a database vocab may not write, as an unprivileged user (root ignores permission bits): reads work and
/// leave nothing behind, writes fail with one line that says why, and nothing older than what was committed is
/// ever shown.
@Suite struct ReadOnlyTests {
  /// A database holding "JLPT N3", alone in `<sandbox>/data/`, owned by the user the commands run as.
  static func alone() throws -> (sandbox: Sandbox, directory: String, database: String) {
    let sandbox = try Sandbox()
    let directory = sandbox.directory + "/data"
    let database = directory + "/vocab.sqlite3"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"], environment: ["VOCAB_DB": database]).status == 0)
    if Sandbox.isRoot {
      for path in [directory, database] { chown(path, 65534, 65534) }
    }
    return (sandbox, directory, database)
  }

  func vocab(_ arguments: [String], _ sandbox: Sandbox, database: String) throws -> Sandbox.Output {
    try sandbox.vocab(arguments, environment: ["VOCAB_DB": database], unprivileged: Sandbox.isRoot)
  }

  func files(_ directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
  }

  /// Reading a 0444 file once used to leave 0444 `-wal`/`-shm` files that blocked every write after `chmod 644`.
  @Test func readingAReadOnlyFileLeavesNothingThatBlocksLaterWrites() throws {
    let (sandbox, directory, database) = try Self.alone()
    chmod(database, 0o444)
    let list = try vocab(["list"], sandbox, database: database)
    #expect(list.status == 0, "stderr: \(list.stderr)")
    #expect(list.stdout.contains("JLPT N3"))
    #expect(try files(directory) == ["vocab.sqlite3"])
    chmod(database, 0o644)
    let add = try vocab(["add-bookcase", "TOEFL"], sandbox, database: database)
    #expect(add.status == 0, "stderr: \(add.stderr)")
  }

  @Test func aWritableDatabaseInADirectoryThatIsNotIsReadButNotWritten() throws {
    let (sandbox, directory, database) = try Self.alone()
    chmod(directory, 0o555)
    defer { chmod(directory, 0o755) }
    let before = try sandbox.dump(database)
    let list = try vocab(["list"], sandbox, database: database)
    #expect(list.status == 0, "stderr: \(list.stderr)")
    #expect(list.stdout.contains("JLPT N3"))
    let add = try vocab(["add-bookcase", "TOEFL"], sandbox, database: database)
    #expect(add.status == 1)
    #expect(add.stderr.hasPrefix("error: the database is read-only, so nothing was changed"))
    #expect(add.stderr.contains("you may not create files in its directory \(directory),"))
    #expect(add.stderr.filter { $0 == "\n" }.count == 1)
    #expect(try files(directory) == ["vocab.sqlite3"])
    #expect(try sandbox.dump(database) == before)
  }

  @Test func aNewDatabaseInADirectoryThatCannotBeWrittenNamesTheDirectory() throws {
    let (sandbox, directory, _) = try Self.alone()
    chmod(directory, 0o555)
    defer { chmod(directory, 0o755) }
    let database = directory + "/new.sqlite3"
    let output = try vocab(["list"], sandbox, database: database)
    #expect(output.status == 1)
    #expect(output.stderr == "error: cannot open the database at \(database): you may not create files in \(directory)\n")
    #expect(try files(directory) == ["vocab.sqlite3"])
  }

  /// `migrate --status` and `--dry-run` of a database copied without its `-wal`/`-shm` (as a backup would be).
  @Test(arguments: [["migrate", "--status"], ["migrate", "--dry-run"]])
  func statusAndDryRunCreateNothingBesideADatabase(arguments: [String]) throws {
    let (sandbox, directory, database) = try Self.alone()
    let output = try sandbox.vocab(arguments, environment: ["VOCAB_DB": database])
    #expect(output.status == 0, "stderr: \(output.stderr)")
    #expect(try files(directory) == ["vocab.sqlite3"])
  }

  /// A write-ahead log with committed rows and no index beside it, in a directory the user cannot write (as on a
  /// read-only mount): reading the file alone would silently show the database as it was before those rows.
  @Test func aLogThatCannotBeReadIsRefusedNotIgnored() throws {
    let (sandbox, directory, database) = try Self.alone()
    // sqlite3 commits the row to the log and, told not to, leaves it there when it closes.
    let writer = try ChildProcess(
      executable: Sandbox.sqlite3,
      arguments: [database, ".dbconfig no_ckpt_on_close on",
        "INSERT INTO bookcases (name, name_key, description, created_at, updated_at) VALUES ('Late', 'late', '', 0, 0);"]
        .map { Array($0.utf8) },
      environment: sandbox.environment(), outputDirectory: sandbox.directory)
    try #require(writer.wait() == 0, "stderr: \(writer.stderr)")
    try FileManager.default.removeItem(atPath: database + "-shm")
    if Sandbox.isRoot { chown(database + "-wal", 65534, 65534) }
    let log = try Data(contentsOf: URL(fileURLWithPath: database + "-wal"))
    #expect(!log.isEmpty)
    chmod(directory, 0o555)
    defer { chmod(directory, 0o755) }
    for arguments in [["list"], ["migrate", "--status"]] {
      let output = try vocab(arguments, sandbox, database: database)
      #expect(output.status == 1, "\(arguments): \(output.stdout)")
      #expect(output.stderr == "error: \(database) cannot be read safely: its write-ahead log \(database)-wal holds "
        + "committed changes, and without write access SQLite cannot build the index (\(database)-shm) it needs to "
        + "read them; it was left unchanged. Run any vocab command on it once where the file and its directory are "
        + "writable.\n")
    }
    #expect(try files(directory) == ["vocab.sqlite3", "vocab.sqlite3-wal"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: database + "-wal")) == log)
    // Where it may write, vocab reads the committed row.
    chmod(directory, 0o755)
    #expect(try vocab(["list"], sandbox, database: database).stdout.contains("Late"))
  }
}
