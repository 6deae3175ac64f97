import Foundation
import Testing

@testable import SearchKeys

@Suite struct SearchKeyTests {
  @Test(arguments: [
    ("strasse", "straße"), ("STRASSE", "Straße"), ("cafe", "café"), ("beijing", "běijīng"),
    ("ｺｰﾋｰ", "コーヒー"), ("ABC", "ＡＢＣ"), ("こーひー", "コーヒー"), ("が", "ｶﾞ"), ("ゔぁ", "ヴァ"),
    ("ゝ", "ヽ"), ("わ\u{3099}", "ヷ"), ("kg", "㎏"),
  ])
  func foldsSpellingsOfTheSameWordEqual(query: String, field: String) {
    #expect(SearchKey.fold(query) == SearchKey.fold(field))
  }

  @Test func foldResults() {
    #expect(SearchKey.fold("Straße") == "strasse")
    #expect(SearchKey.fold("Běijīng CAFÉ") == "beijing cafe")
    #expect(SearchKey.fold("ＡＢＣ") == "abc")
    #expect(SearchKey.fold("ｺｰﾋｰ") == "こーひー")
    #expect(SearchKey.fold("コーヒー") == "こーひー")
    #expect(SearchKey.fold("Øl Łódź") == "øl łodz")
  }

  @Test(arguments: [("が", "か"), ("ぱ", "ば"), ("ぱ", "は"), ("ガ", "カ")])
  func keepsKanaVoicingMarks(voiced: String, plain: String) {
    #expect(SearchKey.fold(voiced) != SearchKey.fold(plain))
  }

  @Test func prolongedSoundMarkIsKeptNotSpelledOut() {
    #expect(SearchKey.fold("コーヒー") != SearchKey.fold("こうひい"))
    #expect(SearchKey.fold("ｰ") == "ー")
  }

  @Test(arguments: ["食", "食べ", "먹", "학교"])
  func leavesKanjiHiraganaAndHangulUnchanged(text: String) {
    #expect(SearchKey.fold(text) == text)
  }

  @Test(arguments: ["café", "běijīng", "학교", "먹다", "が", "Ωμέγα"])
  func foldsNFDLikeNFC(text: String) {
    let nfd = text.decomposedStringWithCanonicalMapping
    #expect(nfd.unicodeScalars.count > text.unicodeScalars.count)
    #expect(SearchKey.fold(nfd) == SearchKey.fold(text))
  }

  @Test func asciiFastPathOnlyTakesASCII() {
    #expect(SearchKey.foldASCII("Hello, World! 123") == "hello, world! 123")
    #expect(SearchKey.foldASCII("café") == nil)
  }

  @Test func initialsAreTheInitialConsonantsOfSyllables() {
    #expect(SearchKey.initials("학교") == "ㅎㄱ")
    #expect(SearchKey.initials("까치 빵") == "ㄲㅊ ㅃ")
    #expect(SearchKey.initials("가힣") == "ㄱㅎ")
    #expect(SearchKey.initials("학교".decomposedStringWithCanonicalMapping) == "ㅎㄱ")
    #expect(SearchKey.initials("T셔츠!") == "ㅅㅊ")
    #expect(SearchKey.initials("ㅋㅋ") == "ㅋㅋ")
    #expect(SearchKey.initials("\u{1112}") == "ㅎ")
    #expect(SearchKey.initials("café 食べ") == "")
    // Text without conjoining jamo skips normalising; what it holds besides syllables still separates them.
    #expect(SearchKey.initials("학 cafe\u{301} 교") == "ㅎ ㄱ")
  }

  @Test func initialsQueriesAreCompatibilityConsonantsOnly() {
    #expect(SearchKey.isInitialsQuery("ㅎㄱ"))
    #expect(SearchKey.isInitialsQuery("ㄱ"))
    #expect(!SearchKey.isInitialsQuery(""))
    #expect(!SearchKey.isInitialsQuery("학교"))
    #expect(!SearchKey.isInitialsQuery("ㅎㅏ"))
    #expect(!SearchKey.isInitialsQuery("ㅎ ㄱ"))
    #expect(!SearchKey.isInitialsQuery("\u{1112}\u{1100}"))
  }
}
