import Foundation
import Testing

/// `vocab show WORD_ID`: one word with every field whole, however long, and its bookcase.
struct ShowTests {
  @Test func showsEveryFieldWholeWithItsBookCase() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    let example = String(repeating: "ご飯を食べる。", count: 40) + "\nパンを食べた。"
    try sandbox.vocab(["add-word", "JLPT N3", "食べる", "to eat", "--example", example, "--note", "ichidan"])
    let output = try sandbox.vocab(["show", "1"])
    #expect(output.status == 0)
    #expect(
      output.stdout == """
        食べる
        meaning:  to eat
        example:  \(String(repeating: "ご飯を食べる。", count: 40))
                  パンを食べた。
        note:     ichidan
        bookcase: JLPT N3 (id 1)
        id:       1

        """)
  }

  @Test func emptyFieldsAreLeftOut() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "candid", "frank"])
    #expect(try sandbox.vocab(["show", "1"]).stdout == "candid\nmeaning:  frank\nbookcase: TOEFL (id 1)\nid:       1\n")
  }

  @Test func jsonIsAWord() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "candid", "frank\nopen", "--note", "adj."])
    let output = try sandbox.vocab(["show", "1", "--json"])
    #expect(output.status == 0)
    let word = try JSONHelpers.object(output.stdout)
    JSONHelpers.expectWordShape(word, extra: ["card"])
    #expect(word["meaning"] as? String == "frank\nopen")
    #expect(word["bookcaseId"] as? Int == 1)
  }

  @Test func anUnknownWordIsAnError() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let output = try sandbox.vocab(["show", "7"])
    #expect(output.status == 1)
    #expect(output.stderr == "error: no word has the id 7; `vocab list BOOKCASE` shows a bookcase's words and their ids\n")
    #expect(output.stdout.isEmpty)
  }

  @Test func aWordIDMustBeANumber() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.vocab(["show", "cat"]).status == 64)
  }
}
