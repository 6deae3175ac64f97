@testable import WordFormats

/// SplitMix64: small, fast and the same on every machine, so a failing seed replays anywhere.
struct Random: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension String {
  /// Text made of what the formats must carry: separators, quotes, markup, entities, `#`, spaces, CJK, emoji.
  static func random(using random: inout Random, lineBreaks: [String]) -> String {
    let pieces = [
      "\t", ",", "\"", "'", "<", ">", "&", "&amp;", "<br>", "#", " ", "  ", "a", "word", "猫", "食べる", "🐈‍⬛", "é",
      "[sound:x.mp3]", ";", "|", ":", "tags:", "\u{A0}",
    ] + lineBreaks
    return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
  }
}

extension WordRecord {
  static func random(using random: inout Random, lineBreaks: [String]) -> WordRecord {
    let tagPieces = ["noun", "jlpt::n3", "猫", "a\"b", "#x", "<t>", "&"]
    return WordRecord(
      term: .random(using: &random, lineBreaks: lineBreaks),
      meaning: .random(using: &random, lineBreaks: lineBreaks),
      reading: .random(using: &random, lineBreaks: lineBreaks),
      example: .random(using: &random, lineBreaks: lineBreaks),
      note: .random(using: &random, lineBreaks: lineBreaks),
      tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in tagPieces.randomElement(using: &random)! })
  }

  func withLine(_ line: Int) -> WordRecord {
    var copy = self
    copy.line = line
    return copy
  }
}
