import Testing

@testable import WordFormats

struct AnkiTextWriterTests {
  static func written(_ words: [WordRecord], deck: String = "Default") throws -> String {
    var output: [UInt8] = []
    var writer = AnkiTextWriter(defaultDeck: deck) { output += $0 }
    for word in words { try writer.write(word) }
    try writer.finish()
    return String(decoding: output, as: UTF8.self)
  }

  @Test func writesTheHeaderAnkiWritesThenGuidNotetypeDeckFieldsInVocabsOrderAndTags() throws {
    let words = [
      WordRecord(
        term: "猫", meaning: "cat\na small animal", reading: "ねこ", tags: ["jlpt::n5", "noun"], guid: "rH*z*])Z#~",
        deck: "Japanese::JLPT N5", notetype: "vocab"),
      WordRecord(term: "a < b & c", meaning: "say \"hi\"", note: "tab\there", notetype: "Basic"),
    ]
    // Every note is of vocab's own type, fields Term, Reading, Meaning, Example, Note, whatever type it came from.
    let expected = [
      "#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:3", "#tags column:9",
      "\"rH*z*])Z#~\"\tvocab\tJapanese::JLPT N5\t猫\tねこ\tcat<br>a small animal\t\t\tjlpt::n5 noun",
      "\tvocab\tDefault\ta &lt; b &amp; c\t\t\"say \"\"hi\"\"\"\t\t\"tab\there\"\t",
    ]
    #expect(try Self.written(words) == expected.joined(separator: "\n") + "\n")
  }

  @Test func wordsWithoutADeckGetTheDefault() throws {
    let text = try Self.written([WordRecord(term: "t", meaning: "m")], deck: "Mine")
    #expect(text.hasSuffix("\n\tvocab\tMine\tt\t\tm\t\t\t\n"))
  }

  @Test func aRowOfVocabsNoteTypeIsReadInItsFieldOrderAndABasicRowInBasics() throws {
    let text = """
      #separator:tab
      #notetype column:1
      VOCAB\t食べる\tたべる\tto eat\tex\tnote
      Basic\t猫\tcat

      """
    var reader = WordTextReader(format: .tsv, source: .string(text))
    #expect(try reader.readAll().map { $0.withLine(0) } == [
      WordRecord(term: "食べる", meaning: "to eat", reading: "たべる", example: "ex", note: "note", notetype: "VOCAB"),
      WordRecord(term: "猫", meaning: "cat", notetype: "Basic"),
    ])
  }

  @Test func aTagWithWhitespaceIsRefused() {
    var writer = AnkiTextWriter { _ in }
    #expect(throws: FormatWriteError.tagWithWhitespace("a\tb")) {
      try writer.write(WordRecord(term: "t", meaning: "m", tags: ["a\tb"]))
    }
  }

  @Test func randomWordsReadBackUnchanged() throws {
    for seed in UInt64(1)...500 {
      var random = Random(state: seed)
      let words = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        // HTML knows one line break: CRLF and CR come back as LF, so the words hold LF only.
        var word = WordRecord.random(using: &random, lineBreaks: ["\n"])
        word.guid = Bool.random(using: &random) ? String.random(using: &random, lineBreaks: ["\n"]) : nil
        if word.guid == "" { word.guid = nil }
        word.deck = "deck " + String.random(using: &random, lineBreaks: [])
        word.notetype = VocabNoteType.name
        return word
      }
      var reader = WordTextReader(
        format: .tsv, source: .string(try Self.written(words), chunkSize: Int.random(in: 1...64, using: &random)))
      #expect(try reader.readAll().map { $0.withLine(0) } == words, "seed \(seed)")
    }
  }

  @Test func whatItWritesReadsBack() throws {
    let words = [
      WordRecord(
        term: "<img src=x>", meaning: "&amp; [sound:a.mp3]", reading: "\n", example: " two  spaces ",
        note: "#\"\t", tags: ["x::y"], guid: "g\"#\t", deck: "A::B", notetype: "vocab"),
      WordRecord(term: "猫", meaning: "🐈", deck: "Default", notetype: "vocab"),
    ]
    var reader = WordTextReader(format: .tsv, source: .string(try Self.written(words)))
    #expect(try reader.readAll().map { $0.withLine(0) } == words)
    #expect(reader.media == ["a.mp3"])
  }
}
