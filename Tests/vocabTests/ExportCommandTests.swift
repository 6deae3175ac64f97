import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `vocab export`: Anki's text format and CSV, to stdout or atomically to a file, and back in again.
@Suite struct ExportCommandTests {
  static func filled() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.vocab(["add-bookcase", "TOEFL"])
    try sandbox.vocab(["add-bookcase", "JLPT N3"])
    try sandbox.vocab(["add-word", "TOEFL", "abate", "to lessen\nto reduce", "--example", "a < b & c", "--tag", "verb"])
    try sandbox.vocab(["add-word", "JLPT N3", "食べる", "to eat", "--reading", "たべる", "--note", "#1 \"verb\""])
    return sandbox
  }

  static func guids(_ sandbox: Sandbox) throws -> [String] {
    try sandbox.sqlite("SELECT guid FROM words ORDER BY id").split(separator: "\n").map(String.init)
  }

  @Test func writesAnkisTextFormatToStandardOutputEveryBookcaseOrThoseNamed() throws {
    let sandbox = try Self.filled()
    let guids = try Self.guids(sandbox)
    let all = try sandbox.vocab(["export"])
    #expect(all.status == 0)
    #expect(
      all.stdout == """
        #separator:tab
        #html:true
        #guid column:1
        #notetype column:2
        #deck column:3
        #tags column:9
        \(guids[1])\tvocab\tJLPT N3\t食べる\tたべる\tto eat\t\t\"#1 \"\"verb\"\"\"\t
        \(guids[0])\tvocab\tTOEFL\tabate\t\tto lessen<br>to reduce\ta &lt; b &amp; c\t\tverb

        """)
    let one = try sandbox.vocab(["export", "toefl", "--format", "csv"])
    #expect(one.stdout == "term,meaning,reading,example,note,tags\r\nabate,\"to lessen\nto reduce\",,a < b & c,,verb\r\n")
    #expect(try sandbox.vocab(["export", "nosuch"]).status == 1)
  }

  @Test func anExportImportsIntoAnotherDatabaseWithEverythingItCarries() throws {
    let sandbox = try Self.filled()
    let path = sandbox.directory + "/all.txt"
    let written = try sandbox.vocab(["export", "-o", path])
    #expect(written.stdout == "Exported 2 words of 2 bookcases to \(path).\n")
    let other = sandbox.directory + "/other.sqlite3"
    let imported = try sandbox.vocab(["import", path], environment: ["VOCAB_DB": other])
    #expect(imported.stdout.hasSuffix("Imported 2 words into 2 bookcases.\n"), "\(imported.stderr)")
    let columns = "SELECT b.name, w.term, w.reading, w.meaning, w.example, w.note, w.guid FROM words w JOIN bookcases b ON b.id = w.bookcase_id ORDER BY w.guid"
    #expect(try sandbox.sqlite(columns, path: other) == sandbox.sqlite(columns))
    let tags = "SELECT t.name FROM word_tags wt JOIN tags t ON t.id = wt.tag_id"
    #expect(try sandbox.sqlite(tags, path: other) == "verb\n")
  }

  @Test func aFileIsNeverReplacedWithoutForceAndAppearsWhole() throws {
    let sandbox = try Self.filled()
    let path = sandbox.directory + "/words.csv"
    try "precious\n".write(toFile: path, atomically: true, encoding: .utf8)
    let refused = try sandbox.vocab(["export", "-o", path])
    #expect(refused.status == 1)
    #expect(refused.stderr == "error: \(path) already exists; use --force to replace it\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious\n")
    let forced = try sandbox.vocab(["export", "-o", path, "--force"])
    #expect(forced.status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("term,meaning,reading,example,note,tags\r\n"),
      "the extension chooses CSV")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0.hasSuffix(".partial") }
    #expect(leftovers.isEmpty)
    #expect(try sandbox.vocab(["export", "--force"]).status == 64, "--force needs -o")
  }

  @Test func aFileThatCannotBeWrittenLeavesNothing() throws {
    let sandbox = try Self.filled()
    let missing = sandbox.directory + "/no/such/dir/words.tsv"
    let output = try sandbox.vocab(["export", "-o", missing])
    #expect(output.status == 1)
    #expect(output.stderr == "error: cannot write \(missing): No such file or directory\n")
    // Not even --force replaces what is not a regular file.
    let device = try sandbox.vocab(["export", "-o", "/dev/null", "--force"])
    #expect(device.status == 1)
    #expect(device.stderr == "error: /dev/null is not a regular file; nothing was written\n")
    var status = stat()
    #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
  }
}

/// vocab's JSON format moves a whole database: every field, tag, guid and date comes back as it was.
@Suite struct JSONTransferTests {
  @Test func aJSONExportImportedIntoAnEmptyDatabaseIsTheSameToTheMillisecond() throws {
    let sandbox = try ExportCommandTests.filled()
    try sandbox.vocab(["edit-bookcase", "TOEFL", "--description", "Academic\nwords"])
    try sandbox.sqlite("UPDATE words SET created_at = created_at + 123, updated_at = updated_at + 457")
    let path = sandbox.directory + "/all.json"
    #expect(try sandbox.vocab(["export", "-o", path]).status == 0)
    let other = sandbox.directory + "/other.sqlite3"
    let imported = try sandbox.vocab(["import", path], environment: ["VOCAB_DB": other])
    #expect(imported.stdout.hasSuffix("Imported 2 words into 2 bookcases.\n"), "\(imported.stderr)")
    for query in [
      "SELECT name, description, created_at, updated_at, word_count FROM bookcases ORDER BY name",
      "SELECT b.name, w.term, w.reading, w.meaning, w.example, w.note, w.guid, w.created_at, w.updated_at FROM words w JOIN bookcases b ON b.id = w.bookcase_id ORDER BY w.guid",
      "SELECT t.name, t.word_count FROM tags t ORDER BY t.key",
    ] {
      #expect(try sandbox.sqlite(query, path: other) == sandbox.sqlite(query), "\(query)")
    }
    let again = try sandbox.vocab(["import", path], environment: ["VOCAB_DB": other])
    #expect(again.stdout == "Imported 0 words into 2 bookcases; skipped 2 duplicates.\n")
    let list = try sandbox.vocab(["list", "TOEFL", "--json"])
    #expect(try sandbox.vocab(["import", "-", "--format", "json"], environment: ["VOCAB_DB": other], stdin: list.stdout).status == 0,
      "what list --json prints imports")
  }
}
