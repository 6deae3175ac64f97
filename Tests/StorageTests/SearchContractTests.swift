import Foundation
import SearchKeys
import Testing

@testable import Storage

/// Search: every matching and ranking rule, filters, and an index that follows every write, alike in the SQLite
/// and in-memory clients.
@Suite struct SearchContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A client holding one bookcase with these words (term, meaning), in this order.
  func client(_ backend: Backend, _ words: [WordDraft]) async throws -> (StorageClient, [Word]) {
    let client = try backend.makeClient(in: directory)
    let added = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "Words"))
      var added: [Word] = []
      for draft in words { added.append(try await client.addWord(bookCase.id, draft)) }
      return added
    }
    return (client, added)
  }

  func terms(_ client: StorageClient, _ search: WordSearch) async throws -> [String] {
    try await client.searchWords(search).map(\.term)
  }

  @Test(arguments: Backend.allCases)
  func queryAndFieldsAreComparedThroughOneFolding(_ backend: Backend) async throws {
    let (client, _) = try await self.client(backend, [
      WordDraft(term: "Straße", meaning: "street"), WordDraft(term: "café", meaning: "coffee house"),
      WordDraft(term: "北京", reading: "běijīng", meaning: "Beijing"), WordDraft(term: "コーヒー", meaning: "coffee"),
      WordDraft(term: "ABC", meaning: "alphabet"), WordDraft(term: "食べる", meaning: "to eat"),
      WordDraft(term: "먹다", meaning: "to eat"), WordDraft(term: "학교", meaning: "school"),
    ])
    let cases: [(String, [String])] = [
      ("strasse", ["Straße"]), ("STRASSE", ["Straße"]), ("cafe", ["café"]), ("CAFÉ", ["café"]),
      ("beijing", ["北京"]), ("ｺｰﾋｰ", ["コーヒー"]), ("こーひー", ["コーヒー"]), ("ＡＢＣ", ["ABC"]),
      ("食", ["食べる"]), ("食べ", ["食べる"]), ("べる", ["食べる"]), ("먹", ["먹다"]), ("eat", ["食べる", "먹다"]),
      // NFD query, NFC words.
      ("cafe\u{301}", ["café"]), ("\u{1112}\u{1161}\u{11A8}", ["학교"]),
    ]
    for (query, expected) in cases {
      #expect(try await terms(client, WordSearch(query)) == expected, "\(query)")
    }
  }

  @Test(arguments: Backend.allCases)
  func hangulInitialConsonantsMatchSyllableInitials(_ backend: Backend) async throws {
    let (client, _) = try await self.client(backend, [
      WordDraft(term: "학교", meaning: "school"), WordDraft(term: "대학교", meaning: "university"),
      WordDraft(term: "가방", meaning: "bag"), WordDraft(term: "한국", meaning: "Korea"),
      WordDraft(term: "학 교실", meaning: "not one run"), WordDraft(term: "ㅋㅋ", meaning: "laughing"),
    ])
    // Consecutive syllables anywhere, never across a gap; the exact term first, then prefixes.
    #expect(try await terms(client, WordSearch("ㅎㄱ")) == ["학교", "한국", "대학교"])
    // A single consonant: the words starting with it.
    #expect(try await terms(client, WordSearch("ㄱ")) == ["가방"])
    #expect(try await terms(client, WordSearch("ㅎ")) == ["학교", "한국", "학 교실"])
    #expect(try await terms(client, WordSearch("ㅋㅋ")) == ["ㅋㅋ"])
    // A query mixing jamo with anything else is an ordinary query.
    #expect(try await terms(client, WordSearch("ㅎㄱ ")) == [])
  }

  @Test(arguments: Backend.allCases)
  func rankingPutsTheTermFirstThenPrefixesThenTermAndReadingThenTheRest(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(1) {
      // Created in this order so that ids do not follow the ranking; list order is A, then B.
      let b = try await client.createBookCase(BookCaseDraft(name: "B"))
      let a = try await client.createBookCase(BookCaseDraft(name: "a"))
      _ = try await client.addWord(b.id, WordDraft(term: "x", meaning: "a cat sat"))
      _ = try await client.addWord(b.id, WordDraft(term: "bobcat", meaning: "m"))
      _ = try await client.addWord(b.id, WordDraft(term: "catalog", meaning: "m"))
      _ = try await client.addWord(b.id, WordDraft(term: "猫", reading: "cat", meaning: "m"))
      _ = try await client.addWord(b.id, WordDraft(term: "Cat", meaning: "m"))
      _ = try await client.addWord(a.id, WordDraft(term: "y", meaning: "m", note: "CAT"))
      _ = try await client.addWord(a.id, WordDraft(term: "cat", meaning: "m"))
      _ = try await client.addWord(a.id, WordDraft(term: "z", meaning: "m", example: "cat"))
    }
    #expect(try await terms(client, WordSearch("cat")) == ["cat", "Cat", "catalog", "bobcat", "猫", "y", "z", "x"])
    // Only the searched fields rank: in the meaning alone, every match ties.
    #expect(try await terms(client, WordSearch("cat", field: .meaning)) == ["x"])
    #expect(try await terms(client, WordSearch("cat", field: .reading)) == ["猫"])
    #expect(try await terms(client, WordSearch("cat", field: .term)) == ["cat", "Cat", "catalog", "bobcat"])
    #expect(try await terms(client, WordSearch("cat", field: .example)) == ["z"])
    #expect(try await terms(client, WordSearch("cat", field: .note)) == ["y"])
    #expect(try await terms(client, WordSearch("cat", limit: 3)) == ["cat", "Cat", "catalog"])
    #expect(try await terms(client, WordSearch("cat", limit: 0)) == [])
  }

  @Test(arguments: Backend.allCases)
  func queryTextIsDataNeverSyntax(_ backend: Backend) async throws {
    let texts = [
      "say \"hi\" now", "2 * 3", "f(x)", "NEAR the door", "rock AND roll", "this OR that", "NOT this", "a \"quote",
      "col: value", "{term}", "a^b", "-minus", "'single'",
    ]
    let (client, _) = try await self.client(backend, texts.map { WordDraft(term: $0, meaning: "m") })
    let queries: [(String, [String])] = [
      ("\"hi\"", ["say \"hi\" now"]), ("\"", ["say \"hi\" now", "a \"quote"]), ("*", ["2 * 3"]), ("* 3", ["2 * 3"]),
      ("(", ["f(x)"]), ("f(x)", ["f(x)"]), ("NEAR", ["NEAR the door"]), ("near the", ["NEAR the door"]),
      ("AND", ["rock AND roll"]), ("k and r", ["rock AND roll"]), ("OR", ["NEAR the door", "this OR that"]),
      ("NOT", ["NOT this"]), ("a \"q", ["a \"quote"]), ("\"quote", ["a \"quote"]), ("col:", ["col: value"]),
      ("{term}", ["{term}"]), ("a^b", ["a^b"]), ("-minus", ["-minus"]), ("'single'", ["'single'"]),
      ("\"\"\"", []), ("AND OR NOT", []),
    ]
    for (query, expected) in queries {
      #expect(try await terms(client, WordSearch(query)) == expected, "\(query)")
    }
  }

  @Test(arguments: Backend.allCases)
  func filtersByBookcaseAndTag(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (n3, toefl) = try await at(1) {
      let n3 = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      _ = try await client.addWord(n3.id, WordDraft(term: "雨", meaning: "rain", tags: ["Weather"]))
      _ = try await client.addWord(n3.id, WordDraft(term: "雨季", meaning: "rainy season"))
      _ = try await client.addWord(toefl.id, WordDraft(term: "rain", meaning: "water falling", tags: ["weather"]))
      return (n3, toefl)
    }
    #expect(try await terms(client, WordSearch("rain")) == ["rain", "雨", "雨季"])
    #expect(try await terms(client, WordSearch("rain", bookCaseID: n3.id)) == ["雨", "雨季"])
    #expect(try await terms(client, WordSearch("rain", tag: "WEATHER")) == ["rain", "雨"])
    #expect(try await terms(client, WordSearch("rain", bookCaseID: toefl.id, tag: "weather")) == ["rain"])
    #expect(try await terms(client, WordSearch("rain", tag: "nothing")) == [])
    let missing = await thrownError { try await client.searchWords(WordSearch("rain", bookCaseID: 99)) }
    #expect(missing as? StorageError == .bookCaseNotFound(id: 99))
    let badTag = await thrownError { try await client.searchWords(WordSearch("rain", tag: "two words")) }
    #expect(badTag as? StorageError == .invalidCharacter(.tag, " "))
  }

  @Test(arguments: Backend.allCases)
  func aQueryThatFoldsToNothingFindsNothing(_ backend: Backend) async throws {
    let (client, _) = try await self.client(backend, [WordDraft(term: "café", meaning: "m")])
    #expect(try await terms(client, WordSearch("")) == [])
    #expect(try await terms(client, WordSearch("\u{301}")) == [])
  }

  @Test(arguments: Backend.allCases)
  func theIndexFollowsEveryWrite(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(1) {
      let one = try await client.createBookCase(BookCaseDraft(name: "One"))
      let two = try await client.createBookCase(BookCaseDraft(name: "Two"))
      let word = try await client.addWord(one.id, WordDraft(term: "Katze", meaning: "cat"))
      #expect(try await terms(client, WordSearch("katz")) == ["Katze"])
      _ = try await client.updateWord(word.id, WordDraft(term: "Hund", meaning: "dog", note: "ワンワン"))
      #expect(try await terms(client, WordSearch("katz")) == [])
      #expect(try await terms(client, WordSearch("cat")) == [])
      #expect(try await terms(client, WordSearch("わん")) == ["Hund"])
      _ = try await client.moveWord(word.id, two.id)
      #expect(try await terms(client, WordSearch("hund", bookCaseID: one.id)) == [])
      #expect(try await terms(client, WordSearch("hund", bookCaseID: two.id)) == ["Hund"])
      try await client.deleteWord(word.id)
      #expect(try await terms(client, WordSearch("hund")) == [])
      _ = try await client.addWord(two.id, WordDraft(term: "Vogel", meaning: "bird"))
      try await client.deleteBookCase(two.id)
      #expect(try await terms(client, WordSearch("vogel")) == [])
      #expect(try await terms(client, WordSearch("bi")) == [])
    }
  }

  /// Random words in every script the folding treats specially, random writes, random queries: search
  /// answers exactly what a scan of every word's folded fields answers.
  @Test(arguments: Backend.allCases)
  func searchAgreesWithABruteForceScanOfFoldedFields(_ backend: Backend) async throws {
    var random = SplitMix64(seed: 0x5EA4C4)
    let client = try backend.makeClient(in: directory)
    let pieces = [
      "a", "B", "é", "e\u{301}", "ß", "ss", "Ａ", "ｶ", "カ", "か", "が", "ー", "食", "べ", "학", "교", "ㅎ", "ㄱ", " ", "\"",
      "*", "(", "NEAR", "AND", "ǐ", "ø", "ﾞ", "각", "국", "1",
    ]
    func text(_ count: ClosedRange<Int>) -> String {
      (0..<Int.random(in: count, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }
    try await at(1) {
      var bookCases: [BookCase] = []
      for name in ["Zeta", "alpha", "Mu"] { bookCases.append(try await client.createBookCase(BookCaseDraft(name: name))) }
      var words: [Word] = []
      for _ in 0..<120 {
        let draft = WordDraft(
          term: "t" + text(0...5), reading: text(0...3), meaning: "m" + text(0...6), example: text(0...6),
          note: text(0...4), tags: Bool.random(using: &random) ? ["x"] : [])
        words.append(try await client.addWord(bookCases.randomElement(using: &random)!.id, draft))
      }
      for word in words.shuffled(using: &random).prefix(30) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: _ = try await client.updateWord(word.id, WordDraft(term: "t" + text(1...4), meaning: "m" + text(0...4)))
        case 1: _ = try await client.moveWord(word.id, bookCases.randomElement(using: &random)!.id)
        default: try await client.deleteWord(word.id)
        }
      }
    }
    var all: [Word] = []
    let bookCases = try await client.fetchBookCases()
    for bookCase in bookCases { all += try await client.fetchWords(bookCase.id, .all) }
    let listOrder = Dictionary(uniqueKeysWithValues: bookCases.enumerated().map { ($1.id, $0) })

    var queries = ["ㅎ", "ㄱ", "ㅎㄱ", "ㄱㄱ", "\"", "ss", "a", "食べ", "ka", "か", "が"]
    for _ in 0..<150 {
      // Mostly pieces of stored fields, so that most queries find something.
      let word = all.randomElement(using: &random)!
      let field = [word.term, word.reading, word.meaning, word.example, word.note].randomElement(using: &random)!
      let characters = Array(field)
      if Bool.random(using: &random), !characters.isEmpty {
        let start = Int.random(in: 0..<characters.count, using: &random)
        let end = Int.random(in: start...min(characters.count, start + 5), using: &random)
        queries.append(String(characters[start..<end]))
      } else {
        queries.append(text(1...4))
      }
    }
    for query in queries {
      for field in SearchField.allCases {
        let search = WordSearch(query, field: field)
        let expected = bruteForce(search, all, listOrder: listOrder)
        #expect(try await client.searchWords(search).map(\.id) == expected, "\(query) in \(field)")
      }
    }
  }

  /// The specification, written out plainly: fold each field, look for the folded query, rank, sort.
  func bruteForce(_ search: WordSearch, _ words: [Word], listOrder: [BookCase.ID: Int]) -> [Word.ID] {
    let initials = SearchKey.isInitialsQuery(search.text)
    let query = Array((initials ? search.text : SearchKey.fold(search.text)).utf8)
    guard !query.isEmpty else { return [] }
    let key = { (text: String) in Array((initials ? SearchKey.initials(text) : SearchKey.fold(text)).utf8) }
    let matches = { (text: String) -> Bool in
      let field = key(text)
      if initials, search.text.unicodeScalars.count == 1 { return field.starts(with: query) }
      return field.firstRange(of: query) != nil
    }
    let searched = { (field: SearchField) in search.field == .any || search.field == field }
    let ranked = words.compactMap { word -> (Int, Int, Word.ID)? in
      let order = listOrder[word.bookCaseID]!
      if searched(.term), key(word.term) == query { return (0, order, word.id) }
      if searched(.term), key(word.term).starts(with: query) { return (1, order, word.id) }
      if (searched(.term) && matches(word.term)) || (searched(.reading) && matches(word.reading)) {
        return (2, order, word.id)
      }
      if [(SearchField.meaning, word.meaning), (.example, word.example), (.note, word.note)]
        .contains(where: { searched($0.0) && matches($0.1) })
      {
        return (3, order, word.id)
      }
      return nil
    }
    return ranked.sorted { $0 < $1 }.map(\.2)
  }
}

/// A small seeded generator, so a failing random test fails the same way again.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
