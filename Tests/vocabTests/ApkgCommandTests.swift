import Foundation
import Testing

/// `vocab import` and `vocab export` with Anki packages: the notices, the errors and the exit codes.
/// (Whether Anki itself agrees is AnkiInterchangeTests' business.)
@Suite struct ApkgCommandTests {
  static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "../AnkiPackageTests/Fixtures").standardized.path

  @Test func importsAnAnkiPackageSayingWhatStayedOut() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["import", Self.fixtures + "/legacy.apkg"])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout.hasSuffix("Imported 3 words into 2 bookcases.\n"))
    #expect(
      output.stderr.hasSuffix("""
        vocab: note: skipped 1 note of the note type “Cloze”, which vocab does not import
        vocab: note: the words refer to 2 media files, kept as text but not imported: haus.jpg, haus.mp3

        """))
    let words = try WordModelTests.words(sandbox, "Languages::German::Nouns")
    #expect(words.map { $0["term"] as? String } == ["Katze"])
  }

  @Test func aDamagedPackageIsOneErrorAndLeavesTheDatabaseAsItWas() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.vocab(["add-bookcase", "Kept"]).status == 0)
    let before = try sandbox.dump()
    var package = try Data(contentsOf: URL(filePath: Self.fixtures + "/anki21b.apkg"))
    package = package.prefix(package.count / 2)
    let path = sandbox.directory + "/cut.apkg"
    try package.write(to: URL(filePath: path))
    let output = try sandbox.vocab(["import", path])
    #expect(output.status == 1)
    #expect(output.stderr == "error: \(path): not an Anki package (.apkg): it is not a zip archive\n")
    #expect(try sandbox.dump() == before)
  }

  @Test func exportsAPackageOnlyToAFile() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.vocab(["add-bookcase", "German"])
    #expect(try sandbox.vocab(["add-word", "German", "Hund", "dog"]).status == 0)
    let refused = try sandbox.vocab(["export", "--format", "apkg"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("An Anki package is a binary file, not for standard output: give -o FILE."))
    let path = sandbox.directory + "/out.apkg"
    let output = try sandbox.vocab(["export", "-o", path])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(output.stdout == "Exported 1 word of 1 bookcase to \(path).\n")
    let imported = try sandbox.vocab(["--db", sandbox.directory + "/other.sqlite3", "import", path])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasSuffix("Imported 1 word into 1 bookcase.\n"))
  }
}
