import Foundation

extension SearchKey {
  /// The 19 initial consonants (초성) of Hangul syllables, in Unicode's order, as compatibility jamo.
  static let initialConsonants: [Unicode.Scalar] = [
    "ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ",
  ]

  /// The initial-consonant key of `text`: each Hangul syllable becomes its initial consonant as a
  /// compatibility jamo (학교 → ㅎㄱ), computed from the syllable's offset from U+AC00. Compatibility jamo
  /// consonants are kept, and a standalone leading conjoining jamo (U+1100–U+1112) becomes its
  /// compatibility form. Every run of other characters becomes one space, and leading and trailing ones
  /// are dropped, so an initials query never matches across a non-Hangul gap (`학 교` → `ㅎ ㄱ`). Text
  /// without Hangul gives "". NFD input is composed first, so it gives the same key as NFC.
  public static func initials(_ text: String) -> String {
    // Every scalar from U+1000 on starts with a byte from 0xE1 on in UTF-8. Below U+1000 there is no Hangul and
    // no jamo, so text in Latin, Greek or Cyrillic letters gets its (empty) key without a look at its scalars.
    var text = text
    if text.withUTF8({ !$0.contains { $0 >= 0xE1 } }) { return "" }
    var result = String.UnicodeScalarView()
    var pendingSeparator = false
    // Only conjoining jamo (U+1100–U+11FF) compose into syllables, so text without them is already composed as
    // far as this key goes; skipping Foundation's normalisation saves most of an import's cost of computing it.
    let composed =
      text.unicodeScalars.contains { (0x1100...0x11FF).contains($0.value) }
      ? text.precomposedStringWithCanonicalMapping : text
    for scalar in composed.unicodeScalars {
      let value = scalar.value
      let initial: Unicode.Scalar? =
        switch value {
        // 21 medials × 28 finals per initial.
        case 0xAC00...0xD7A3: initialConsonants[Int((value - 0xAC00) / (21 * 28))]
        case 0x1100...0x1112: initialConsonants[Int(value - 0x1100)]
        case 0x3131...0x314E: scalar
        default: nil
        }
      guard let initial else {
        pendingSeparator = !result.isEmpty
        continue
      }
      if pendingSeparator { result.append(" ") }
      pendingSeparator = false
      result.append(initial)
    }
    return String(result)
  }

  /// Whether `query` is made only of Hangul compatibility jamo consonants (U+3131–U+314E, e.g. `ㅎㄱ`), so
  /// search matches it against `initials` rather than `fold`. Test the query as typed, not its fold: NFKC
  /// turns compatibility jamo into conjoining jamo.
  public static func isInitialsQuery(_ query: String) -> Bool {
    !query.isEmpty && query.unicodeScalars.allSatisfy { (0x3131...0x314E).contains($0.value) }
  }
}
