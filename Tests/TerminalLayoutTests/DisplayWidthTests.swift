import Foundation
import Testing

@testable import TerminalLayout

struct DisplayWidthTests {
  /// Every code point glibc knows, as a `FIRST LAST WIDTH` range file written by scripts/generate-width-fixture.
  static func glibcWidths() throws -> [(ClosedRange<UInt32>, Int)] {
    let path = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures/wcwidth.txt")
    return try String(contentsOf: path, encoding: .utf8).split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: " ")
      let first = try #require(UInt32(fields[0], radix: 16))
      let last = try #require(UInt32(fields[1], radix: 16))
      return (first...last, try #require(Int(fields[2])))
    }
  }

  @Test func everyCodePointIsAsWideAsGlibcSays() throws {
    let ranges = try Self.glibcWidths()
    #expect(ranges.count > 1000)
    // Unicode 15 made AHOM CONSONANT SIGN MEDIAL RA a spacing mark; glibc 2.36 has Unicode 14's tables.
    let newerInSwift: Set<UInt32> = [0x1171E]
    var mismatches: [String] = []
    var checked = 0
    for (range, width) in ranges {
      for value in range {
        let scalar = try #require(Unicode.Scalar(value))
        checked += 1
        // Alone, as a string of its own: the way a cell holding that character is measured.
        let measured = DisplayWidth.of(String(Character(scalar)))
        if measured != width, !newerInSwift.contains(value), mismatches.count < 20 {
          mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(measured), glibc \(width)")
        }
      }
    }
    #expect(checked > 250_000)
    #expect(mismatches == [])
  }

  @Test(arguments: [
    ("हिन्दी", 5),  // Devanagari: spacing vowel signs take a cell, the virama none
    ("বাংলা", 5),  // Bengali
    ("தமிழ்", 4),  // Tamil
    ("ภาษาไทย", 7),  // Thai: the vowel above takes none
    ("co\u{AD}op", 5),  // a soft hyphen takes a cell
  ])
  /// The expected widths are glibc's `wcswidth` of the same strings.
  func spacingMarksAndSoftHyphensTakeACell(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  @Test(arguments: [
    ("猫", 2), ("食べる", 6), ("コーヒー", 8), ("ｺｰﾋｰ", 4), ("ＡＢＣ", 6), ("\u{3000}", 2),
    ("학교", 4),  // Hangul, precomposed
    ("\u{1112}\u{1161}\u{11A8}\u{1100}\u{116D}", 4),  // the same decomposed (NFD): initial, vowel, final
    ("café", 4), ("cafe\u{301}", 4),  // a combining accent takes no cell
    ("😀", 2), ("👍🏽", 2),  // an emoji with a skin tone is one emoji
    ("👨‍👩‍👧", 2),  // a ZWJ family
    ("🇯🇵", 2), ("🇯", 1),  // a flag; a regional indicator alone is a letter
    ("1️⃣", 2), ("1⃣", 1),  // a keycap drawn as emoji, and as text
    ("☺", 1), ("☺️", 2),  // text style, and emoji style with VARIATION SELECTOR-16
    ("a\u{200B}b", 2),  // a zero-width space
  ])
  func widths(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }
}
