import Foundation
import Testing

/// `vocab import`: formats, where words go, duplicates, all or nothing, dry runs and the summary.
@Suite struct ImportCommandTests {
  /// Writes `text` to a file in the sandbox and returns its path.
  static func file(_ sandbox: Sandbox, _ name: String, _ text: String) throws -> String {
    let path = sandbox.directory + "/" + name
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  static let ankiText = """
    #separator:tab
    #html:true
    #guid column:1
    #notetype column:2
    #deck column:3
    #tags column:9
    g1\tBasic\tJapanese::JLPT N3\t食べる\tto <b>eat</b>\t\t\t\tverb jlpt::n3
    g2\tBasic\tJapanese::JLPT N3\t飲む\tto drink&nbsp;(water)\t\t\t\tverb
    g3\tvocab\tTOEFL\tabate\t\tlessen<br>reduce\t\t\t

    """

  @Test func importsAnkisTextFormatIntoTheDecksItNamesAndSaysWhatItDid() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "notes.txt", Self.ankiText)
    let output = try sandbox.vocab(["import", path])
    #expect(output.status == 0, "\(output.stderr)")
    #expect(
      output.stdout == """
        Created bookcase “Japanese::JLPT N3” (id 1).
        Created bookcase “TOEFL” (id 2).
        Imported 3 words into 2 bookcases.

        """)
    let words = try WordModelTests.words(sandbox, "Japanese::JLPT N3")
    #expect(words.map { $0["term"] as? String } == ["食べる", "飲む"])
    #expect(words.map { $0["meaning"] as? String } == ["to eat", "to drink (water)"])
    #expect(words.map { $0["guid"] as? String } == ["g1", "g2"])
    #expect(words[0]["tags"] as? [String] == ["jlpt::n3", "verb"])
    let toefl = try WordModelTests.words(sandbox, "TOEFL")
    #expect(toefl.first?["meaning"] as? String == "lessen\nreduce", "vocab's note type: term, reading, meaning")
  }

  @Test func aFileThatNamesNoBookcaseNeedsIntoWhichIsCreatedIfMissing() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let path = try Self.file(sandbox, "words.tsv", "term\tmeaning\treading\tTAGS\n猫\tcat\tねこ\tnoun animal\n")
    let before = try sandbox.dump()
    let refused = try sandbox.vocab(["import", path])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: \(path):2: the file names no deck or bookcase for this word; choose one with --into\n")
    #expect(try sandbox.dump() == before)

    let into = try sandbox.vocab(["import", path, "--into", "JLPT N5"])
    #expect(into.stdout == "Created bookcase “JLPT N5” (id 2).\nImported 1 word into 1 bookcase.\n")
    let words = try WordModelTests.words(sandbox, "JLPT N5")
    #expect(words.first?["reading"] as? String == "ねこ" && words.first?["tags"] as? [String] == ["animal", "noun"])
    // An existing bookcase, by another spelling or by id, is not created again.
    let again = try sandbox.vocab(["import", path, "--into", "toefl"])
    #expect(again.stdout == "Imported 1 word into 1 bookcase.\n")
    #expect(try sandbox.vocab(["import", path, "--into", "2"]).stdout == "Imported 0 words into 1 bookcase; skipped 1 duplicate.\n")
  }

  @Test func aMalformedFileOrABrokenRuleImportsNothingAndNamesTheLine() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    let before = try sandbox.dump()
    let cases: [(String, String, String)] = [
      ("open.csv", "abate,lessen\n\"benign,kind\n", "2: a quoted field is never closed (its quote opens on line 2)"),
      ("short.tsv", "abate\tlessen\nbenign\n", "2: the row has 1 column; at least 2 are needed (a term and a meaning)"),
      ("empty.tsv", "abate\tlessen\n\tkind\n", "2: the term must not be empty"),
      ("bell.csv", "abate,lessen\n\"ca\u{7}ndid\",frank\n", "2: the term contains U+0007, which is not allowed; names and terms are one line: no line breaks, tabs or other control characters"),
    ]
    for (name, text, message) in cases {
      let path = try Self.file(sandbox, name, text)
      let output = try sandbox.vocab(["import", path, "--into", "New"])
      #expect(output.status == 1, "\(name)")
      #expect(output.stderr.hasPrefix("error: \(path):") && output.stderr.hasSuffix(message + "\n"), "\(output.stderr)")
      #expect(try sandbox.dump() == before, "\(name): nothing imported, no bookcase created")
    }
    let invalid = try Self.file(sandbox, "latin1.tsv", "abate\tlessen\n")
    try Data([0x61, 0x09, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: invalid))
    let output = try sandbox.vocab(["import", invalid, "--into", "New"])
    #expect(output.status == 1 && output.stderr.hasPrefix("error: \(invalid):1: "), "\(output.stderr)")
    #expect(try sandbox.dump() == before)
  }

  @Test func importingTheSameFileTwiceChangesNothingTheSecondTime() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "notes.txt", Self.ankiText)
    try sandbox.vocab(["import", path])
    let after = try sandbox.dump()
    let second = try sandbox.vocab(["import", path])
    #expect(second.stdout == "Imported 0 words into 2 bookcases; skipped 3 duplicates.\n")
    #expect(try sandbox.dump() == after)
    #expect(try sandbox.vocab(["import", path, "--on-duplicate", "update"]).status == 0)
    #expect(try sandbox.dump() == after, "updating words that are the same writes nothing")
  }

  @Test func duplicatesAreSkippedUpdatedOrKeptAsAsked() throws {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "N5"])
    try sandbox.vocab(["add-word", "N5", "猫", "cat", "--reading", "ねこ"])
    let path = try Self.file(sandbox, "w.csv", "term,reading,meaning,tags\nネコ,ねこ,a cat,pet\n猫,ねこ,a cat,pet\n")
    let update = try sandbox.vocab(["import", path, "--into", "N5", "--on-duplicate", "update", "--json"])
    let counts = try JSONHelpers.object(update.stdout)
    #expect(counts["added"] as? Int == 1 && counts["updated"] as? Int == 1 && counts["skipped"] as? Int == 0)
    let bookcases = try #require(counts["bookcases"] as? [[String: Any]])
    #expect(bookcases.first?["name"] as? String == "N5" && bookcases.first?["created"] as? Bool == false)
    #expect(try WordModelTests.words(sandbox, "N5").map { $0["meaning"] as? String } == ["a cat", "a cat"])
    let keep = try sandbox.vocab(["import", path, "--into", "N5", "--on-duplicate", "keep-both"])
    #expect(keep.stdout == "Imported 2 words into 1 bookcase.\n")
    #expect(try WordModelTests.words(sandbox, "N5").count == 4)
  }

  @Test func aDryRunSaysPerBookcaseWhatWouldHappenAndWritesNothing() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "notes.txt", Self.ankiText)
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-word", "TOEFL", "abate", "lessen"])
    let before = try sandbox.dump()
    let dry = try sandbox.vocab(["import", path, "--dry-run"])
    #expect(dry.status == 0)
    #expect(
      dry.stdout == """
        Dry run: nothing was written.
        “Japanese::JLPT N3” (new bookcase): 2 to add, 0 to update, 0 to skip
        “TOEFL”: 0 to add, 0 to update, 1 to skip (1 with a term and reading already there)
        Would import 2 words into 2 bookcases; skip 1 duplicate.

        """)
    #expect(try sandbox.dump() == before)
  }

  @Test func standardInputNeedsAFormat() throws {
    let sandbox = try Sandbox()
    let output = try sandbox.vocab(["import", "-", "--format", "csv", "--into", "X"], stdin: "a,b\n")
    #expect(output.status == 0 && output.stdout.hasSuffix("Imported 1 word into 1 bookcase.\n"), "\(output.stderr)")
    #expect(try sandbox.vocab(["import", "-", "--into", "X"], stdin: "a,b\n").status == 64)
    #expect(try sandbox.vocab(["import", "words.xlsx", "--into", "X"]).status == 64)
    let missing = try sandbox.vocab(["import", sandbox.directory + "/none.tsv", "--into", "X"])
    #expect(missing.status == 1 && missing.stderr.contains("cannot open \(sandbox.directory)/none.tsv: No such file"))
  }
}
