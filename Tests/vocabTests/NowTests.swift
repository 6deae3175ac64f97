import Foundation
import Testing

/// `VOCAB_NOW`: the moment every command takes for now, for scripts and tests.
@Suite struct NowTests {
  @Test func setsTheTimeACommandWrites() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(
      ["add-bookcase", "TOEFL", "--json"], environment: ["VOCAB_NOW": "2026-03-01T17:00:00+09:00"])
    #expect(output.status == 0)
    let bookCase = try JSONHelpers.object(output.stdout)
    #expect(bookCase["createdAt"] as? String == "2026-03-01T08:00:00Z")
    let later = try sandbox.vocab(
      ["edit-bookcase", "TOEFL", "--description", "d", "--json"], environment: ["VOCAB_NOW": "2026-03-02T08:00:00Z"])
    #expect(try JSONHelpers.object(later.stdout)["updatedAt"] as? String == "2026-03-02T08:00:00Z")
  }

  @Test(arguments: ["yesterday", "2026-03-01", "2026-03-01T08:00:00", ""])
  func anUnreadableValueIsAUsageErrorThatTouchesNothing(value: String) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["add-bookcase", "JLPT N3"], environment: ["VOCAB_NOW": value])
    #expect(output.status == 64)
    #expect(output.stderr == "error: VOCAB_NOW is \"\(value)\", not an ISO 8601 date and time such as 2026-03-01T08:00:00Z or 2026-03-01T17:00:00+09:00\n")
    #expect(output.stdout.isEmpty)
    #expect(try sandbox.dump() == before)
  }

  @Test func anUnreadableValueCreatesNoDatabase() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.vocab(["list"], environment: ["VOCAB_NOW": "soon"]).status == 64)
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }
}
