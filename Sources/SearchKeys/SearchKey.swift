import Foundation

/// The folding that search compares through: query and stored fields are both passed through `fold`, so
/// a match is a substring match of folded keys. Pure and deterministic; no I/O.
public enum SearchKey {
  /// Folds `text` to its search key: compatibility-normalised (NFKC, which also folds width), case folded
  /// (`ß` → `ss`), Latin-style combining diacritics removed, katakana written as hiragana.
  ///
  /// Pure-ASCII input takes a byte loop that only lowercases `A`–`Z`: for ASCII, NFKC, case folding and
  /// diacritic removal are exactly that, and it keeps ICU-backed Foundation calls off the start-up of a
  /// search for a Latin query.
  public static func fold(_ text: String) -> String {
    foldASCII(text) ?? foldUnicode(text)
  }

  /// The ASCII fast path; nil when `text` has a byte outside ASCII.
  static func foldASCII(_ text: String) -> String? {
    // In the string's own buffer: stepping `utf8` cost several times as much, for every field of every import.
    var text = text
    return text.withUTF8 { utf8 in
      guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(unsafeUninitializedCapacity: utf8.count) { buffer in
        for (index, byte) in utf8.enumerated() { buffer[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte }
        return utf8.count
      }
    }
  }

  /// The general path, for any input (the tests check it agrees with the ASCII path on ASCII).
  static func foldUnicode(_ text: String) -> String {
    // Decomposing first lets case folding see the letters inside compatibility characters (`Ｂ`, `ℌ`);
    // decomposing again after it separates accents that folding may have produced on precomposed letters.
    let caseFolded = text.decomposedStringWithCompatibilityMapping
      .folding(options: .caseInsensitive, locale: nil)
      .decomposedStringWithCompatibilityMapping
    var stripped = String.UnicodeScalarView()
    for scalar in caseFolded.unicodeScalars where !isRemovedDiacritic(scalar.value) {
      stripped.append(scalar)
    }
    // Composing again turns か + U+3099 back into が, and NFD Hangul jamo into syllables.
    let composed = String(stripped).precomposedStringWithCanonicalMapping
    var result = String.UnicodeScalarView()
    for scalar in composed.unicodeScalars {
      appendHiragana(for: scalar, to: &result)
    }
    return String(result)
  }

  /// Combining marks that `fold` drops: the combining diacritical mark blocks used by Latin, Greek and
  /// Cyrillic (and pinyin tone marks). Marks of other scripts stay, above all the kana voicing marks
  /// U+3099/U+309A, so が, か and ぱ stay distinct. Foundation's `.diacriticInsensitive` is not used: the
  /// set of marks it removes is not ours to choose.
  static func isRemovedDiacritic(_ value: UInt32) -> Bool {
    switch value {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
    default: false
    }
  }

  /// Katakana is written as the hiragana at the same offset (U+30A1–U+30F6 → U+3041–U+3096, ヽヾ → ゝゞ).
  /// ヷヸヹヺ have no precomposed hiragana, so they become わゐゑを followed by the voicing mark. The
  /// prolonged sound mark ー (U+30FC) is shared by both scripts and kept as it is: こーひー and コーヒー fold
  /// the same, but ー is not spelled out as a vowel (こうひい is a different key).
  static func appendHiragana(for scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) {
    let value = scalar.value
    switch value {
    case 0x30A1...0x30F6, 0x30FD...0x30FE:
      result.append(Unicode.Scalar(value - 0x60)!)
    case 0x30F7...0x30FA:
      result.append(Unicode.Scalar(value - 0x30F7 + 0x308F)!)
      result.append("\u{3099}")
    default:
      result.append(scalar)
    }
  }
}
