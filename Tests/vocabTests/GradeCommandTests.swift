import Foundation
import Testing

/// `grade WORD_ID again|hard|good|easy [--json]`, `grade WORD_ID --undo`, and the card in `show --json`.
@Suite struct GradeCommandTests {
  static let cardKeys: Set<String> = [
    "wordId", "state", "step", "stability", "difficulty", "due", "lastReview", "reps", "lapses",
  ]
  static let repository = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

  /// TOEFL with word 1 “abate”, added at 2026-03-01T08:00:00Z, its intervals unfuzzed.
  static func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    let now = ["VOCAB_NOW": "2026-03-01T08:00:00Z"]
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"], environment: now).status == 0)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "abate", "lessen"], environment: now).status == 0)
    try #require(try sandbox.vocab(["edit-bookcase", "TOEFL", "--fuzz", "off"]).status == 0)
    return sandbox
  }

  static func grade(_ sandbox: Sandbox, _ arguments: [String], at now: String) throws -> [String: Any] {
    let output = try sandbox.vocab(["grade"] + arguments + ["--json"], environment: ["VOCAB_NOW": now])
    try #require(output.status == 0, "grade \(arguments) at \(now): \(output.stderr)")
    return try #require(try JSONHelpers.object(output.stdout)["card"] as? [String: Any])
  }

  /// The grades of a word's first weeks, learning, a lapse and relearning included.
  static let history: [(rating: String, at: String)] = [
    ("good", "2026-03-01T08:00:30Z"), ("good", "2026-03-01T08:11:00Z"), ("again", "2026-03-03T09:00:00Z"),
    ("good", "2026-03-03T09:12:00Z"), ("easy", "2026-03-05T10:00:00Z"), ("hard", "2026-03-20T10:00:00+09:00"),
    ("good", "2026-04-02T18:30:00Z"),
  ]

  /// Each grade's card is what py-fsrs 6.3.2 (the reference scheduler, in `.venv/` from `scripts/setup`) gives
  /// for the same ratings at the same times.
  @Test func aSequenceOfGradesSchedulesAsPyFSRSDoes() throws {
    let sandbox = try Self.sandbox()
    let cards = try Self.history.map { try Self.grade(sandbox, ["1", $0.rating], at: $0.at) }
    let expected = try Self.pyFSRS(Self.history)
    try #require(expected.count == cards.count)
    for (index, (card, reference)) in zip(cards, expected).enumerated() {
      #expect(Set(card.keys) == Self.cardKeys)
      #expect(card["state"] as? String == reference["state"] as? String, "review \(index + 1)")
      #expect(card["step"] as? Int == reference["step"] as? Int, "review \(index + 1)")
      #expect(card["due"] as? String == reference["due"] as? String, "review \(index + 1)")
      #expect(card["lastReview"] as? String == reference["lastReview"] as? String, "review \(index + 1)")
      for key in ["stability", "difficulty"] {
        let (ours, theirs) = (card[key] as? Double ?? .nan, reference[key] as? Double ?? .nan)
        #expect(abs(ours - theirs) <= 1e-6 * abs(theirs), "review \(index + 1): \(key) \(ours) vs \(theirs)")
      }
      #expect(card["reps"] as? Int == index + 1)
    }
    #expect(cards[2]["lapses"] as? Int == 1 && cards[2]["state"] as? String == "relearning")
    // show --json carries the card as the last grade left it.
    let shown = try JSONHelpers.object(try sandbox.vocab(["show", "1", "--json"]).stdout)
    #expect(NSDictionary(dictionary: try #require(shown["card"] as? [String: Any])) == NSDictionary(dictionary: cards.last!))
    #expect(try sandbox.sqlite("SELECT count(*), sum(rating) FROM review_log") == "7|19\n")
  }

  /// Runs py-fsrs on `history` (fuzz off, the word added at 2026-03-01T08:00:00Z) and returns each card as JSON.
  static func pyFSRS(_ history: [(rating: String, at: String)]) throws -> [[String: Any]] {
    let python = repository.appending(path: ".venv/bin/python").path
    let script = """
      import json, sys
      from datetime import datetime, timezone
      from fsrs import Scheduler, Card, Rating
      def iso(d): return d.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ') if d else None
      scheduler = Scheduler(enable_fuzzing=False)
      card = Card(due=datetime(2026, 3, 1, 8, tzinfo=timezone.utc))
      for rating, at in json.loads(sys.argv[1]):
          card, _ = scheduler.review_card(card, Rating[rating.capitalize()], review_datetime=datetime.fromisoformat(at.replace('Z', '+00:00')).astimezone(timezone.utc))
          print(json.dumps({'state': card.state.name.lower(), 'step': card.step, 'stability': card.stability,
                            'difficulty': card.difficulty, 'due': iso(card.due), 'lastReview': iso(card.last_review)}))
      """
    let argument = String(decoding: try JSONSerialization.data(withJSONObject: history.map { [$0.rating, $0.at] }), as: UTF8.self)
    let child = try ChildProcess(
      executable: python, arguments: [Array("-c".utf8), Array(script.utf8), Array(argument.utf8)],
      environment: ["PATH": "/usr/bin:/bin"], outputDirectory: NSTemporaryDirectory())
    try #require(child.wait() == 0, "py-fsrs in .venv (run scripts/setup): \(child.stderr)")
    return try child.stdout.split(separator: "\n").map { try JSONHelpers.object(String($0)) }
  }

  @Test func undoTakesBackTheLastGradeExactly() throws {
    let sandbox = try Self.sandbox()
    let first = try Self.grade(sandbox, ["1", "good"], at: "2026-03-01T08:01:00Z")
    let before = try sandbox.sqlite("SELECT * FROM cards; SELECT * FROM review_log")
    _ = try Self.grade(sandbox, ["1", "again"], at: "2026-03-01T08:05:00Z")
    let undone = try Self.grade(sandbox, ["1", "--undo"], at: "2026-03-09T00:00:00Z")
    #expect(NSDictionary(dictionary: undone) == NSDictionary(dictionary: first))
    #expect(try sandbox.sqlite("SELECT * FROM cards; SELECT * FROM review_log") == before)

    let text = try sandbox.vocab(["grade", "1", "--undo"])
    #expect(text.stdout == "Took back the last grade of word 1 “abate”: new, due 2026-03-01T08:00:00Z.\n")
    let card = try JSONHelpers.object(try sandbox.vocab(["show", "1", "--json"]).stdout)["card"] as? [String: Any]
    #expect(card?["state"] as? String == "new")
    #expect(card?["step"] is NSNull && card?["stability"] is NSNull && card?["difficulty"] is NSNull && card?["lastReview"] is NSNull)
    #expect(try sandbox.sqlite("SELECT count(*) FROM review_log") == "0\n")
  }

  @Test func textSaysWhatTheCardIsNow() throws {
    let sandbox = try Self.sandbox()
    let output = try sandbox.vocab(["grade", "1", "again"], environment: ["VOCAB_NOW": "2026-03-01T09:00:00Z"])
    #expect(output.status == 0)
    #expect(output.stdout == "Graded word 1 “abate” again: learning (step 0), due 2026-03-01T09:01:00Z.\n")
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    Refusal(arguments: ["9", "good"], status: 1, message: "error: no word has the id 9; `vocab list BOOKCASE` shows a bookcase's words and their ids\n"),
    Refusal(arguments: ["9", "--undo"], status: 1, message: "error: no word has the id 9; `vocab list BOOKCASE` shows a bookcase's words and their ids\n"),
    Refusal(arguments: ["1", "--undo"], status: 1, message: "error: word 1 has no review to undo\n"),
    Refusal(arguments: ["1", "great"], status: 64, message: "Error: The value 'great' is invalid for '<rating>'"),
    Refusal(arguments: ["1", "3"], status: 64, message: "Error: The value '3' is invalid for '<rating>'"),
    Refusal(arguments: ["1"], status: 64, message: "Error: Missing the rating"),
    Refusal(arguments: ["1", "good", "--undo"], status: 64, message: "Error: Give a rating or --undo, not both."),
    Refusal(arguments: ["one", "good"], status: 64, message: "Error: "),
  ])
  func refusalsChangeNothing(refusal: Refusal) throws {
    let sandbox = try Self.sandbox()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["grade"] + refusal.arguments)
    #expect(output.status == refusal.status)
    #expect(output.stderr.hasPrefix(refusal.message), "\(output.stderr)")
    #expect(output.stdout.isEmpty)
    #expect(try sandbox.dump() == before)
  }
}
