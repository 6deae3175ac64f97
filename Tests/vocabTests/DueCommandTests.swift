import Foundation
import Testing

/// `due [BOOKCASE] [--json]` and the DUE column of `list`, at times `VOCAB_NOW` sets.
@Suite struct DueCommandTests {
  /// TOEFL (2 new cards a day) with words 1–3 and IELTS with word 4, all added at 2026-03-01T08:00:00Z (UTC is
  /// the local time here, so the review day began at 04:00Z).
  static func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    let now = ["VOCAB_NOW": "2026-03-01T08:00:00Z"]
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"], environment: now).status == 0)
    try #require(try sandbox.vocab(["add-bookcase", "IELTS"], environment: now).status == 0)
    for term in ["abate", "benign", "candid"] {
      try #require(try sandbox.vocab(["add-word", "TOEFL", term, "m"], environment: now).status == 0)
    }
    try #require(try sandbox.vocab(["add-word", "IELTS", "dour", "m"], environment: now).status == 0)
    try #require(try sandbox.vocab(["edit-bookcase", "TOEFL", "--new-per-day", "2", "--fuzz", "off"]).status == 0)
    return sandbox
  }

  static func due(_ sandbox: Sandbox, _ arguments: [String] = [], at now: String) throws -> [String: Any] {
    let output = try sandbox.vocab(["due"] + arguments + ["--json"], environment: ["VOCAB_NOW": now, "TZ": "UTC"])
    try #require(output.status == 0, "\(output.stderr)")
    return try JSONHelpers.object(output.stdout)
  }

  static func expect(_ object: [String: Any], new: Int, learning: Int, review: Int, relearning: Int, next: String?) {
    #expect(Set(object.keys) == ["new", "learning", "review", "relearning", "next"])
    #expect(object["new"] as? Int == new)
    #expect(object["learning"] as? Int == learning)
    #expect(object["review"] as? Int == review)
    #expect(object["relearning"] as? Int == relearning)
    if let next { #expect(object["next"] as? String == next) } else { #expect(object["next"] is NSNull) }
  }

  @Test func countsWhatASessionWouldShowAndWhenTheNextCardIs() throws {
    let sandbox = try Self.sandbox()
    // Nothing before the words were added; the next is when they were.
    Self.expect(try Self.due(sandbox, at: "2026-03-01T07:00:00Z"), new: 0, learning: 0, review: 0, relearning: 0, next: "2026-03-01T08:00:00Z")
    // TOEFL's three new words, capped at its two a day; IELTS's one.
    Self.expect(try Self.due(sandbox, at: "2026-03-01T09:00:00Z"), new: 3, learning: 0, review: 0, relearning: 0, next: nil)
    Self.expect(try Self.due(sandbox, ["TOEFL"], at: "2026-03-01T09:00:00Z"), new: 2, learning: 0, review: 0, relearning: 0, next: nil)

    // Word 1 learnt (Good: step 1, due in 10 minutes): one of TOEFL's two new cards today is used.
    let environment = ["VOCAB_NOW": "2026-03-01T09:00:00Z"]
    try #require(try sandbox.vocab(["grade", "1", "good"], environment: environment).status == 0)
    Self.expect(try Self.due(sandbox, ["TOEFL"], at: "2026-03-01T09:05:00Z"), new: 1, learning: 0, review: 0, relearning: 0, next: "2026-03-01T09:10:00Z")
    Self.expect(try Self.due(sandbox, ["toefl"], at: "2026-03-01T09:10:00Z"), new: 1, learning: 1, review: 0, relearning: 0, next: nil)
    // Word 1 into review (Good again: due in 2 days), then forgotten then (Again: relearning).
    try #require(try sandbox.vocab(["grade", "1", "good"], environment: ["VOCAB_NOW": "2026-03-01T09:10:00Z"]).status == 0)
    Self.expect(try Self.due(sandbox, ["TOEFL"], at: "2026-03-01T09:10:00Z"), new: 1, learning: 0, review: 0, relearning: 0, next: "2026-03-03T09:10:00Z")
    // A new review day (from 04:00): two new cards again, and the review card due.
    Self.expect(try Self.due(sandbox, ["TOEFL"], at: "2026-03-03T09:10:00Z"), new: 2, learning: 0, review: 1, relearning: 0, next: nil)
    try #require(try sandbox.vocab(["grade", "1", "again"], environment: ["VOCAB_NOW": "2026-03-03T09:10:00Z"]).status == 0)
    Self.expect(try Self.due(sandbox, ["1"], at: "2026-03-03T09:20:00Z"), new: 2, learning: 0, review: 0, relearning: 1, next: nil)
    // The day's limit of reviews of review cards: none left at 0.
    try #require(try sandbox.vocab(["edit-bookcase", "TOEFL", "--new-per-day", "0"]).status == 0)
    Self.expect(try Self.due(sandbox, ["TOEFL"], at: "2026-03-03T09:20:00Z"), new: 0, learning: 0, review: 0, relearning: 1, next: nil)
  }

  @Test func textAndTheListsDueColumn() throws {
    let sandbox = try Self.sandbox()
    let environment = ["VOCAB_NOW": "2026-03-01T09:00:00Z", "TZ": "UTC"]
    try #require(try sandbox.vocab(["grade", "2", "again"], environment: environment).status == 0)
    let text = try sandbox.vocab(["due"], environment: environment)
    #expect(text.stdout == "2 due: 2 new, 0 learning, 0 review, 0 relearning; next at 2026-03-01T09:01:00Z\n")
    let list = try sandbox.vocab(["list"], environment: ["VOCAB_NOW": "2026-03-01T09:01:00Z", "TZ": "UTC"])
    #expect(list.stdout == "ID  NAME   WORDS  DUE  DESCRIPTION\n 2  IELTS      1    1\n 1  TOEFL      3    2\n")
    let json = try JSONHelpers.object(try sandbox.vocab(["list", "--json"], environment: environment).stdout)
    let bookCases = try #require(json["bookcases"] as? [[String: Any]])
    for bookCase in bookCases { JSONHelpers.expectBookCaseShape(bookCase, extra: ["due"]) }
    #expect(bookCases.map { $0["due"] as? Int } == [1, 1])
  }

  @Test func anUnknownBookCaseIsAnError() throws {
    let sandbox = try Self.sandbox()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["due", "Nope"])
    #expect(output.status == 1)
    #expect(output.stderr == "error: no bookcase is named “Nope”; `vocab list` shows the bookcases\n")
    #expect(try sandbox.dump() == before)
  }
}
