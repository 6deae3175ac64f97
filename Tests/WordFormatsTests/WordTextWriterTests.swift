import Testing

@testable import WordFormats

struct WordTextWriterTests {
  static func written(_ words: [WordRecord], format: TextFormat) throws -> String {
    var output: [UInt8] = []
    var writer = WordTextWriter(format: format) { output += $0 }
    for word in words { try writer.write(word) }
    try writer.finish()
    return String(decoding: output, as: UTF8.self)
  }

  @Test func tsvNamesItsColumnsThenWritesOneRowPerWord() throws {
    let words = [
      WordRecord(term: "猫", meaning: "cat", reading: "ねこ", tags: ["noun", "jlpt::n5"]),
      WordRecord(term: "a<b>&c", meaning: "tab\there", example: "line 1\nline 2", note: "say \"hi\""),
      WordRecord(term: "#1", meaning: ""),
    ]
    let expected = [
      "term\tmeaning\treading\texample\tnote\ttags",
      "猫\tcat\tねこ\t\t\tnoun jlpt::n5",
      "a<b>&c\t\"tab\there\"\t\t\"line 1\nline 2\"\t\"say \"\"hi\"\"\"\t",
      "\"#1\"\t\t\t\t\t",
    ]
    #expect(try Self.written(words, format: .tsv) == expected.joined(separator: "\n") + "\n")
  }

  @Test func csvEndsLinesWithCRLFAndQuotesCommas() throws {
    let words = [WordRecord(term: "a, b", meaning: "x\r\ny", note: "plain")]
    #expect(
      try Self.written(words, format: .csv)
        == "term,meaning,reading,example,note,tags\r\n\"a, b\",\"x\r\ny\",,,plain,\r\n")
  }

  @Test func anEmptyExportStillNamesTheColumns() throws {
    #expect(try Self.written([], format: .tsv) == "term\tmeaning\treading\texample\tnote\ttags\n")
  }

  @Test func aTagWithWhitespaceIsRefused() {
    var writer = WordTextWriter(format: .tsv) { _ in }
    #expect(throws: FormatWriteError.tagWithWhitespace("two words")) {
      try writer.write(WordRecord(term: "t", meaning: "m", tags: ["ok", "two words"]))
    }
  }

  @Test func outputReachesTheSinkInLargeChunksAndAllOfItByTheEnd() throws {
    var chunks: [[UInt8]] = []
    var writer = WordTextWriter(format: .tsv) { chunks.append($0) }
    let word = WordRecord(term: String(repeating: "猫", count: 100), meaning: "cat")
    for _ in 0..<1000 { try writer.write(word) }
    let beforeFinish = chunks.count
    try writer.finish()
    #expect(beforeFinish >= 4 && beforeFinish <= 6)
    #expect(chunks.dropLast().allSatisfy { $0.count >= 64 * 1024 })
    let text = String(decoding: chunks.joined(), as: UTF8.self)
    #expect(text.split(separator: "\n").count == 1001)
  }

  @Test func randomWordsReadBackUnchanged() throws {
    for seed in UInt64(1)...500 {
      var random = Random(state: seed)
      let words = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        WordRecord.random(using: &random, lineBreaks: ["\n", "\r\n", "\r"])
      }
      for format in TextFormat.allCases {
        let text = try Self.written(words, format: format)
        let chunkSize = Int.random(in: 1...64, using: &random)
        var reader = WordTextReader(format: format, source: .string(text, chunkSize: chunkSize))
        #expect(try reader.readAll().map { $0.withLine(0) } == words, "seed \(seed), \(format)")
      }
    }
  }

  @Test func whatItWritesReadsBack() throws {
    let words = [
      WordRecord(term: "term", meaning: "meaning"),
      WordRecord(term: "\"q\"", meaning: " ", reading: "\t", example: "\r\n", note: "#", tags: ["a::b"]),
      WordRecord(term: "tags:x", meaning: "🐈‍⬛ 猫"),
    ]
    for format in TextFormat.allCases {
      var reader = WordTextReader(format: format, source: .string(try Self.written(words, format: format)))
      #expect(try reader.readAll().map { $0.withLine(0) } == words, "\(format)")
    }
  }
}

