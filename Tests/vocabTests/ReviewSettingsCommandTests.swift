import Foundation
import Testing

/// `edit-bookcase BOOKCASE [--retention R] [--new-per-day N] [--max-reviews-per-day N] [--fuzz on|off]`.
@Suite struct ReviewSettingsCommandTests {
  static let settingsSQL = "SELECT desired_retention, new_cards_per_day, max_reviews_per_day, fuzz FROM bookcases"

  @Test func setsTheGivenSettingsAndKeepsTheOthers() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try sandbox.vocab(["edit-bookcase", "TOEFL", "--retention", "0.95", "--fuzz", "off"])
    #expect(output.status == 0)
    #expect(output.stdout == "Review settings of “TOEFL”: retention 0.95, 20 new cards and 200 reviews a day, fuzz off.\n")
    #expect(try sandbox.sqlite(Self.settingsSQL) == "0.95|20|200|0\n")

    let json = try sandbox.vocab(["edit-bookcase", "TOEFL", "--new-per-day", "5", "--max-reviews-per-day", "50", "--json"])
    #expect(json.status == 0)
    let bookCase = try JSONHelpers.object(json.stdout)
    #expect(Set(bookCase.keys) == JSONHelpers.bookCaseKeys.union(["review"]))
    let review = try #require(bookCase["review"] as? [String: Any])
    #expect(review["desiredRetention"] as? Double == 0.95)
    #expect(review["newCardsPerDay"] as? Int == 5)
    #expect(review["maxReviewsPerDay"] as? Int == 50)
    #expect(review["fuzz"] as? Bool == false)
    #expect(try sandbox.sqlite(Self.settingsSQL) == "0.95|5|50|0\n")
  }

  /// A rename and settings together; with --json and no setting given, the settings are shown as they are.
  @Test func renamesAndSetsTogether() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try sandbox.vocab(["edit-bookcase", "TOEFL", "--name", "TOEFL iBT", "--fuzz", "off"])
    #expect(output.stdout == """
      Renamed bookcase 1 from “TOEFL” to “TOEFL iBT”.
      Review settings of “TOEFL iBT”: retention 0.9, 20 new cards and 200 reviews a day, fuzz off.

      """)
    let json = try JSONHelpers.object(try sandbox.vocab(["edit-bookcase", "1", "--description", "d", "--json"]).stdout)
    #expect((json["review"] as? [String: Any])?["fuzz"] as? Bool == false)
    #expect(json["description"] as? String == "d")
  }

  @Test(arguments: [
    (["--retention", "0.995"], "error: the desired retention must be from 0.70 to 0.99\n"),
    (["--retention", "0.5", "--name", "IELTS"], "error: the desired retention must be from 0.70 to 0.99\n"),
    (["--retention", "nan"], "error: the desired retention must be from 0.70 to 0.99\n"),
    (["--new-per-day", "10001"], "error: the number of new cards per day must be from 0 to 10000\n"),
    (["--max-reviews-per-day=-1", "--description", "d"], "error: the maximum number of reviews per day must be from 0 to 100000\n"),
  ])
  func aValueOutOfRangeIsRefusedAndNothingChanges(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["edit-bookcase", "TOEFL"] + arguments)
    #expect(output.status == 1)
    #expect(output.stderr == message)
    #expect(output.stdout.isEmpty)
    #expect(try sandbox.dump() == before)
  }

  @Test func aDuplicateNameLeavesTheSettingsAlone() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-bookcase", "IELTS"])
    let before = try sandbox.dump()
    let output = try sandbox.vocab(["edit-bookcase", "TOEFL", "--name", "ielts", "--new-per-day", "3"])
    #expect(output.status == 1)
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: [["--fuzz", "maybe"], ["--new-per-day", "many"], ["--retention", "high"]])
  func aMalformedValueIsAUsageError(arguments: [String]) throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    #expect(try sandbox.vocab(["edit-bookcase", "TOEFL"] + arguments).status == 64)
    #expect(try sandbox.dump() == before)
  }
}
