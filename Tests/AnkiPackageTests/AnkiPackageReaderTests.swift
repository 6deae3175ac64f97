import Foundation
import Testing
import WordFormats

@testable import AnkiPackage

/// The packages in Fixtures/ were made by Anki itself (scripts/generate-apkg-fixtures) from one collection.
struct AnkiPackageReaderTests {
  static let expected = [
    WordRecord(
      term: "Hund", meaning: "dog & hound\na loyal animal", tags: ["animals::mammals", "noun"], guid: "vocabHund1",
      deck: "Languages::German", notetype: "Basic", line: 1),
    WordRecord(
      term: "Katze", meaning: "cat\nfeline", tags: ["animals"], guid: "vocabKatze1",
      deck: "Languages::German::Nouns", notetype: "Basic (and reversed card)", line: 2),
    WordRecord(
      term: "Haus [sound:haus.mp3]", meaning: "haus.jpg house <home>", guid: "vocabHaus01",
      deck: "Languages::German", notetype: "Basic", line: 3),
  ]

  @Test(arguments: ["anki21b.apkg", "legacy.apkg"])
  func readsEveryBasicNoteOfAnAnkiExport(_ name: String) throws {
    let reader = try AnkiPackageReader(url: Fixtures.url(name))
    #expect(try reader.readAll() == Self.expected)
    #expect(reader.skipped == ["Cloze": 1])
    #expect(reader.media == ["haus.jpg", "haus.mp3"])
    #expect(try reader.next() == nil)
  }

  @Test func removesItsTemporaryCopyWhenClosed() throws {
    let reader = try AnkiPackageReader(url: Fixtures.url("anki21b.apkg"))
    #expect(FileManager.default.fileExists(atPath: reader.directory.path))
    reader.close()
    #expect(!FileManager.default.fileExists(atPath: reader.directory.path))
    #expect(try reader.next() == nil)
  }
}
