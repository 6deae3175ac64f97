import Testing

@testable import SearchKeys

/// How a query is compared, and which characters of a field a match covers (for emphasis).
struct SearchQueryTests {
  @Test func aQueryIsFoldedUnlessItIsHangulInitials() {
    #expect(SearchQuery("CAFÉ") == SearchQuery("cafe"))
    #expect(SearchQuery("CAFÉ").key == "cafe" && !SearchQuery("CAFÉ").usesInitials)
    #expect(SearchQuery("ㅎㄱ").key == "ㅎㄱ" && SearchQuery("ㅎㄱ").usesInitials && SearchQuery("ㅎㄱ").match == .substring)
    #expect(SearchQuery("ㄱ").match == .prefix)
    #expect(SearchQuery("ㅎ교").usesInitials == false)
  }

  @Test func matchesComparesKeys() {
    #expect(SearchQuery("strasse").matches("Die Straße"))
    #expect(SearchQuery("こーひー").matches("ｺｰﾋｰ"))
    #expect(SearchQuery("ㅎㄱ").matches("대학교"))
    #expect(!SearchQuery("ㅎㄱ").matches("학 교"))
    #expect(SearchQuery("ㄱ").matches("가방") && !SearchQuery("ㄱ").matches("한국"))
    #expect(!SearchQuery("\u{301}").matches("é"))
  }

  @Test(arguments: [
    ("cafe", "Un café noir", [3..<7]),
    ("ss", "Straße, Strasse", [4..<5, 12..<14]),
    ("こーひー", "ｺｰﾋｰとコーヒー", [0..<4, 5..<9]),
    ("食べ", "よく食べる", [2..<4]),
    ("ㅎㄱ", "대학교 학교", [1..<3, 4..<6]),
    ("ㄱ", "가방 가게", [0..<1]),
    ("ㄱ", "(가방)", [1..<2]),
    ("ㅎ", "가방", []),
    ("\"q", "a \"quote\"", [2..<4]),
    ("e\u{301}", "resume résumé", [1..<2, 5..<6, 8..<9, 12..<13]),
  ])
  func matchedCharactersCoverWhatTheMatchCameFrom(_ query: String, _ text: String, _ expected: [Range<Int>]) {
    #expect(SearchQuery(query).matchedCharacters(in: text) == expected)
  }
}
