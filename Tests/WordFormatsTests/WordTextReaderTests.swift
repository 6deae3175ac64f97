import Foundation
import Testing

@testable import WordFormats

struct WordTextReaderTests {
  static func read(_ text: String, format: TextFormat = .tsv, chunkSize: Int = 4096) throws -> [WordRecord] {
    var reader = WordTextReader(format: format, source: .string(text, chunkSize: chunkSize))
    return try reader.readAll()
  }

  static func error(_ text: String, format: TextFormat = .tsv) -> FormatError? {
    do {
      _ = try read(text, format: format)
      return nil
    } catch {
      return error as? FormatError
    }
  }

  /// Exported by Anki 26.9.3 (`export_note_csv` with HTML, tags, deck, note type and guid): see
  /// Fixtures/README.md for how it was made.
  @Test func readsWhatAnkiExports() throws {
    let url = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/anki-notes.txt")
    var reader = WordTextReader(format: .tsv, source: .bytes(Array(try Data(contentsOf: url))))
    let words = try reader.readAll()
    #expect(
      words == [
        WordRecord(
          term: "猫", meaning: "cat\na small animal & friend", tags: ["jlpt::n3", "noun"], guid: "rH*z*])Z#~",
          deck: "Japanese::JLPT N3", notetype: "Basic", line: 7),
        WordRecord(
          term: "食べる", meaning: "to eat\n(verb)", tags: ["verb"], guid: "nT~34xR%-&", deck: "Japanese::JLPT N3",
          notetype: "Basic (and reversed card)", line: 8),
        WordRecord(
          term: "say \"hi\"", meaning: "tab\there #hash", guid: "Km(u_gFl(_", deck: "Default", notetype: "Basic",
          line: 9),
        WordRecord(
          term: "#start", meaning: "line1 line2 [sound:neko.mp3] cat.jpg", tags: ["x"], guid: "xi]W%D$#23",
          deck: "Default", notetype: "Basic", line: 10),
      ])
    #expect(reader.media == ["cat.jpg", "neko.mp3"])
    #expect(reader.header?.html == true)
    #expect(reader.header?.tagsColumn == 6)
  }

  @Test func fieldsAfterTheTermAndMeaningFollowTheirColumnNames() throws {
    let text = """
      #separator:Comma
      #columns:Reading,Term,Extra,Meaning,Tags
      #tags column:5
      ねこ,猫,ignored?,cat,noun
      """
    // Unnamed columns take the fields no name claimed, in order: Extra becomes the example.
    #expect(
      try Self.read(text) == [
        WordRecord(term: "猫", meaning: "cat", reading: "ねこ", example: "ignored?", tags: ["noun"], line: 4)
      ])
    #expect(
      try Self.read("#columns:Back\tFront\tnote\nmeaning\tterm\tn\n") == [
        WordRecord(term: "term", meaning: "meaning", note: "n", line: 2)
      ])
  }

  @Test func withoutNamesFieldsComeInTheOrderTermMeaningReadingExampleNote() throws {
    // vocab's own note type has its own order (see AnkiTextWriterTests); any other type has this one.
    let text = "#notetype column:1\nMy words\t猫\tcat\tねこ\t猫がいる\tnote\textra column\n"
    #expect(
      try Self.read(text) == [
        WordRecord(
          term: "猫", meaning: "cat", reading: "ねこ", example: "猫がいる", note: "note", notetype: "My words", line: 2)
      ])
  }

  @Test func theHeaderDeckNotetypeAndTagsApplyToEveryRow() throws {
    let text = """
      #deck:Spanish
      #notetype:Basic
      #tags:imported lesson::1
      #tags column:3
      gato\tcat\tnoun lesson::1
      perro\tdog
      """
    #expect(
      try Self.read(text) == [
        WordRecord(
          term: "gato", meaning: "cat", tags: ["noun", "lesson::1", "imported"], deck: "Spanish", notetype: "Basic",
          line: 5),
        WordRecord(
          term: "perro", meaning: "dog", tags: ["imported", "lesson::1"], deck: "Spanish", notetype: "Basic",
          line: 6),
      ])
  }

  @Test func aDeckColumnOverridesTheHeaderDeckUnlessEmpty() throws {
    let text = "#deck:Fallback\n#deck column:1\nOwn\ta\tb\n\tc\td\n"
    #expect(try Self.read(text).map(\.deck) == ["Own", "Fallback"])
  }

  @Test func htmlIsDecodedOnlyWhenTheFileIsHTML() throws {
    #expect(try Self.read("#html:true\na &amp; b\t<b>x</b>\n").map(\.term) == ["a & b"])
    #expect(try Self.read("#html:false\na &amp; b\t<b>x</b>\n").map(\.meaning) == ["<b>x</b>"])
    // Without #html, the first five rows decide, as in Anki.
    let sniffed = "#deck:D\nplain & simple\tx\n1\t2\n3\t4\n4\t5\n5\t<i>6</i>\n7 &amp; 8\t9\n"
    #expect(try Self.read(sniffed).map(\.term) == ["plain & simple", "1", "3", "4", "5", "7 & 8"])
    let plain = "#deck:D\nplain & simple\tx\n1\t2\n3\t4\n4\t5\n5\t6\n7 &amp; <8>\t9\n"
    #expect(try Self.read(plain).map(\.term) == ["plain & simple", "1", "3", "4", "5", "7 &amp; <8>"])
  }

  @Test func commentsAfterTheHeaderAreSkipped() throws {
    let text = "#separator:Semicolon\na;b\n#separator:Tab\n#any comment\nc;d\n"
    #expect(try Self.read(text).map(\.term) == ["a", "c"])
  }

  @Test func theOldestAnkiHeaderALeadingTagsLine() throws {
    #expect(
      try Self.read("tags:old imported\nterm\tmeaning\n") == [
        WordRecord(term: "term", meaning: "meaning", tags: ["old", "imported"], line: 2)
      ])
  }

  @Test func anAnkiRowWithoutItsTermColumnIsAnError() {
    #expect(
      Self.error("#guid column:1\n#deck column:2\nguid\tdeck\tterm\nguid2\tdeck\n")
        == FormatError(line: 4, "the row has 2 columns; at least 3 are needed (the term is in column 3)"))
  }

  @Test func plainColumnsAreTermMeaningReadingExampleNoteTags() throws {
    let text = "猫\tcat\n犬\tdog\tいぬ\n鳥\tbird\tとり\t鳥が飛ぶ\ta note\tnoun animal\n"
    #expect(
      try Self.read(text) == [
        WordRecord(term: "猫", meaning: "cat", line: 1),
        WordRecord(term: "犬", meaning: "dog", reading: "いぬ", line: 2),
        WordRecord(
          term: "鳥", meaning: "bird", reading: "とり", example: "鳥が飛ぶ", note: "a note", tags: ["noun", "animal"],
          line: 3),
      ])
    // Plain files are text, not HTML.
    #expect(try Self.read("a &amp; <b>\tx\n").map(\.term) == ["a &amp; <b>"])
  }

  @Test func aPlainRowWithTooFewOrTooManyColumnsIsAnError() {
    #expect(
      Self.error("a\tb\nlonely\n")
        == FormatError(line: 2, "the row has 1 column; at least 2 are needed (a term and a meaning)"))
    #expect(
      Self.error("1\t2\t3\t4\t5\t6\t7\n")
        == FormatError(
          line: 1, "the row has 7 columns; at most 6 are expected (term, meaning, reading, example, note, tags)"))
  }

  @Test func aFirstRowNamingColumnsMapsThem() throws {
    let text = "Tags\t MEANING \tterm\tReading\nnoun\tcat\t猫\tねこ\n\tdog\t犬\n"
    #expect(
      try Self.read(text) == [
        WordRecord(term: "猫", meaning: "cat", reading: "ねこ", tags: ["noun"], line: 2),
        WordRecord(term: "犬", meaning: "dog", line: 3),
      ])
    // A first row that is not all column names is a word.
    #expect(try Self.read("term\tthe word for a word\n").map(\.term) == ["term"])
  }

  @Test func aNamingRowMustNameTheTermAndMeaning() {
    #expect(
      Self.error("term\treading\nx\ty\n")
        == FormatError(line: 1, "the first row names the columns but none is \"meaning\""))
    #expect(
      Self.error("note,meaning,term\nn,m\n", format: .csv)
        == FormatError(line: 2, "the row has 2 columns; at least 3 are needed (the term and the meaning)"))
    #expect(
      Self.error("term,meaning\na,b,c\n", format: .csv)
        == FormatError(line: 2, "the row has 3 columns; at most 2 are expected (the first row names 2)"))
  }

  @Test func csvIsRFC4180() throws {
    let text = "\u{FEFF}term,meaning,example\r\n#hashtag,\"a, b\",\"line 1\r\nline \"\"2\"\"\"\r\ntags:x,y,\r\n"
    #expect(
      try Self.read(text, format: .csv) == [
        WordRecord(term: "#hashtag", meaning: "a, b", example: "line 1\r\nline \"2\"", line: 2),
        WordRecord(term: "tags:x", meaning: "y", line: 4),
      ])
  }

  @Test func csvIgnoresAnkiHeaderLines() {
    #expect(
      Self.error("#separator:tab\nx\ty\n", format: .csv)
        == FormatError(line: 1, "the row has 1 column; at least 2 are needed (a term and a meaning)"))
  }

  @Test func anEmptyFileHasNoWords() throws {
    #expect(try Self.read("").isEmpty)
    #expect(try Self.read("\u{FEFF}\n\n").isEmpty)
    #expect(try Self.read("#separator:tab\n#html:true\n").isEmpty)
    #expect(try Self.read("term,meaning\r\n", format: .csv).isEmpty)
  }

  @Test func rowsComeOutBeforeTheSourceIsReadToTheEnd() throws {
    // An endless source: the reader must hand out rows after reading only what they need.
    var chunksAsked = 0
    let source = ByteSource {
      chunksAsked += 1
      return Array("word \(chunksAsked)\tmeaning\n".utf8)
    }
    var reader = WordTextReader(format: .tsv, source: source)
    for expected in 1...1000 {
      #expect(try reader.next()?.term == "word \(expected)")
    }
    #expect(chunksAsked <= 1001)
  }

  @Test func errorsFromTheSourcePassThrough() {
    struct Broken: Error, Equatable {}
    var sent = false
    var reader = WordTextReader(format: .tsv, source: ByteSource {
      if sent { throw Broken() }
      sent = true
      return Array("a\tb\n".utf8)
    })
    #expect(throws: Broken()) {
      while try reader.next() != nil {}
    }
  }
}
