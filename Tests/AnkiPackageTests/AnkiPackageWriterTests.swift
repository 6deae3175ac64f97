import Foundation
import Testing
import WordFormats

@testable import AnkiPackage

struct AnkiPackageWriterTests {
  static let words = [
    WordRecord(
      term: "食べる", meaning: "to eat", reading: "たべる", example: "ご飯を食べる\nI eat rice",
      note: "a <verb> & more",
      tags: ["jlpt::n5", "verb"], guid: "guidTaberu", deck: "Japanese::Verbs"),
    WordRecord(term: "Hund", meaning: "dog", guid: "guidHund01", deck: "German"),
    WordRecord(term: "x", meaning: "y", guid: "guidNoDeck"),
  ]

  @Test func readsBackWhatItWrote() throws {
    let scratch = try Scratch()
    let writer = try AnkiPackageWriter()
    for word in Self.words { try writer.write(word) }
    try writer.finish(to: scratch.url("out.apkg"))

    let reader = try AnkiPackageReader(url: scratch.url("out.apkg"))
    let read = try reader.readAll()
    var expected = Self.words
    for index in expected.indices {
      expected[index].notetype = VocabNoteType.name
      expected[index].line = index + 1
    }
    expected[2].deck = "Default"
    #expect(read == expected)
    #expect(reader.skipped.isEmpty)
  }

  @Test func writesFieldsAsHTMLInVocabsNotetypeWithParentDecks() throws {
    let scratch = try Scratch()
    let writer = try AnkiPackageWriter(now: Date(timeIntervalSince1970: 1_800_000_000))
    try writer.write(Self.words[0])
    try writer.finish(to: scratch.url("out.apkg"))
    #expect(try entry("media", of: scratch.url("out.apkg")) == Data("{}".utf8))
    let collection = try #require(try entry("collection.anki2", of: scratch.url("out.apkg")))
    try collection.write(to: scratch.url("collection"))
    let database = try SQLiteFile(path: scratch.url("collection").path, readOnly: true) { .badCollection($0) }

    let note = try database.rows("SELECT guid, mid, mod, tags, flds, sfld, csum FROM notes") {
      [
        $0.text(0), String($0.integer(1)), String($0.integer(2)), $0.text(3), $0.text(4), $0.text(5),
        String($0.integer(6)),
      ]
    }
    #expect(
      note == [
        [
          "guidTaberu", String(VocabNotetype.id), "1800000000", " jlpt::n5 verb ",
          "食べる\u{1F}たべる\u{1F}to eat\u{1F}ご飯を食べる<br>I eat rice\u{1F}a &lt;verb&gt; &amp; more",
          "食べる",
          String(SHA1.fieldChecksum("食べる")),
        ]
      ])
    let catalog = try CollectionCatalog(database)
    #expect(Set(catalog.decks.values) == ["Default", "Japanese", "Japanese::Verbs"])
    #expect(catalog.notetypes[VocabNotetype.id]?.name == "vocab")
    #expect(catalog.notetypes[VocabNotetype.id]?.fieldMap == [.term, .reading, .meaning, .example, .note])
    let card = try database.rows("SELECT c.nid = n.id, c.did, c.ord, c.type, c.queue FROM cards c, notes n") {
      [$0.integer(0), $0.integer(1), $0.integer(2), $0.integer(3), $0.integer(4)]
    }
    let deck = try #require(catalog.decks.first { $0.value == "Japanese::Verbs" }?.key)
    #expect(card == [[1, deck, 0, 0, 0]])
  }

  @Test func refusesATagThatWouldComeBackAsTwo() throws {
    let writer = try AnkiPackageWriter()
    #expect(throws: AnkiPackageError.cannotWrite("the tag \"a b\" of \"x\" is empty or holds a space")) {
      try writer.write(WordRecord(term: "x", meaning: "y", tags: ["a b"]))
    }
  }

  @Test func anEmptyPackageIsStillAPackage() throws {
    let scratch = try Scratch()
    try AnkiPackageWriter().finish(to: scratch.url("empty.apkg"))
    let reader = try AnkiPackageReader(url: scratch.url("empty.apkg"))
    #expect(try reader.readAll() == [])
  }
}
