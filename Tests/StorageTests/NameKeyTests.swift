import Foundation
import Testing

@testable import Storage

/// `StorageRules.nameKey` and `sortKey`: which names are one name, and the order of the list.
@Suite struct NameKeyTests {
  /// Six ways to write "JLPT N3" that look alike: one name.
  static let lookalikes = [
    "JLPT N3", "JLPT\u{00A0}N3", "JLPT\u{3000}N3", "JLPT  N3", "ＪＬＰＴ N3", "JLPT\u{200B} N3",
  ]

  @Test(arguments: lookalikes)
  func lookalikeSpellingsHaveOneKey(_ name: String) {
    #expect(StorageRules.nameKey(name) == "jlpt n3")
  }

  @Test func foldsCaseAndNormalisationAsBefore() {
    #expect(StorageRules.nameKey("Ä") == StorageRules.nameKey("ä"))
    #expect(StorageRules.nameKey("A\u{0308}") == StorageRules.nameKey("ä"))
    #expect(StorageRules.nameKey("한국어".decomposedStringWithCanonicalMapping) == StorageRules.nameKey("한국어"))
    #expect(StorageRules.nameKey("STRASSE") == StorageRules.nameKey("straße"))
    #expect(StorageRules.nameKey("ΟΔΌΣ") == StorageRules.nameKey("Οδός"))
    #expect(StorageRules.nameKey(" JLPT N3 ") == "jlpt n3")
    #expect(StorageRules.nameKey("JLPT N3") != StorageRules.nameKey("JLPT N2"))
    // Compatibility forms beyond width: a ligature, a circled digit, half-width katakana.
    #expect(StorageRules.nameKey("ﬁsh") == "fish")
    #expect(StorageRules.nameKey("Lesson ①") == "lesson 1")
    #expect(StorageRules.nameKey("ｶﾀｶﾅ") == StorageRules.nameKey("カタカナ"))
    // Diacritics are part of a name: "Öl" and "Ol" are two names (they only sort together).
    #expect(StorageRules.nameKey("Öl") != StorageRules.nameKey("Ol"))
  }

  @Test func removesInvisiblesThatJoinNothingAndCollapsesWhiteSpace() {
    #expect(StorageRules.nameKey("a\u{200B}b\u{2060}c\u{FEFF}d") == "abcd")
    #expect(StorageRules.nameKey("a \u{200B} b") == "a b")
    #expect(StorageRules.nameKey("a\u{2003}\u{205F}\u{1680}b") == "a b")
    // A joiner beside ASCII, white space or the end joins nothing.
    #expect(StorageRules.nameKey("JLPT\u{200D} N3") == "jlpt n3")
    #expect(StorageRules.nameKey("JL\u{200C}PT N3") == "jlpt n3")
    #expect(StorageRules.nameKey("日本\u{200D} 語") == "日本 語")
  }

  /// Between two non-ASCII characters a joiner changes what is shown, so the names stay apart.
  @Test func keepsJoinersThatChangeWhatIsShown() {
    let family = "👨\u{200D}👩\u{200D}👧"
    #expect(StorageRules.nameKey(family) == family)
    #expect(StorageRules.nameKey(family) != StorageRules.nameKey("👨👩👧"))
    let persian = "می\u{200C}خواهم"
    #expect(StorageRules.nameKey(persian) != StorageRules.nameKey("میخواهم"))
    let conjunct = "क्\u{200D}ष"
    #expect(StorageRules.nameKey(conjunct) != StorageRules.nameKey("क्ष"))
  }

  @Test(arguments: lookalikes + ["Straße", "👨\u{200D}👩\u{200D}👧", "ｶﾀｶﾅ", "Ǆ", "İstanbul", "a \u{200B} b"])
  func aKeyIsItsOwnKey(_ name: String) {
    let key = StorageRules.nameKey(name)
    #expect(StorageRules.nameKey(key) == key)
    #expect(StorageRules.sortKey(nameKey: StorageRules.sortKey(nameKey: key)) == StorageRules.sortKey(nameKey: key))
  }

  /// The ASCII fast path (no Foundation) gives what the full folding gives, for every ASCII character.
  @Test func theASCIIPathAgreesWithTheFullFolding() {
    // Control characters too: a reading's key (a multi-line field) may hold tabs and line breaks.
    let ascii = (0x01..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    for character in ascii {
      for line in ["a\(character)B", "\(character)Z", "Q\(character)"] {
        let normalized = StorageRules.normalizedLine(line)
        #expect(StorageRules.asciiNameKey(normalized) == StorageRules.foldedNameKey(normalized), "\(line)")
      }
    }
    let sample = "The Quick  Brown Fox, 2024: JLPT N3 (vol. 2) ~ [A-Z] @#$%^&*"
    #expect(StorageRules.asciiNameKey(sample) == StorageRules.foldedNameKey(sample))
    #expect(StorageRules.foldedSortKey(StorageRules.asciiNameKey(sample)) == StorageRules.asciiNameKey(sample))
  }

  @Test func sortKeysFoldDiacritics() {
    let keys = ["Apfel", "emma", "Zoe", "ángel", "Émile", "ñu", "Öl", "Ǆemal"].map {
      StorageRules.sortKey(nameKey: StorageRules.nameKey($0))
    }
    #expect(keys == ["apfel", "emma", "zoe", "angel", "emile", "nu", "ol", "dzemal"])
    // Scripts without combining diacritics keep their letters; kana sort with their voiceless forms.
    #expect(StorageRules.sortKey(nameKey: "토픽 중급") == "토픽 중급")
    #expect(StorageRules.sortKey(nameKey: "だいがく") == "たいかく")
  }

  @Test func listOrderIsSortKeyThenNameThenID() {
    func bookCase(_ id: Int64, _ name: String) -> BookCase {
      BookCase(id: id, name: name, createdAt: Date(unixMilliseconds: 0), updatedAt: Date(unixMilliseconds: 0))
    }
    let shuffled = [bookCase(1, "Öl"), bookCase(2, "Zoe"), bookCase(3, "ángel"), bookCase(4, "Ol"), bookCase(5, "Apfel")]
    #expect(shuffled.sorted(by: StorageRules.listsBefore).map(\.name) == ["ángel", "Apfel", "Ol", "Öl", "Zoe"])
    #expect(StorageRules.listsBefore(bookCase(1, "a"), bookCase(2, "a")))
    #expect(!StorageRules.listsBefore(bookCase(2, "a"), bookCase(1, "a")))
  }
}
