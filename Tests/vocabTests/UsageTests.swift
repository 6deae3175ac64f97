import Foundation
import Testing

/// Wrong usage is ArgumentParser's business and exits 64; vocab's own refusals exit 1.
@Suite struct UsageTests {
  @Test func versionPrintsTheVersion() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["--version"])
    #expect(output.status == 0)
    #expect(output.stdout == "0.1.0\n")
  }

  @Test func helpDocumentsExitCodesAndDatabaseLocation() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["--help"])
    #expect(output.status == 0)
    #expect(output.stdout.contains("EXIT CODES:"))
    #expect(output.stdout.contains("64  wrong usage"))
    #expect(output.stdout.contains("$XDG_DATA_HOME/vocab/vocab.sqlite3"))
    #expect(output.stdout.contains(#"go after "--": vocab add-word TOEFL -- -ing "suffix"."#))
    for command in [
      "add-bookcase", "list", "edit-bookcase, rename-bookcase", "delete-bookcase, delete", "add-word", "edit-word",
      "move-word", "delete-word", "show", "tags", "refresh", "migrate", "backup", "restore",
    ] {
      // A long name has its abstract on the next line.
      #expect(output.stdout.contains("\n  \(command) ") || output.stdout.contains("\n  \(command)\n"), "help lists \(command)")
    }
  }

  @Test func helpForACommandDescribesItsOptions() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["help", "add-word"])
    #expect(output.status == 0)
    for option in ["--example <example>", "--note <note>", "--db <path>", "<bookcase>", "<term>", "<meaning>"] {
      #expect(output.stdout.contains(option), "help for add-word mentions \(option)")
    }
  }

  @Test(arguments: [["help", "nosuch"], ["help", "list", "nosuch"], ["help", "delet"]])
  func helpForAnUnknownCommandIsWrongUsage(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(arguments)
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.hasPrefix("Error: Unknown command '\(arguments.last!)'"))
  }

  @Test(arguments: ["delete", "delete-bookcase", "list"])
  func helpForACommandOrAliasSucceeds(command: String) throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["help", command])
    #expect(output.status == 0)
    #expect(output.stdout.hasPrefix("OVERVIEW: "))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionScripts(shell: String) throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["--generate-completion-script", shell])
    #expect(output.status == 0)
    #expect(output.stdout.contains("add-bookcase"))
    #expect(output.stdout.contains("rename-bookcase"))
  }

  @Test(arguments: [
    ["frobnicate"],
    ["add-bookcase"],
    ["add-word", "JLPT"],
    ["edit-word", "seven", "--term", "x"],
    ["edit-word", "7"],
    ["delete-word"],
    ["list", "--colour"],
    ["migrate", "--status", "--dry-run"],
  ])
  func wrongUsageExits64AndCreatesNoDatabase(arguments: [String]) throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(arguments)
    #expect(output.status == 64)
    #expect(output.stderr.contains("Usage:"))
    #expect(output.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }

  @Test func invalidUTF8ArgumentIsRefusedBeforeAnythingIsWritten() throws {
    let sandbox = try Sandbox()
    // "caf\xE9" is Latin-1, not UTF-8.
    let output = try sandbox.vocab(raw: [Array("add-bookcase".utf8), [0x63, 0x61, 0x66, 0xE9]])
    #expect(output.status == 1)
    #expect(output.stderr == "error: argument 2 is not valid UTF-8 (bytes: 63 61 66 E9); check your terminal's locale and encoding\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }
}
