/// How many terminal cells a string takes: East Asian wide and fullwidth characters and emoji take two,
/// combining marks and other zero-width characters none, everything else one. Measured per grapheme cluster,
/// so a base letter with its combining accents, a flag, or an emoji sequence joined by ZWJ counts once.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    // Printable ASCII, the common case, is one cell a byte: no need to split it into grapheme clusters.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control:
      return 0
    default:
      break
    }
    if first.properties.isEmojiPresentation || isWide(first.value) {
      return 2
    }
    // A text-style emoji followed by VARIATION SELECTOR-16 is drawn as an emoji.
    if scalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji {
      return 2
    }
    return 1
  }

  /// East_Asian_Width W and F ranges (Unicode 15, outside the emoji handled above).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo leading consonants (a decomposed syllable's cluster starts here)
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK compatibility
    0x3400...0x4DBF,  // CJK Extension A
    0x4E00...0x9FFF,  // CJK Unified Ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x18CFF,  // Tangut, Khitan
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK Extensions B–F
    0x30000...0x3FFFD,  // CJK Extensions G–H
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    wideRanges.contains { $0.contains(value) }
  }
}
