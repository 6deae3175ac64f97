/// How many terminal cells a string takes, as the terminal draws it: the widths glibc's `wcwidth` gives each
/// code point (what terminals and tmux use on Linux), summed over a grapheme cluster, except that an emoji
/// sequence (a flag, a keycap, a ZWJ family, a skin tone) is drawn as one emoji, two cells.
public enum DisplayWidth {
  public static func of(_ text: String) -> Int {
    // Printable ASCII, the common case, is one cell a byte: no need to split it into grapheme clusters.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.count > 1, let first = scalars.first, isEmojiSequence(first: first, scalars) { return 2 }
    return scalars.reduce(0) { $0 + of($1) }
  }

  /// One code point's width, as glibc's `wcwidth` gives it; control characters count as none.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value < 0x20 ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control:
      return 0
    case .format:
      // A soft hyphen and the marks written before a number (Arabic's number sign) take a cell of their own.
      return value == 0xAD || prependedConcatenationMarks.contains(value) ? 1 : 0
    default:
      break
    }
    // The vowels and final consonants of a decomposed Hangul syllable join its initial, which takes two cells.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
    if isWide(value) { return 2 }
    // A regional indicator alone is a letter; two of them, a flag, are measured as a sequence.
    if scalar.properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(value) { return 2 }
    return 1
  }

  /// Several code points drawn as one emoji: an emoji-presentation base (with modifiers, tags or joined
  /// emoji), a flag of two regional indicators, or a text-style emoji or keycap asked to be drawn as emoji by
  /// VARIATION SELECTOR-16.
  private static func isEmojiSequence(first: Unicode.Scalar, _ scalars: String.UnicodeScalarView) -> Bool {
    if first.properties.isEmojiPresentation { return true }
    return first.properties.isEmoji && scalars.contains { $0.value == 0xFE0F }
  }

  /// Format characters with a width of one (Unicode's Prepended_Concatenation_Mark).
  private static let prependedConcatenationMarks: Set<UInt32> = [
    0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
  ]

  /// East Asian Wide and Fullwidth code points that are not emoji (those are found by their property).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants (a decomposed syllable's cluster starts here)
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x3096,  // Hiragana
    0x309B...0xA4C6,  // kana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK, Yi
    0xA960...0xA97C,  // Hangul Jamo Extended-A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAD9,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6B,  // CJK compatibility forms, small form variants
    0xFF01...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE3,  // ideographic symbols
    0x16FF0...0x1B2FB,  // Tangut, Khitan, kana supplement and extensions, Nushu
    0x1F200...0x1F265,  // enclosed ideographic supplement
    0x20000...0x3FFFD,  // CJK Extensions B–H
  ]

  private static func isWide(_ value: UInt32) -> Bool {
    guard value >= 0x1100 else { return false }
    return wideRanges.contains { $0.contains(value) }
  }
}
