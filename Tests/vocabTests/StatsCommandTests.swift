import Foundation
import Testing

/// `stats [BOOKCASE] [--json]`: reviews per review day, retention, cards per state.
@Suite struct StatsCommandTests {
  /// TOEFL with words 1–2 and IELTS with word 3, added at 2026-03-01T08:00:00Z, fuzz off; word 1 graded through
  /// learning into review and then over two more days, word 3 once.
  static func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    let added = ["VOCAB_NOW": "2026-03-01T08:00:00Z"]
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"], environment: added).status == 0)
    try #require(try sandbox.vocab(["add-bookcase", "IELTS"], environment: added).status == 0)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "abate", "m"], environment: added).status == 0)
    try #require(try sandbox.vocab(["add-word", "TOEFL", "benign", "m"], environment: added).status == 0)
    try #require(try sandbox.vocab(["add-word", "IELTS", "candid", "m"], environment: added).status == 0)
    try #require(try sandbox.vocab(["edit-bookcase", "TOEFL", "--fuzz", "off"]).status == 0)
    for (word, rating, time) in [
      ("1", "good", "2026-03-01T09:00:00Z"), ("1", "good", "2026-03-01T09:10:00Z"),  // learning, then review
      ("1", "again", "2026-03-03T03:00:00Z"),  // before 04:00: still March 2's review day
      ("1", "good", "2026-03-03T03:10:00Z"), ("1", "easy", "2026-03-05T12:00:00Z"),
      ("3", "hard", "2026-03-05T13:00:00Z"),
    ] {
      try #require(try sandbox.vocab(["grade", word, rating], environment: ["VOCAB_NOW": time]).status == 0)
    }
    return sandbox
  }

  @Test func countsReviewsByDayRetentionAndCards() throws {
    let sandbox = try Self.sandbox()
    let output = try sandbox.vocab(["stats", "--json"], environment: ["TZ": "UTC"])
    #expect(output.status == 0)
    let stats = try JSONHelpers.object(output.stdout)
    #expect(Set(stats.keys) == ["cards", "days", "retention", "reviews", "reviewsOfReviewCards"])
    let days = try #require(stats["days"] as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == ["2026-03-01", "2026-03-02", "2026-03-05"])
    #expect(days.map { $0["reviews"] as? Int } == [2, 2, 2])
    #expect(stats["reviews"] as? Int == 6)
    // Reviews of review cards: word 1's Again (a lapse) and its Easy.
    #expect(stats["reviewsOfReviewCards"] as? Int == 2)
    #expect(stats["retention"] as? Double == 0.5)
    let cards = try #require(stats["cards"] as? [String: Any])
    #expect(cards["new"] as? Int == 1 && cards["learning"] as? Int == 1 && cards["review"] as? Int == 1 && cards["relearning"] as? Int == 0)

    let text = try sandbox.vocab(["stats", "TOEFL"], environment: ["TZ": "UTC"])
    #expect(text.stdout == """
      cards: 2 (1 new, 0 learning, 1 review, 0 relearning)
      reviews: 5 (retention 50.0% of 2 reviews of review cards)
      DAY         REVIEWS
      2026-03-01        2
      2026-03-02        2
      2026-03-05        1

      """)
  }

  /// Review days are local: in Seoul (UTC+9) the review at 03:00Z is at noon, on March 3.
  @Test func reviewDaysFollowTheLocalTime() throws {
    let sandbox = try Self.sandbox()
    let stats = try JSONHelpers.object(try sandbox.vocab(["stats", "TOEFL", "--json"], environment: ["TZ": "Asia/Seoul"]).stdout)
    let days = try #require(stats["days"] as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == ["2026-03-01", "2026-03-03", "2026-03-05"])
    #expect(days.map { $0["reviews"] as? Int } == [2, 2, 1])
  }

  @Test func aBookCaseWithoutReviews() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try sandbox.vocab(["stats", "TOEFL"])
    #expect(output.stdout == "cards: 0 (0 new, 0 learning, 0 review, 0 relearning)\nreviews: 0 (no review of a review card yet)\n")
    let stats = try JSONHelpers.object(try sandbox.vocab(["stats", "--json"]).stdout)
    #expect(stats["retention"] is NSNull && (stats["days"] as? [Any])?.isEmpty == true)
  }

  @Test func anUnknownBookCaseIsAnError() throws {
    let sandbox = try Self.sandbox()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["stats", "Nope"])
    #expect(output.status == 1)
    #expect(output.stderr == "error: no bookcase is named “Nope”; `vocab list` shows the bookcases\n")
    #expect(try sandbox.dump() == before)
  }
}
