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

  /// Every column of `cards` and `review_log` but the ids, by word guid then in log order, reals to the last bit.
  static let reviewQueries = [
    """
    SELECT w.guid, c.state, c.step, printf('%!.17g', c.stability), printf('%!.17g', c.difficulty), c.due, c.last_review,
      c.reps, c.lapses FROM cards c JOIN words w ON w.id = c.word_id ORDER BY w.guid
    """,
    """
    SELECT w.guid, r.reviewed_at, r.rating, r.state_before, r.step_before, printf('%!.17g', r.stability_before),
      printf('%!.17g', r.difficulty_before), r.due_before, r.last_review_before, r.reps_before, r.lapses_before,
      r.state_after, r.step_after, printf('%!.17g', r.stability_after), printf('%!.17g', r.difficulty_after), r.due_after,
      r.interval_before, r.interval_after, r.duration_ms FROM review_log r JOIN words w ON w.id = r.word_id ORDER BY w.guid, r.id
    """,
  ]

  /// Two graded words: “abate” learnt, lapsed and relearning, “食べる” easy once; times with milliseconds.
  static func graded() throws -> Sandbox {
    let sandbox = try ExportCommandTests.filled()
    for (word, rating, at) in [
      ("1", "good", "2030-01-01T08:00:00Z"), ("2", "easy", "2030-01-01T08:01:00Z"), ("1", "good", "2030-01-01T08:11:00Z"),
      ("1", "good", "2030-01-02T09:00:00Z"), ("1", "again", "2030-01-06T09:00:00Z"),
    ] {
      try #require(try sandbox.vocab(["grade", word, rating], environment: ["VOCAB_NOW": at]).status == 0)
    }
    try sandbox.sqlite("UPDATE review_log SET duration_ms = 1500 + id, reviewed_at = reviewed_at + id")
    try sandbox.sqlite("UPDATE cards SET due = due + 7, last_review = last_review + 3 WHERE word_id = 1")
    return sandbox
  }

  @Test func cardsAndReviewLogsTravelWholeAndDueAndStatsAnswerTheSameAfterwards() throws {
    let sandbox = try Self.graded()
    try #require(try sandbox.sqlite("SELECT count(*) FROM review_log") == "5\n")
    let path = sandbox.directory + "/all.json"
    #expect(try sandbox.vocab(["export", "-o", path]).status == 0)
    let other = sandbox.directory + "/other.sqlite3"
    let imported = try sandbox.vocab(["import", path], environment: ["VOCAB_DB": other])
    #expect(imported.stdout.hasSuffix("Imported 2 words into 2 bookcases.\n"), "\(imported.stderr)")
    #expect(try sandbox.sqlite("SELECT w.term FROM words w JOIN cards c ON c.word_id = w.id ORDER BY w.id", path: other) == "食べる\nabate\n",
      "the ids differ (bookcases import in list order), so rows are compared by guid")
    for query in Self.reviewQueries {
      #expect(try sandbox.sqlite(query, path: other) == sandbox.sqlite(query), "\(query)")
    }
    for arguments in [["due", "--json"], ["due", "TOEFL"], ["stats", "--json"], ["stats", "TOEFL"], ["due", "JLPT N3", "--json"]] {
      for now in ["2030-01-06T09:05:00Z", "2030-01-20T12:00:00Z"] {
        let environment = ["VOCAB_NOW": now, "TZ": "UTC"]
        let original = try sandbox.vocab(arguments, environment: environment)
        let copy = try sandbox.vocab(arguments, environment: environment.merging(["VOCAB_DB": other]) { $1 })
        #expect(original.status == 0 && copy.stdout == original.stdout, "\(arguments) at \(now)")
      }
    }
    // The same file again changes nothing, with skip or with update.
    for policy in ["skip", "update"] {
      let again = try sandbox.vocab(["import", path, "--on-duplicate", policy], environment: ["VOCAB_DB": other])
      #expect(again.stdout == "Imported 0 words into 2 bookcases; skipped 2 duplicates.\n", "\(policy)")
    }
    for query in Self.reviewQueries {
      #expect(try sandbox.sqlite(query, path: other) == sandbox.sqlite(query), "\(query)")
    }
  }

  @Test func updateReplacesAWordsCardAndLogWithTheFilesAndKeepBothGivesThemToTheNewWord() throws {
    let sandbox = try Self.graded()
    let path = sandbox.directory + "/all.json"
    #expect(try sandbox.vocab(["export", "TOEFL", "-o", path]).status == 0)
    // A second database with the same words, ungraded.
    let other = sandbox.directory + "/other.sqlite3"
    let plain = sandbox.directory + "/plain.tsv"
    #expect(try sandbox.vocab(["export", "-o", plain]).status == 0)
    #expect(try sandbox.vocab(["import", plain], environment: ["VOCAB_DB": other]).status == 0)
    let abate = "SELECT c.state, c.reps, (SELECT count(*) FROM review_log r WHERE r.word_id = c.word_id) FROM cards c JOIN words w ON w.id = c.word_id WHERE w.term = 'abate' ORDER BY w.id"
    #expect(try sandbox.sqlite(abate, path: other) == "new|0|0\n")
    let skipped = try sandbox.vocab(["import", path], environment: ["VOCAB_DB": other])
    #expect(skipped.stdout.hasSuffix("skipped 1 duplicate.\n"), "\(skipped.stdout)")
    #expect(try sandbox.sqlite(abate, path: other) == "new|0|0\n")
    let updated = try sandbox.vocab(["import", path, "--on-duplicate", "update"], environment: ["VOCAB_DB": other])
    #expect(updated.stdout == "Imported 0 words into 1 bookcase; updated 1.\n", "\(updated.stderr)")
    #expect(try sandbox.sqlite(abate, path: other) == "relearning|4|4\n")
    let both = try sandbox.vocab(["import", path, "--on-duplicate", "keep-both"], environment: ["VOCAB_DB": other])
    #expect(both.stdout == "Imported 1 word into 1 bookcase.\n", "\(both.stderr)")
    #expect(try sandbox.sqlite(abate, path: other) == "relearning|4|4\nrelearning|4|4\n")
  }

  @Test func malformedReviewDataStopsTheImportAtItsLineAndChangesNothing() throws {
    let sandbox = try Self.graded()
    let path = sandbox.directory + "/all.json"
    #expect(try sandbox.vocab(["export", "-o", path]).status == 0)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let before = try sandbox.dump()
    for (from, to, message) in [
      (#""rating":"good""#, #""rating":7"#, "the rating 7 is not one of 1 (again), 2 (hard), 3 (good) or 4 (easy)"),
      (#""rating":"good""#, #""rating":"great""#, "the rating of review 1 must be again, hard, good or easy, not \"great\""),
      (#""state":"relearning""#, #""state":"lapsed""#, "the state of the card must be new, learning, review or relearning, not \"lapsed\""),
      (#""reps":4"#, #""reps":-4"#, "the reps of the card is -4; it must be 0 or more"),
      (#""durationMs":1501"#, #""durationMs":-1"#, "the duration of review 1 is -1; it must be 0 or more"),
    ] {
      let bad = sandbox.directory + "/bad.json"
      try #require(text.contains(from))
      try text.replacingOccurrences(of: from, with: to).write(toFile: bad, atomically: true, encoding: .utf8)
      for policy in ["skip", "update", "keep-both"] {
        let refused = try sandbox.vocab(["import", bad, "--on-duplicate", policy])
        #expect(refused.status == 1 && refused.stderr == "error: \(bad):2: \(message)\n", "\(to) \(policy)")
        #expect(try sandbox.dump() == before, "\(to) \(policy)")
      }
    }
  }
}
