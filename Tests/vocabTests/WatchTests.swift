import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `refresh --watch` as a process: it prints again when another process changes the data, and SIGINT ends it
/// with exit code 0.
@Suite struct WatchTests {
  @Test func watchingABookCaseSeesAWordAddedByAnotherProcess() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    try #require(try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "JLPT N3", "--watch", "--json"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.contains("\"猫\"") }, "first print: \(watcher.stdout) \(watcher.stderr)")

    #expect(try sandbox.vocab(["add-word", "JLPT N3", "犬", "dog"]).status == 0)
    #expect(watcher.waitForOutput { $0.contains("\"犬\"") }, "printed again: \(watcher.stdout) \(watcher.stderr)")

    watcher.signal(SIGINT)
    #expect(watcher.wait() == 0, "stderr: \(watcher.stderr)")
    let documents = watcher.stdout.split(separator: "\n")
    #expect(documents.count == 2)
    let last = try JSONHelpers.object(String(documents[1]))
    #expect((last["words"] as? [[String: Any]])?.compactMap { $0["term"] as? String } == ["猫", "犬"])
  }

  @Test func watchingABookCaseEndsWithExitCode1WhenItIsDeleted() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "JLPT N3", "--watch"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.hasPrefix("ID  TERM") }, "first print: \(watcher.stdout) \(watcher.stderr)")

    #expect(try sandbox.vocab(["delete-bookcase", "JLPT N3", "--yes"]).status == 0)
    #expect(watcher.wait(timeout: 60) == 1)
    #expect(watcher.stderr == "error: no bookcase has the id 1; `vocab list` shows the bookcases\n")
    #expect(watcher.stdout == "ID  TERM  MEANING  EXAMPLE  NOTE\n")
  }

  @Test func watchingTheListSeesCountsChange() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)

    let watcher = try sandbox.start(raw: ["refresh", "--watch"].map { Array($0.utf8) })
    defer { watcher.stop() }
    #expect(watcher.waitForOutput { $0.contains(" 1  TOEFL      0") }, "first print: \(watcher.stdout)")

    #expect(try sandbox.vocab(["add-word", "TOEFL", "ubiquitous", "everywhere"]).status == 0)
    #expect(try sandbox.vocab(["add-bookcase", "IELTS"]).status == 0)
    #expect(watcher.waitForOutput { $0.contains(" 2  IELTS      0") && $0.contains(" 1  TOEFL      1") },
      "printed again: \(watcher.stdout)")

    watcher.signal(SIGINT)
    #expect(watcher.wait() == 0, "stderr: \(watcher.stderr)")
  }
}
