import Foundation
import Testing
import WordFormats

@testable import AnkiPackage

/// Whatever the file holds, reading it ends in words or in an `AnkiPackageError`: never a crash or a hang.
struct MalformedPackageTests {
  @Test func aFileThatIsNoZip() throws {
    let scratch = try Scratch()
    try Data("hello, not a zip".utf8).write(to: scratch.url("bad.apkg"))
    #expect(throws: AnkiPackageError.notAPackage("it is not a zip archive")) {
      try AnkiPackageReader(url: scratch.url("bad.apkg"))
    }
    try Data().write(to: scratch.url("empty.apkg"))
    #expect(throws: AnkiPackageError.notAPackage("it is not a zip archive")) {
      try AnkiPackageReader(url: scratch.url("empty.apkg"))
    }
  }

  @Test func aZipWithoutCollection() throws {
    let scratch = try Scratch()
    let url = try scratch.zip("none.apkg", [("media", Data("{}".utf8))])
    #expect(throws: AnkiPackageError.missingCollection) { try AnkiPackageReader(url: url) }
  }

  @Test func aTruncatedZstdStream() throws {
    let scratch = try Scratch()
    let compressed = try #require(try entry("collection.anki21b", of: Fixtures.url("anki21b.apkg")))
    let url = try scratch.zip(
      "cut.apkg", [("meta", Data([0x08, 0x03])), ("collection.anki21b", compressed.prefix(compressed.count / 2))])
    #expect(throws: AnkiPackageError.badCompression("the zstd stream ends early")) { try AnkiPackageReader(url: url) }
  }

  @Test func aZstdStreamThatIsNotZstd() throws {
    let scratch = try Scratch()
    let url = try scratch.zip("garbage.apkg", [("collection.anki21b", Data("not zstd at all".utf8))])
    #expect(throws: AnkiPackageError.badCompression("Unknown frame descriptor")) { try AnkiPackageReader(url: url) }
  }

  @Test func aCollectionThatIsNotADatabase() throws {
    let scratch = try Scratch()
    let url = try scratch.zip("text.apkg", [("collection.anki2", Data(repeating: 0x41, count: 4096))])
    #expect(throws: AnkiPackageError.badCollection("file is not a database")) { try AnkiPackageReader(url: url) }
  }

  @Test func aDatabaseThatIsNotACollection() throws {
    let scratch = try Scratch()
    let database = try SQLiteFile(path: scratch.url("other").path, readOnly: false) { .cannotWrite($0) }
    try database.execute("CREATE TABLE words (term text)")
    let url = try scratch.zip("other.apkg", [("collection.anki21", try Data(contentsOf: scratch.url("other")))])
    #expect(throws: AnkiPackageError.badCollection("no such table: col")) { try AnkiPackageReader(url: url) }
  }

  @Test func aPackageFromANewerAnki() throws {
    let scratch = try Scratch()
    let url = try scratch.zip("new.apkg", [("meta", Data([0x08, 0x04])), ("collection.anki2", Data())])
    #expect(throws: AnkiPackageError.tooNew(4)) { try AnkiPackageReader(url: url) }
  }

  @Test func aZipCutShort() throws {
    let scratch = try Scratch()
    let bytes = try Data(contentsOf: Fixtures.url("legacy.apkg"))
    try bytes.prefix(bytes.count - 100).write(to: scratch.url("cut.apkg"))
    #expect(throws: AnkiPackageError.self) { try AnkiPackageReader(url: scratch.url("cut.apkg")) }
  }

  /// Damage anywhere: flipped bytes in both kinds of package, a thousand times in all.
  @Test(arguments: ["anki21b.apkg", "legacy.apkg"])
  func randomDamageEndsInWordsOrAnError(_ name: String) throws {
    let scratch = try Scratch()
    let original = [UInt8](try Data(contentsOf: Fixtures.url(name)))
    var random = Random(state: 13)
    var outcomes: [String: Int] = [:]
    for round in 0..<500 {
      var bytes = original
      for _ in 0...Int.random(in: 0..<8, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
      }
      let url = scratch.url("damaged-\(round).apkg")
      try Data(bytes).write(to: url)
      do {
        _ = try AnkiPackageReader(url: url).readAll()
        outcomes["read", default: 0] += 1
      } catch let error as AnkiPackageError {
        outcomes[String(describing: error).prefix(20).description, default: 0] += 1
      }
      try FileManager.default.removeItem(at: url)
    }
    // Both outcomes happen: the damage reaches the parts that matter, and some lands where it does not.
    #expect(outcomes["read", default: 0] > 0)
    #expect(outcomes.count > 1)
  }
}
