import Foundation
import Testing

/// Bookcase names as a person types them: lookalike spellings are one name, the list ignores diacritics,
/// and ids are written one way for bookcases and words alike.
@Suite struct BookCaseNameTests {
  /// "JLPT N3" with a no-break space, an ideographic space (what a Japanese IME types), two spaces,
  /// full-width letters, and a zero-width space.
  static let lookalikes = ["JLPT\u{00A0}N3", "JLPT\u{3000}N3", "JLPT  N3", "ＪＬＰＴ N3", "JLPT\u{200B} N3"]

  @Test func lookalikeSpellingsAreRefusedAsDuplicates() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    try #require(try sandbox.vocab(["add-bookcase", "TOEFL"]).status == 0)
    let before = try sandbox.dump()
    for name in Self.lookalikes {
      let added = try sandbox.vocab(["add-bookcase", name])
      #expect(added.status == 1, "\(name)")
      #expect(added.stderr == "error: a bookcase named “JLPT N3” already exists\n", "\(name)")
      let renamed = try sandbox.vocab(["rename-bookcase", "TOEFL", name])
      #expect(renamed.status == 1 && renamed.stderr == "error: a bookcase named “JLPT N3” already exists\n", "\(name)")
    }
    #expect(try sandbox.dump() == before)
  }

  @Test(arguments: lookalikes)
  func eachSpellingFindsTheBookcase(_ name: String) throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    let added = try sandbox.vocab(["add-word", name, "猫", "cat"])
    #expect(added.status == 0)
    let listed = try sandbox.vocab(["list", name, "--json"])
    #expect(listed.status == 0)
    let json = try JSONHelpers.object(listed.stdout)
    let bookCase = try #require(json["bookcase"] as? [String: Any])
    #expect(bookCase["id"] as? Int == 1 && bookCase["name"] as? String == "JLPT N3")
    #expect((json["words"] as? [[String: Any]])?.map { $0["term"] as? String } == ["猫"])
  }

  @Test func accentedInitialsAreListedWithTheirLetter() throws {
    let sandbox = try Sandbox()
    for name in ["Apfel", "emma", "Zoe", "ángel", "Émile", "ñu", "Öl"] {
      try #require(try sandbox.vocab(["add-bookcase", name]).status == 0)
    }
    let json = try JSONHelpers.object(try sandbox.vocab(["list", "--json"]).stdout)
    let names = (json["bookcases"] as? [[String: Any]])?.map { $0["name"] as? String }
    #expect(names == ["ángel", "Apfel", "Émile", "emma", "ñu", "Öl", "Zoe"])
    let rows = try sandbox.vocab(["list"]).stdout.split(separator: "\n").dropFirst()
    #expect(rows.map { $0.split(separator: " ")[1] } == ["ángel", "Apfel", "Émile", "emma", "ñu", "Öl", "Zoe"])
  }

  /// An id is written in ASCII digits, leading zeros allowed, for bookcases and words alike: `007` is 7,
  /// `+7` is no id (for a bookcase it is a name; for a word it is wrong usage).
  @Test func bookcaseAndWordIdsParseByOneRule() throws {
    let sandbox = try Sandbox()
    try #require(try sandbox.vocab(["add-bookcase", "JLPT N3"]).status == 0)
    try #require(try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat"]).status == 0)

    let bookCase = try sandbox.vocab(["list", "001", "--json"])
    #expect(try #require(try JSONHelpers.object(bookCase.stdout)["bookcase"] as? [String: Any])["id"] as? Int == 1)
    let edited = try sandbox.vocab(["edit-word", "001", "--meaning", "a cat"])
    #expect(edited.status == 0 && edited.stdout == "Updated word 1 “猫”.\n")

    let before = try sandbox.dump()
    let noBookCase = try sandbox.vocab(["list", "+1"])
    #expect(noBookCase.status == 1)
    #expect(noBookCase.stderr == "error: no bookcase is named “+1”; `vocab list` shows the bookcases\n")
    for arguments in [["edit-word", "+1", "--term", "x"], ["delete-word", "+1", "--yes"], ["edit-word", "١", "--term", "x"]] {
      let refused = try sandbox.vocab(arguments)
      #expect(refused.status == 64, "\(arguments)")
      #expect(
        refused.stderr.hasPrefix(
          "Error: The value '\(arguments[1])' is invalid for '<word-id>': a word id is written in digits (0–9) only"),
        "\(refused.stderr)")
    }
    #expect(try sandbox.dump() == before)

    // "+1" is a name like any other.
    try #require(try sandbox.vocab(["add-bookcase", "+1"]).status == 0)
    let named = try sandbox.vocab(["list", "+1", "--json"])
    #expect(try #require(try JSONHelpers.object(named.stdout)["bookcase"] as? [String: Any])["name"] as? String == "+1")
  }
}
