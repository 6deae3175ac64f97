import Testing

@testable import WordFormats

/// Random and mutated input: the reader ends every time, with words or a `FormatError`, never a crash, a hang
/// or another error; and how the input is cut into chunks never changes the outcome. Each case has its own
/// seed, named in any failure, so it can be replayed.
struct WordTextReaderFuzzTests {
  /// Pieces that matter to the formats, as bytes: separators, quotes, line ends, header keys, tags, entities,
  /// multi-byte characters, a byte order mark and bytes that are never UTF-8.
  static let pieces: [[UInt8]] = [
    "\t", ",", "\"", "\"\"", "\n", "\r\n", "\r", "#", "#separator:", "#html:true", "#columns:", "#tags column:",
    "#deck column:2", "#guid column:1", "tags:", "term", "meaning", "Comma", "Pipe", "|", ";", ":", " ", "a", "Z", "1",
    "<br>", "<div>", "</div>", "<b", ">", "<img src=", "[sound:", "]", "&amp;", "&#", "&#x1F408;", "&", ";",
    "<style>", "<!--", "猫", "🐈‍⬛", "é",
  ].map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF], [0xFF], [0xE7, 0x8C], [0xC0, 0x80], [0x00]]

  enum Outcome: Equatable {
    case words([WordRecord], media: [String])
    case failed(FormatError)
  }

  /// Reads to the end, refusing to loop more often than the input could justify.
  static func outcome(_ bytes: [UInt8], format: TextFormat, chunkSize: Int) throws -> Outcome {
    var reader = WordTextReader(format: format, source: .bytes(bytes, chunkSize: chunkSize), maxRowBytes: 4096)
    var words: [WordRecord] = []
    do {
      while let word = try reader.next() {
        words.append(word)
        // A row takes at least one byte: more rows than bytes would mean the reader is not moving.
        try #require(words.count <= bytes.count)
      }
    } catch let error as FormatError {
      #expect(error.line >= 1)
      #expect(!error.message.contains("\n"))
      return .failed(error)
    }
    return .words(words, media: reader.media)
  }

  static func check(_ bytes: [UInt8], seed: UInt64, random: inout Random) throws {
    for format in TextFormat.allCases {
      let whole = try outcome(bytes, format: format, chunkSize: 1 << 16)
      let chunkSize = Int.random(in: 1...7, using: &random)
      #expect(
        try outcome(bytes, format: format, chunkSize: chunkSize) == whole,
        "seed \(seed), \(format), chunk size \(chunkSize)")
    }
  }

  @Test func randomInputEndsInWordsOrAnError() throws {
    for seed in UInt64(1)...1500 {
      var random = Random(state: seed)
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        bytes += Self.pieces.randomElement(using: &random)!
      }
      try Self.check(bytes, seed: seed, random: &random)
    }
  }

  @Test func mutatedValidFilesEndInWordsOrAnError() throws {
    let words = [
      WordRecord(
        term: "猫", meaning: "cat\n<small> & \"quoted\"", reading: "ねこ", example: "\t#", note: "[sound:a.mp3]",
        tags: ["jlpt::n5", "noun"], guid: "g#1", deck: "A::B", notetype: "Basic"),
      WordRecord(term: "", meaning: "", tags: [], deck: "D", notetype: "Basic"),
      WordRecord(term: "🐈‍⬛", meaning: "black cat", note: "line\nline", deck: "D", notetype: "Basic"),
    ]
    var files: [[UInt8]] = []
    for format in TextFormat.allCases {
      var output: [UInt8] = []
      var writer = WordTextWriter(format: format) { output += $0 }
      for word in words { try writer.write(word) }
      try writer.finish()
      files.append(output)
    }
    var anki: [UInt8] = []
    var writer = AnkiTextWriter { anki += $0 }
    for word in words { try writer.write(word) }
    try writer.finish()
    files.append(anki)

    for seed in UInt64(1)...1500 {
      var random = Random(state: seed)
      var bytes = files.randomElement(using: &random)!
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where position < bytes.count: bytes.remove(at: position)
        case 1: bytes.insert(contentsOf: Self.pieces.randomElement(using: &random)!, at: position)
        case 2 where position < bytes.count: bytes[position] = UInt8.random(in: 0...255, using: &random)
        default: bytes.removeSubrange(position...)
        }
      }
      try Self.check(bytes, seed: seed, random: &random)
    }
  }

  @Test func randomHTMLAlwaysConverts() {
    for seed in UInt64(1)...2000 {
      var random = Random(state: seed)
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...30, using: &random) {
        bytes += Self.pieces.randomElement(using: &random)!
      }
      let html = String(decoding: bytes, as: UTF8.self)
      let converted = HTMLText.text(fromHTML: html)
      // Markup only ever shrinks into text: every tag, entity or line break becomes at most as many bytes.
      #expect(converted.text.utf8.count <= html.utf8.count, "seed \(seed)")
    }
  }
}
