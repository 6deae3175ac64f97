import Foundation
import Testing

/// Readings, tags, guids, moving words, editing a bookcase, and JSON from every command that changes data.
@Suite struct WordModelTests {
  static func words(_ sandbox: Sandbox, _ bookcase: String, _ options: [String] = []) throws -> [[String: Any]] {
    let output = try sandbox.vocab(["list", bookcase, "--json"] + options)
    try #require(output.status == 0, "\(output.stderr)")
    return try #require(try JSONHelpers.object(output.stdout)["words"] as? [[String: Any]])
  }

  @Test func addWordTakesAReadingAndTagsAndPrintsTheWordAsJSON() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    let added = try sandbox.vocab([
      "add-word", "JLPT N3", "食べる", "to eat", "--reading", "たべる", "--tag", "verb", "--tag", "Ichidan", "--tag", "VERB",
      "--json",
    ])
    #expect(added.status == 0)
    let word = try JSONHelpers.object(added.stdout)
    JSONHelpers.expectWordShape(word)
    #expect(word["reading"] as? String == "たべる")
    #expect(word["tags"] as? [String] == ["Ichidan", "verb"])
    #expect(try Self.words(sandbox, "JLPT N3").first?["guid"] as? String == word["guid"] as? String)
  }

  @Test func aTermAlreadyThereIsAddedWithANoteOrRefusedWithUnique() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat", "--reading", "ねこ"])
    let again = try sandbox.vocab(["add-word", "JLPT N3", "猫", "a cat", "--reading", "ねこ"])
    #expect(again.status == 0)
    #expect(again.stderr == "vocab: note: “猫” is already in “JLPT N3” as word 1\n")
    #expect(again.stdout == "Added word 2 “猫” to “JLPT N3”.\n")
    // Another reading is another word: nothing to say.
    #expect(try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat (on'yomi)", "--reading", "びょう"]).stderr.isEmpty)

    let before = try sandbox.dump()
    let refused = try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat", "--reading", "ねこ", "--unique"])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: “猫” is already in “JLPT N3” as word 1; nothing was added (--unique)\n")
    #expect(try sandbox.dump() == before)
  }

  @Test func editWordChangesTheReadingAndTagsAndWritesNothingWhenNothingChanges() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "食べる", "to eat", "--tag", "verb", "--tag", "n4"])
    let edited = try sandbox.vocab(["edit-word", "1", "--reading", "たべる", "--add-tag", "ichidan", "--remove-tag", "N4", "--json"])
    #expect(edited.status == 0, "\(edited.stderr)")
    let word = try JSONHelpers.object(edited.stdout)
    #expect(word["reading"] as? String == "たべる")
    #expect(word["tags"] as? [String] == ["ichidan", "verb"])

    let before = try sandbox.dump()
    let same = try sandbox.vocab(["edit-word", "1", "--reading", "たべる", "--add-tag", "VERB"])
    #expect(same.status == 0)
    #expect(try sandbox.dump() == before, "an edit that changes nothing writes nothing")
  }

  @Test func aTagThatIsNotOneWordIsRefusedAndChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    let before = try sandbox.dump()
    let refused = try sandbox.vocab(["add-word", "JLPT N3", "猫", "cat", "--tag", "two words"])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("error: the tag contains U+0020, which is not allowed; a tag is one word"))
    #expect(try sandbox.dump() == before)
  }

  @Test func moveWordMovesItAndTheCountsFollow() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "Inbox"])
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "Inbox", "雨", "rain", "--tag", "n5"])
    let guid = try Self.words(sandbox, "Inbox").first?["guid"] as? String
    let moved = try sandbox.vocab(["move-word", "1", "JLPT N3"])
    #expect(moved.status == 0)
    #expect(moved.stdout == "Moved word 1 “雨” from “Inbox” to “JLPT N3”.\n")
    let counts = try JSONHelpers.object(try sandbox.vocab(["list", "--json"]).stdout)["bookcases"] as? [[String: Any]]
    #expect(counts?.map { "\($0["name"] ?? "") \($0["wordCount"] ?? "")" } == ["Inbox 0", "JLPT N3 1"])
    let word = try #require(try Self.words(sandbox, "JLPT N3").first)
    #expect(word["guid"] as? String == guid)
    #expect(word["tags"] as? [String] == ["n5"])
    let json = try JSONHelpers.object(try sandbox.vocab(["move-word", "1", "Inbox", "--json"]).stdout)
    #expect(json["bookcaseId"] as? Int == 1)

    let before = try sandbox.dump()
    let unknown = try sandbox.vocab(["move-word", "1", "Nowhere"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.hasPrefix("error: no bookcase is named “Nowhere”"))
    #expect(try sandbox.vocab(["move-word", "9", "Inbox"]).status == 1)
    #expect(try sandbox.dump() == before)
  }

  @Test func editBookCaseChangesTheNameTheDescriptionOrBoth() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL", "--description", "iBT"])
    let described = try sandbox.vocab(["edit-bookcase", "TOEFL", "--description", "iBT reading"])
    #expect(described.stdout == "Updated bookcase 1 “TOEFL”.\n")
    let renamed = try sandbox.vocab(["edit-bookcase", "TOEFL", "--name", "TOEFL iBT", "--json"])
    let bookCase = try JSONHelpers.object(renamed.stdout)
    JSONHelpers.expectBookCaseShape(bookCase, extra: ["review"])
    #expect(bookCase["name"] as? String == "TOEFL iBT")
    #expect(bookCase["description"] as? String == "iBT reading")
    // The older spelling still works.
    let old = try sandbox.vocab(["rename-bookcase", "TOEFL iBT", "IELTS"])
    #expect(old.stdout == "Renamed bookcase 1 from “TOEFL iBT” to “IELTS”.\n")
    #expect(try sandbox.vocab(["edit-bookcase", "IELTS"]).status == 64)
    #expect(try sandbox.vocab(["edit-bookcase", "IELTS", "A", "--name", "B"]).status == 64)
  }

  @Test func listFiltersByTagAndSorts() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "Mixed"])
    for (term, tag) in [("Zebra", "noun"), ("apple", "Noun"), ("Éclair", "dessert")] {
      try sandbox.vocab(["add-word", "Mixed", term, "m", "--tag", tag])
    }
    try sandbox.vocab(["edit-word", "1", "--meaning", "striped"])
    func terms(_ options: [String]) throws -> [String] { try Self.words(sandbox, "Mixed", options).compactMap { $0["term"] as? String } }
    #expect(try terms([]) == ["Zebra", "apple", "Éclair"])
    #expect(try terms(["--sort", "term"]) == ["apple", "Zebra", "Éclair"])
    #expect(try terms(["--sort", "updated"]).last == "Zebra")
    #expect(try terms(["--tag", "NOUN"]) == ["Zebra", "apple"])
    #expect(try sandbox.vocab(["list", "--tag", "noun"]).status == 64)
    #expect(try sandbox.vocab(["list", "Mixed", "--sort", "random"]).status == 64)
  }

  @Test func tagsListsEveryTagWithItsCount() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "JLPT N3", "食べる", "eat", "--tag", "verb", "--tag", "jlpt::n3"])
    try sandbox.vocab(["add-word", "JLPT N3", "飲む", "drink", "--tag", "Verb"])
    let json = try sandbox.vocab(["tags", "--json"])
    #expect(json.stdout == #"{"tags":[{"name":"jlpt::n3","wordCount":1},{"name":"verb","wordCount":2}]}"# + "\n")
    #expect(try sandbox.vocab(["tags"]).stdout == "TAG       WORDS\njlpt::n3      1\nverb          2\n")
  }

  @Test func everyCommandThatChangesDataPrintsWhatItChangedAsJSON() throws {
    let sandbox = try Sandbox()
    let created = try JSONHelpers.object(try sandbox.vocab(["add-bookcase", "TOEFL", "--json"]).stdout)
    JSONHelpers.expectBookCaseShape(created)
    try sandbox.vocab(["add-word", "TOEFL", "candid", "frank"])
    let deletedWord = try JSONHelpers.object(try sandbox.vocab(["delete-word", "1", "--yes", "--json"]).stdout)
    JSONHelpers.expectWordShape(deletedWord)
    #expect(deletedWord["term"] as? String == "candid")
    let deleted = try JSONHelpers.object(try sandbox.vocab(["delete-bookcase", "TOEFL", "--yes", "--json"]).stdout)
    #expect(deleted["name"] as? String == "TOEFL")
  }
}
