import Foundation
import Testing

/// `--db`, then `$VOCAB_DB`, then `$XDG_DATA_HOME/vocab/vocab.sqlite3`, then `~/.local/share/vocab/vocab.sqlite3`.
@Suite struct LocationTests {
  func bookCaseNames(at path: String, in sandbox: Sandbox) throws -> String {
    try sandbox.sqlite("SELECT name FROM bookcases ORDER BY id;", path: path)
  }

  @Test func theOptionWinsOverEverything() throws {
    let sandbox = try Sandbox()
    let chosen = sandbox.directory + "/chosen.sqlite3"
    let dataHome = sandbox.directory + "/data"
    let output = try sandbox.vocab(["--db", chosen, "add-bookcase", "A"], environment: ["XDG_DATA_HOME": dataHome])
    #expect(output.status == 0)
    #expect(try bookCaseNames(at: chosen, in: sandbox) == "A\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    #expect(!FileManager.default.fileExists(atPath: dataHome))
    // After the command name as well.
    #expect(try sandbox.vocab(["add-bookcase", "B", "--db", chosen]).status == 0)
    #expect(try bookCaseNames(at: chosen, in: sandbox) == "A\nB\n")
  }

  @Test func theEnvironmentVariableWinsOverTheDataHome() throws {
    let sandbox = try Sandbox()
    let dataHome = sandbox.directory + "/data"
    #expect(try sandbox.vocab(["add-bookcase", "A"], environment: ["XDG_DATA_HOME": dataHome]).status == 0)
    #expect(try bookCaseNames(at: sandbox.database, in: sandbox) == "A\n")
    #expect(!FileManager.default.fileExists(atPath: dataHome))
  }

  @Test func theDataHomeWinsOverHomeAndItsDirectoryIsCreated() throws {
    let sandbox = try Sandbox()
    let dataHome = sandbox.directory + "/data"
    let output = try sandbox.vocab(["add-bookcase", "A"], environment: ["VOCAB_DB": nil, "XDG_DATA_HOME": dataHome])
    #expect(output.status == 0)
    #expect(try bookCaseNames(at: dataHome + "/vocab/vocab.sqlite3", in: sandbox) == "A\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local"))
  }

  @Test(arguments: [nil, "", "relative/data"])
  func otherwiseTheDatabaseLivesUnderHome(dataHome: String?) throws {
    let sandbox = try Sandbox()
    // An empty or relative XDG_DATA_HOME is invalid by the XDG specification and ignored.
    let output = try sandbox.vocab(["add-bookcase", "A"], environment: ["VOCAB_DB": nil, "XDG_DATA_HOME": dataHome])
    #expect(output.status == 0)
    #expect(try bookCaseNames(at: sandbox.home + "/.local/share/vocab/vocab.sqlite3", in: sandbox) == "A\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }

  /// An error the path caused names how the path was chosen: a person who set `VOCAB_DB` long ago and never
  /// typed `--db` must be told which setting to change.
  @Test func anErrorTheEnvironmentVariableCausedNamesIt() throws {
    let sandbox = try Sandbox()
    try Data("my shopping list\n".utf8).write(to: URL(fileURLWithPath: sandbox.database))
    let fromEnvironment = try sandbox.vocab(["list"])
    #expect(fromEnvironment.status == 1)
    #expect(fromEnvironment.stderr == "error: \(sandbox.database) is not a SQLite database; it was left unchanged. "
      + "Set VOCAB_DB to another file, or choose one with --db.\n")
    let fromOption = try sandbox.vocab(["--db", sandbox.database, "migrate", "--status"], environment: ["VOCAB_DB": nil])
    #expect(fromOption.stderr == "error: \(sandbox.database) is not a SQLite database; it was left unchanged. "
      + "Choose another file with --db.\n")
    let missing = try sandbox.vocab(["list"], environment: ["VOCAB_DB": sandbox.directory + "/nowhere/v.sqlite3"])
    #expect(missing.stderr
      == "error: the directory \(sandbox.directory)/nowhere for the database \(sandbox.directory)/nowhere/v.sqlite3 (from VOCAB_DB) does not exist\n")
    #expect(try sandbox.vocab(["list"], environment: ["VOCAB_DB": sandbox.home]).stderr
      == "error: the database path \(sandbox.home) (from VOCAB_DB) is a directory; give the path of a database file\n")
  }
}
