import Foundation
import Testing

/// `vocab search QUERY`: across bookcases, folded, ranked, filtered, as a table or JSON, the query taken as text.
struct SearchTests {
  /// Two bookcases: JLPT N3 (id 1) with 食べる (1), コーヒー (2), 학교 (3); TOEFL (id 2) with café (4), cafeteria (5).
  func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    for arguments in [
      ["add-bookcase", "JLPT N3"], ["add-bookcase", "TOEFL"],
      ["add-word", "JLPT N3", "食べる", "to eat", "--reading", "たべる", "--tag", "verb"],
      ["add-word", "JLPT N3", "コーヒー", "coffee", "--example", "コーヒーを飲む"],
      ["add-word", "JLPT N3", "학교", "school", "--note", "a \"quoted\" NEAR (note) *"],
      ["add-word", "TOEFL", "café", "coffee house", "--tag", "noun"],
      ["add-word", "TOEFL", "cafeteria", "self-service restaurant", "--tag", "noun"],
    ] {
      let output = try sandbox.vocab(arguments)
      #expect(output.status == 0, "\(arguments): \(output.stderr)")
    }
    return sandbox
  }

  func ids(_ sandbox: Sandbox, _ arguments: [String]) throws -> [Int] {
    let output = try sandbox.vocab(["search"] + arguments + ["--json"])
    #expect(output.status == 0, "\(arguments): \(output.stderr)")
    let words = try JSONHelpers.object(output.stdout)["words"] as? [[String: Any]] ?? []
    return words.map { $0["id"] as? Int ?? 0 }
  }

  @Test func printsATableOfBookcaseIdTermReadingAndMeaningBestFirst() throws {
    let sandbox = try sandbox()
    let output = try sandbox.vocab(["search", "CAFE"])
    #expect(output.status == 0)
    #expect(output.stderr == "")
    #expect(
      output.stdout == """
        BOOKCASE  ID  TERM       READING  MEANING
        TOEFL      4  café                coffee house
        TOEFL      5  cafeteria           self-service restaurant

        """)
    #expect(try sandbox.vocab(["search", "たべ"]).stdout.hasSuffix("JLPT N3    1  食べる  たべる   to eat\n"))
  }

  @Test func jsonIsTheWordsBestFirstEachAsListPrintsIt() throws {
    let sandbox = try sandbox()
    let output = try sandbox.vocab(["search", "coffee", "--json"])
    #expect(output.status == 0)
    let document = try JSONHelpers.object(output.stdout)
    #expect(Set(document.keys) == ["words"])
    let words = try #require(document["words"] as? [[String: Any]])
    for word in words { JSONHelpers.expectWordShape(word) }
    // All three match in the meaning only: list order of the bookcases, then id.
    #expect(words.map { $0["id"] as? Int } == [2, 4])
    let listed = try JSONHelpers.object(try sandbox.vocab(["list", "TOEFL", "--json"]).stdout)["words"] as? [[String: Any]]
    let cafe = try #require(listed?.first)
    #expect(NSDictionary(dictionary: cafe).isEqual(to: words[1]))
    #expect(try sandbox.vocab(["search", "nothing like it", "--json"]).stdout == "{\"words\":[]}\n")
  }

  @Test func foldsCaseAccentsWidthKanaAndHangulInitials() throws {
    let sandbox = try sandbox()
    #expect(try ids(sandbox, ["ｺｰﾋｰ"]) == [2])
    #expect(try ids(sandbox, ["こーひー"]) == [2])
    #expect(try ids(sandbox, ["食"]) == [1])
    #expect(try ids(sandbox, ["ㅎㄱ"]) == [3])
    #expect(try ids(sandbox, ["ㅎ"]) == [3])
    #expect(try ids(sandbox, ["CAFÉ"]) == [4, 5])
    // The query as the terminal may send it, decomposed (NFD): found all the same.
    let nfd = try sandbox.vocab(raw: [Array("search".utf8), Array("학교".decomposedStringWithCanonicalMapping.utf8), Array("--json".utf8)])
    #expect(try (JSONHelpers.object(nfd.stdout)["words"] as? [[String: Any]])?.map { $0["id"] as? Int } == [3])
  }

  @Test func theTermItselfComesFirstThenTermsStartingWithIt() throws {
    let sandbox = try sandbox()
    try sandbox.vocab(["add-word", "TOEFL", "a cafe", "x"])
    try sandbox.vocab(["add-word", "JLPT N3", "CAFE", "y"])
    #expect(try ids(sandbox, ["cafe"]) == [7, 4, 5, 6])
  }

  @Test func filtersByBookcaseTagFieldAndLimit() throws {
    let sandbox = try sandbox()
    #expect(try ids(sandbox, ["coffee", "--bookcase", "toefl"]) == [4])
    #expect(try ids(sandbox, ["coffee", "--bookcase", "1"]) == [2])
    #expect(try ids(sandbox, ["caf", "--tag", "NOUN"]) == [4, 5])
    #expect(try ids(sandbox, ["e", "--tag", "verb"]) == [1])
    #expect(try ids(sandbox, ["コーヒー", "--field", "term"]) == [2])
    #expect(try ids(sandbox, ["飲む", "--field", "term"]) == [])
    #expect(try ids(sandbox, ["飲む", "--field", "example"]) == [2])
    #expect(try ids(sandbox, ["quoted", "--field", "note"]) == [3])
    #expect(try ids(sandbox, ["たべる", "--field", "reading"]) == [1])
    #expect(try ids(sandbox, ["school", "--field", "meaning"]) == [3])
    #expect(try ids(sandbox, ["caf", "--limit", "1"]) == [4])
  }

  @Test(arguments: ["\"", "\"quoted\"", "NEAR", "(note)", "*", "a \"quo", "NEAR (note) *"])
  func queryTextIsSearchedForAsWritten(_ query: String) throws {
    let sandbox = try sandbox()
    #expect(try ids(sandbox, [query]) == [3])
  }

  @Test func searchFollowsEditsMovesAndDeletes() throws {
    let sandbox = try sandbox()
    try sandbox.vocab(["edit-word", "4", "--term", "bistro"])
    #expect(try ids(sandbox, ["café", "--field", "term"]) == [5])
    #expect(try ids(sandbox, ["bistro"]) == [4])
    try sandbox.vocab(["move-word", "4", "JLPT N3"])
    #expect(try ids(sandbox, ["bistro", "--bookcase", "JLPT N3"]) == [4])
    try sandbox.vocab(["delete-word", "4", "--yes"])
    #expect(try ids(sandbox, ["bistro"]) == [])
    try sandbox.vocab(["delete-bookcase", "TOEFL", "--yes"])
    #expect(try ids(sandbox, ["cafeteria"]) == [])
  }

  @Test(arguments: [
    (["search", ""], Int32(64), "Error: The query is empty: say what to look for."),
    (["search", "x", "--limit", "0"], 64, "Error: --limit must be at least 1."),
    (["search", "x", "--field", "tags"], 64, "Error: The value 'tags' is invalid for '--field <field>'"),
    (["search", "x", "--bookcase", "Nope"], 1, "error: no bookcase is named “Nope”; `vocab list` shows the bookcases"),
    (["search", "x", "--tag", "two words"], 1, "error: "),
  ])
  func badInputIsAClearErrorAndChangesNothing(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let sandbox = try sandbox()
    let before = try sandbox.dump()
    let output = try sandbox.vocab(arguments)
    #expect(output.status == status)
    #expect(output.stderr.hasPrefix(message), "\(output.stderr)")
    #expect(output.stdout == "")
    #expect(try sandbox.dump() == before)
  }
}
