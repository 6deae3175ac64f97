import Foundation
import Testing

/// Separate `vocab` processes writing to one database at the same time.
@Suite struct ConcurrencyTests {
  /// A shell loop running `vocab add-word` `count` times, one process after another.
  func addWords(_ sandbox: Sandbox, prefix: String, count: Int) throws -> ChildProcess {
    let script = """
      i=1
      while [ $i -le \(count) ]; do
        "$VOCAB" add-word "JLPT N3" "\(prefix)$i" "meaning $i" >/dev/null || exit 1
        i=$((i + 1))
      done
      """
    return try sandbox.shell(script)
  }

  @Test func twoProcessesAddingWordsLoseNothing() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    let count = 25
    let first = try addWords(sandbox, prefix: "a", count: count)
    let second = try addWords(sandbox, prefix: "b", count: count)
    #expect(first.wait() == 0, "stderr: \(first.stderr)")
    #expect(second.wait() == 0, "stderr: \(second.stderr)")

    let words = try #require(
      try JSONHelpers.object(try sandbox.vocab(["list", "JLPT N3", "--json"]).stdout)["words"] as? [[String: Any]])
    let terms = Set(words.compactMap { $0["term"] as? String })
    let expected = Set((1...count).flatMap { ["a\($0)", "b\($0)"] })
    #expect(words.count == 2 * count)
    #expect(terms == expected)
    #expect(try sandbox.sqlite("PRAGMA integrity_check;") == "ok\n")
    let list = try JSONHelpers.object(try sandbox.vocab(["list", "--json"]).stdout)
    #expect((list["bookcases"] as? [[String: Any]])?.first?["wordCount"] as? Int == 2 * count)
  }

  @Test func twoProcessesCreatingTheSameFreshDatabase() throws {
    // Both find no database and create and migrate it at once. The window is narrow: try several times.
    for _ in 1...8 {
      let sandbox = try Sandbox()
      let first = try sandbox.start(raw: [Array("add-bookcase".utf8), Array("A".utf8)])
      let second = try sandbox.start(raw: [Array("add-bookcase".utf8), Array("B".utf8)])
      #expect(first.wait() == 0, "stderr: \(first.stderr)")
      #expect(second.wait() == 0, "stderr: \(second.stderr)")
      #expect(try sandbox.sqlite("SELECT name FROM bookcases ORDER BY name;") == "A\nB\n")
    }
  }

  /// `count` `vocab list` processes started together, each waited for: their stderr.
  func listAtOnce(_ sandbox: Sandbox, count: Int) async throws -> [String] {
    let children = try (1...count).map { _ in try sandbox.start(raw: [Array("list".utf8)]) }
    var stderr: [String] = []
    for child in children {
      #expect(await child.exited() == 0, "stderr: \(child.stderr)")
      stderr.append(child.stderr)
    }
    return stderr
  }

  /// Four processes meeting a version-1 database at once: the version is read, the backup made and the migration
  /// run under one lock, so exactly one process backs it up, migrates it and says so, and the backup holds
  /// version 1.
  @Test func processesMeetingAnOldDatabaseTogetherMigrateItOnce() async throws {
    for _ in 1...6 {
      let sandbox = try MigrateTests.behind()
      let notices = try await listAtOnce(sandbox, count: 4).filter { !$0.isEmpty }
      #expect(notices.count == 1, "\(notices)")
      #expect(notices.allSatisfy { $0.hasPrefix("vocab: migrated \(sandbox.database) from version 1 to \(MigrateTests.latest); backup at ") })
      let backups = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0.hasSuffix(".bak") }
      #expect(backups.count == 1, "\(backups)")
      for backup in backups {
        #expect(try sandbox.sqlite("PRAGMA user_version;", path: sandbox.directory + "/" + backup) == "1\n")
      }
    }
  }

  @Test func processesCreatingTheSameDatabaseTogetherSaySoOnce() async throws {
    for _ in 1...6 {
      let sandbox = try Sandbox()
      let notices = try await listAtOnce(sandbox, count: 4).filter { !$0.isEmpty }
      #expect(notices == ["vocab: created the database \(sandbox.database)\n"])
    }
  }
}
