import Foundation
import Testing
import WordFormats

/// Anki's text export of the collection the packages come from (Fixtures/notes.txt) reads as the same words as
/// the packages: the two ways out of Anki agree.
struct AnkiTextExportTests {
  @Test func readsAsThePackagesDo() throws {
    let text = try [UInt8](Data(contentsOf: Fixtures.url("notes.txt")))
    var reader = WordTextReader(format: .tsv, source: .bytes(text))
    let words = try reader.readAll().filter { $0.notetype != "Cloze" }
    func key(_ word: WordRecord) -> [String] {
      [word.guid ?? "", word.deck ?? "", word.notetype ?? "", word.term, word.meaning, word.tags.joined(separator: " ")]
    }
    #expect(words.map(key) == AnkiPackageReaderTests.expected.map(key))
    #expect(reader.media == ["haus.jpg", "haus.mp3"])
  }
}
