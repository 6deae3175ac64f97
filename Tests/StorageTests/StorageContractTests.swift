import Dependencies
import Foundation
import Testing

@testable import Storage

/// The storage clients under contract: every test here runs against both, with the same assertions.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case inMemory

  var testDescription: String { rawValue }

  /// A new, empty client. The directory holds the SQLite file; keep it alive for the test.
  func makeClient(in directory: TemporaryDirectory) throws -> StorageClient {
    switch self {
    case .sqlite: try at(0) { try StorageClient.live(path: directory.path("vocab.sqlite3")).client }
    case .inMemory: .inMemory()
    }
  }
}

/// Everything a client holds, to show that a refused request changed nothing.
struct Snapshot: Equatable {
  var bookCases: [BookCase]
  var words: [[Word]]

  init(_ client: StorageClient) async throws {
    bookCases = try await client.fetchBookCases()
    var words: [[Word]] = []
    for bookCase in bookCases { words.append(try await client.fetchWords(bookCase.id, .all)) }
    self.words = words
  }
}

@Suite struct StorageContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(arguments: Backend.allCases)
  func createsAndFetchesABookCase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let created = try await at(5) { try await client.createBookCase(BookCaseDraft(name: "  JLPT N3 ", description: "Grammar\n")) }
    #expect(created == BookCase(id: 1, name: "JLPT N3", description: "Grammar", wordCount: 0, createdAt: time(5), updatedAt: time(5)))
    #expect(try await client.fetchBookCase(created.id) == created)
    #expect(try await client.fetchBookCases() == [created])
  }

  @Test(arguments: Backend.allCases)
  func listsBookCasesByNameIgnoringCaseAndDiacritics(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(0) {
      for name in ["토픽 중급", "TOEFL", "jlpt N3", "Alpha", "Ärger", "beta"] {
        _ = try await client.createBookCase(BookCaseDraft(name: name))
      }
    }
    let names = try await client.fetchBookCases().map(\.name)
    #expect(names == ["Alpha", "Ärger", "beta", "jlpt N3", "TOEFL", "토픽 중급"])
  }

  /// Accented initials sort with their letter, not after Z; names equal but for diacritics by their bytes.
  @Test(arguments: Backend.allCases)
  func listsAccentedInitialsWithTheirLetter(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let ol = try await at(0) {
      for name in ["Apfel", "emma", "Zoe", "ángel", "Émile", "ñu", "Öl"] {
        _ = try await client.createBookCase(BookCaseDraft(name: name))
      }
      return try await client.createBookCase(BookCaseDraft(name: "Ol"))
    }
    #expect(try await client.fetchBookCases().map(\.name) == ["ángel", "Apfel", "Émile", "emma", "ñu", "Ol", "Öl", "Zoe"])
    // A rename moves the bookcase to its new place.
    _ = try await at(1) { try await client.updateBookCase(ol.id, BookCaseDraft(name: "Äpfel")) }
    #expect(try await client.fetchBookCases().map(\.name) == ["ángel", "Apfel", "Äpfel", "Émile", "emma", "ñu", "Öl", "Zoe"])
  }

  /// Six spellings of one name: each is refused as a duplicate, on creation and on renaming, and finds it.
  @Test(arguments: Backend.allCases)
  func lookalikeNamesAreOneName(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (jlpt, other) = try await at(0) {
      (try await client.createBookCase(BookCaseDraft(name: "JLPT N3")),
       try await client.createBookCase(BookCaseDraft(name: "Other")))
    }
    let before = try await Snapshot(client)
    for name in ["JLPT\u{00A0}N3", "JLPT\u{3000}N3", "JLPT  N3", "ＪＬＰＴ N3", "JLPT\u{200B} N3", "jlpt\u{200D} n3"] {
      let created = await thrownError { try await at(1) { try await client.createBookCase(BookCaseDraft(name: name)) } }
      #expect(created as? StorageError == .duplicateBookCaseName("JLPT N3"), "creating \(name)")
      let renamed = await thrownError { try await at(1) { try await client.updateBookCase(other.id, BookCaseDraft(name: name)) } }
      #expect(renamed as? StorageError == .duplicateBookCaseName("JLPT N3"), "renaming to \(name)")
      #expect(try await client.findBookCase(name) == jlpt, "finding \(name)")
    }
    #expect(try await Snapshot(client) == before)
    // Renaming a bookcase to a lookalike of its own name is no conflict.
    #expect(try await at(2) { try await client.updateBookCase(jlpt.id, BookCaseDraft(name: "ＪＬＰＴ N3")) }.name == "ＪＬＰＴ N3")
  }

  /// Joiners that change what is shown (emoji sequences, Persian) keep names apart.
  @Test(arguments: Backend.allCases)
  func namesThatLookDifferentStayApart(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let names = ["👨\u{200D}👩\u{200D}👧", "👨👩👧", "می\u{200C}خواهم", "میخواهم", "Öl", "Ol"]
    try await at(0) {
      for name in names { _ = try await client.createBookCase(BookCaseDraft(name: name)) }
    }
    #expect(try await client.fetchBookCases().count == names.count)
    for name in names { #expect(try await client.findBookCase(name).name == name) }
  }

  @Test(arguments: Backend.allCases)
  func countsWordsPerBookCase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(0) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let jlpt = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      _ = try await client.createBookCase(BookCaseDraft(name: "Empty"))
      for term in ["abate", "benign", "candid"] { _ = try await client.addWord(toefl.id, WordDraft(term: term, meaning: "m")) }
      let doomed = try await client.addWord(jlpt.id, WordDraft(term: "雨", meaning: "rain"))
      _ = try await client.addWord(jlpt.id, WordDraft(term: "雪", meaning: "snow"))
      #expect(try await client.fetchBookCases().map { "\($0.name) \($0.wordCount)" } == ["Empty 0", "JLPT N3 2", "TOEFL 3"])
      try await client.deleteWord(doomed.id)
      #expect(try await client.fetchBookCase(jlpt.id).wordCount == 1)
      #expect(try await client.findBookCase("toefl").wordCount == 3)
    }
  }

  @Test(arguments: Backend.allCases)
  func refusesNamesThatDifferOnlyInCaseOrNormalisation(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let hangul = "한국어"
    let decomposedHangul = hangul.decomposedStringWithCanonicalMapping
    #expect(decomposedHangul.unicodeScalars.count > hangul.unicodeScalars.count)
    try await at(0) {
      _ = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      _ = try await client.createBookCase(BookCaseDraft(name: "Ärger"))
      _ = try await client.createBookCase(BookCaseDraft(name: decomposedHangul))
      _ = try await client.createBookCase(BookCaseDraft(name: "Москва"))
      _ = try await client.createBookCase(BookCaseDraft(name: "Οδός"))
      let before = try await Snapshot(client)
      let attempts: [(String, String)] = [
        ("jlpt n3", "JLPT N3"), (" JLPT N3", "JLPT N3"), ("ärger", "Ärger"),
        ("A\u{0308}RGER", "Ärger"), (hangul, hangul), ("\u{FEFF}JLPT N3\u{200B}", "JLPT N3"),
        // Beyond Latin: Cyrillic, and Greek whose final sigma folds like any other.
        ("МОСКВА", "Москва"), ("ΟΔΌΣ", "Οδός"),
      ]
      for (name, existing) in attempts {
        let error = await thrownError { try await client.createBookCase(BookCaseDraft(name: name)) }
        #expect(error as? StorageError == .duplicateBookCaseName(existing), "creating \(name)")
      }
      #expect(try await Snapshot(client) == before)
    }
  }

  @Test(arguments: Backend.allCases)
  func storesDecomposedTextComposed(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let decomposed = "토픽 중급".decomposedStringWithCanonicalMapping
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: decomposed)) }
    #expect(Array(bookCase.name.unicodeScalars) == Array("토픽 중급".unicodeScalars))
    #expect(try await client.findBookCase(decomposed).id == bookCase.id)
    #expect(try await client.findBookCase("토픽 중급").id == bookCase.id)
  }

  @Test(arguments: Backend.allCases)
  func findsABookCaseByNameIgnoringCase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let created = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "Straße")) }
    #expect(try await client.findBookCase(" STRASSE ") == created)
    #expect(try await client.findBookCase("straße") == created)
    let error = await thrownError { try await client.findBookCase("  Strasse 2 ") }
    #expect(error as? StorageError == .bookCaseNamedNotFound("Strasse 2"))
    // A name no bookcase can have is refused for its character, not reported missing.
    let invalid = await thrownError { try await client.findBookCase("Stra\tße") }
    #expect(invalid as? StorageError == .invalidCharacter(.name, "\t"))
  }

  @Test(arguments: Backend.allCases)
  func updatesABookCase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let created = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "toefl")) }
    let other = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "IELTS")) }
    _ = try await at(0) { try await client.addWord(created.id, WordDraft(term: "abate", meaning: "lessen")) }
    // A bookcase may change the case of its own name.
    let renamed = try await at(60) { try await client.updateBookCase(created.id, BookCaseDraft(name: "TOEFL", description: "iBT")) }
    #expect(renamed == BookCase(id: created.id, name: "TOEFL", description: "iBT", wordCount: 1, createdAt: time(0), updatedAt: time(60)))
    #expect(try await client.fetchBookCase(created.id) == renamed)
    let before = try await Snapshot(client)
    let error = await thrownError { try await at(90) { try await client.updateBookCase(other.id, BookCaseDraft(name: "Toefl")) } }
    #expect(error as? StorageError == .duplicateBookCaseName("TOEFL"))
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func anEditThatChangesNothingKeepsUpdatedAt(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL", description: "iBT")) }
    let word = try await at(1) { try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen", note: "v.")) }
    // The same values, as a person might type them again (spaces trimmed, NFC applied, as on every save).
    let sameBookCase = try await at(60) { try await client.updateBookCase(bookCase.id, BookCaseDraft(name: " TOEFL ", description: "iBT")) }
    let sameWord = try await at(60) { try await client.updateWord(word.id, WordDraft(term: "abate", meaning: "lessen ", note: "v.")) }
    #expect(sameBookCase.updatedAt == time(0))
    #expect(sameWord == word)
    #expect(try await client.fetchWord(word.id).updatedAt == time(1))
    // Any change, even to one field, moves it.
    let changed = try await at(90) { try await client.updateWord(word.id, WordDraft(term: "abate", meaning: "lessen", note: "verb")) }
    #expect(changed.updatedAt == time(90))
    let renamed = try await at(90) { try await client.updateBookCase(bookCase.id, BookCaseDraft(name: "TOEFL", description: "")) }
    #expect(renamed.updatedAt == time(90))
  }

  @Test(arguments: Backend.allCases)
  func addsUpdatesAndDeletesWordsOldestFirst(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "JLPT N3")) }
    let first = try await at(1) {
      try await client.addWord(bookCase.id, WordDraft(term: " 雨 ", meaning: "rain\r\nweather", example: "雨が降る", note: "N5"))
    }
    #expect(first == Word(id: 1, bookCaseID: bookCase.id, term: "雨", meaning: "rain\nweather", example: "雨が降る", note: "N5", guid: first.guid, createdAt: time(1), updatedAt: time(1)))
    let second = try await at(2) { try await client.addWord(bookCase.id, WordDraft(term: "雪", meaning: "snow")) }
    let third = try await at(2) { try await client.addWord(bookCase.id, WordDraft(term: "風", meaning: "wind")) }
    #expect(try await client.fetchWords(bookCase.id, .all) == [first, second, third])
    #expect(try await client.fetchWord(second.id) == second)

    let updated = try await at(30) { try await client.updateWord(second.id, WordDraft(term: "雪", meaning: "snow (n.)", note: "N4")) }
    #expect(updated == Word(id: second.id, bookCaseID: bookCase.id, term: "雪", meaning: "snow (n.)", note: "N4", guid: second.guid, createdAt: time(2), updatedAt: time(30)))
    try await client.deleteWord(first.id)
    #expect(try await client.fetchWords(bookCase.id, .all) == [updated, third])
    // Ids are never reused, even after the newest row is deleted.
    try await client.deleteWord(third.id)
    let fourth = try await at(40) { try await client.addWord(bookCase.id, WordDraft(term: "雷", meaning: "thunder")) }
    #expect(fourth.id == third.id + 1)
  }

  @Test(arguments: Backend.allCases)
  func deletingABookCaseDeletesItsWords(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (doomed, kept, doomedWord, keptWord) = try await at(0) {
      let doomed = try await client.createBookCase(BookCaseDraft(name: "Doomed"))
      let kept = try await client.createBookCase(BookCaseDraft(name: "Kept"))
      let doomedWord = try await client.addWord(doomed.id, WordDraft(term: "a", meaning: "b"))
      _ = try await client.addWord(doomed.id, WordDraft(term: "c", meaning: "d"))
      let keptWord = try await client.addWord(kept.id, WordDraft(term: "e", meaning: "f"))
      return (doomed, kept, doomedWord, keptWord)
    }
    try await client.deleteBookCase(doomed.id)
    #expect(try await client.fetchBookCases().map(\.id) == [kept.id])
    #expect(try await client.fetchWords(kept.id, .all) == [keptWord])
    #expect(await thrownError { try await client.fetchWord(doomedWord.id) } as? StorageError == .wordNotFound(id: doomedWord.id))
    #expect(await thrownError { try await client.fetchWords(doomed.id, .all) } as? StorageError == .bookCaseNotFound(id: doomed.id))
    let recreated = try await at(9) { try await client.createBookCase(BookCaseDraft(name: "Doomed")) }
    #expect(recreated.wordCount == 0)
    #expect(try await client.fetchWords(recreated.id, .all) == [])
  }

  @Test(arguments: Backend.allCases)
  func missingIdsAreNotFound(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "Only")) }
    let before = try await Snapshot(client)
    let draft = WordDraft(term: "t", meaning: "m")
    await at(1) {
      #expect(await thrownError { try await client.fetchBookCase(99) } as? StorageError == .bookCaseNotFound(id: 99))
      #expect(await thrownError { try await client.updateBookCase(99, BookCaseDraft(name: "x")) } as? StorageError == .bookCaseNotFound(id: 99))
      #expect(await thrownError { try await client.deleteBookCase(99) } as? StorageError == .bookCaseNotFound(id: 99))
      #expect(await thrownError { try await client.fetchWords(99, .all) } as? StorageError == .bookCaseNotFound(id: 99))
      #expect(await thrownError { try await client.addWord(99, draft) } as? StorageError == .bookCaseNotFound(id: 99))
      #expect(await thrownError { try await client.fetchWord(bookCase.id) } as? StorageError == .wordNotFound(id: bookCase.id))
      #expect(await thrownError { try await client.updateWord(7, draft) } as? StorageError == .wordNotFound(id: 7))
      #expect(await thrownError { try await client.deleteWord(7) } as? StorageError == .wordNotFound(id: 7))
    }
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func invalidInputIsRefusedAndChangesNothing(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (bookCase, word) = try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "Kept", description: "as is"))
      return (bookCase, try await client.addWord(bookCase.id, WordDraft(term: "kept", meaning: "as is")))
    }
    let before = try await Snapshot(client)
    let long = { (limit: Int) in String(repeating: "あ", count: limit + 1) }
    let bookCaseDrafts: [(BookCaseDraft, StorageError)] = [
      (BookCaseDraft(name: ""), .emptyField(.name)),
      (BookCaseDraft(name: " \n\t "), .emptyField(.name)),
      (BookCaseDraft(name: "\u{FEFF}\u{3000}\u{2060}"), .emptyField(.name)),
      (BookCaseDraft(name: long(StorageRules.maxNameLength)), .fieldTooLong(.name, limit: StorageRules.maxNameLength)),
      // One character of two scalars past the limit: the other side of `acceptsFieldsAtTheirLimit…`.
      (BookCaseDraft(name: String(repeating: "👍🏽", count: StorageRules.maxNameLength + 1)),
       .fieldTooLong(.name, limit: StorageRules.maxNameLength)),
      (BookCaseDraft(name: "ok", description: long(StorageRules.maxDescriptionLength)),
       .fieldTooLong(.description, limit: StorageRules.maxDescriptionLength)),
      (BookCaseDraft(name: "JLPT\tN3"), .invalidCharacter(.name, "\t")),
      (BookCaseDraft(name: "JLPT\nN3"), .invalidCharacter(.name, "\n")),
      (BookCaseDraft(name: "ok", description: "red\u{1B}[31m"), .invalidCharacter(.description, "\u{1B}")),
    ]
    let wordDrafts: [(WordDraft, StorageError)] = [
      (WordDraft(term: "  ", meaning: "m"), .emptyField(.term)),
      (WordDraft(term: "t", meaning: "\r\n"), .emptyField(.meaning)),
      (WordDraft(term: long(StorageRules.maxTermLength), meaning: "m"), .fieldTooLong(.term, limit: StorageRules.maxTermLength)),
      (WordDraft(term: "t", meaning: long(StorageRules.maxMeaningLength)), .fieldTooLong(.meaning, limit: StorageRules.maxMeaningLength)),
      (WordDraft(term: "t", meaning: "m", example: long(StorageRules.maxExampleLength)), .fieldTooLong(.example, limit: StorageRules.maxExampleLength)),
      (WordDraft(term: "t", meaning: "m", note: long(StorageRules.maxNoteLength)), .fieldTooLong(.note, limit: StorageRules.maxNoteLength)),
      (WordDraft(term: "a\u{0}b", meaning: "m"), .invalidCharacter(.term, "\u{0}")),
      (WordDraft(term: "t", meaning: "x\ty\u{7}"), .invalidCharacter(.meaning, "\u{7}")),
      (WordDraft(term: "t", meaning: "m", example: "page\u{C}break"), .invalidCharacter(.example, "\u{C}")),
      (WordDraft(term: "t", meaning: "m", note: "back\u{8}space"), .invalidCharacter(.note, "\u{8}")),
    ]
    await at(50) {
      for (draft, expected) in bookCaseDrafts {
        #expect(await thrownError { try await client.createBookCase(draft) } as? StorageError == expected)
        #expect(await thrownError { try await client.updateBookCase(bookCase.id, draft) } as? StorageError == expected)
      }
      for (draft, expected) in wordDrafts {
        #expect(await thrownError { try await client.addWord(bookCase.id, draft) } as? StorageError == expected)
        #expect(await thrownError { try await client.updateWord(word.id, draft) } as? StorageError == expected)
      }
    }
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func acceptsFieldsAtTheirLimitCountedInCharacters(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    // Each of these is one character of several scalars: limits count what a person sees.
    let name = String(repeating: "👍🏽", count: StorageRules.maxNameLength)
    let term = String(repeating: "가", count: StorageRules.maxTermLength)
    try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: name))
      #expect(bookCase.name == name)
      #expect(try await client.addWord(bookCase.id, WordDraft(term: term, meaning: "m")).term == term)
    }
  }

  /// One character can be any size: `e` and 50,000 acute accents is one character of 100 KB. Every field is
  /// capped in UTF-8 bytes too, up to exactly its limit.
  @Test(arguments: Backend.allCases)
  func refusesFieldsLargerThanTheirByteLimit(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (bookCase, word) = try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "Kept"))
      return (bookCase, try await client.addWord(bookCase.id, WordDraft(term: "kept", meaning: "m")))
    }
    /// "é" and acute accents, two bytes each: one character of `bytes` bytes.
    func pile(_ bytes: Int) -> String { "é" + String(repeating: "\u{301}", count: bytes / 2 - 1) }
    #expect(await thrownError { try await client.addWord(bookCase.id, WordDraft(term: "e" + String(repeating: "\u{301}", count: 50_000), meaning: "m")) }
      as? StorageError == .fieldTooLarge(.term, byteLimit: 3_200))
    let before = try await Snapshot(client)
    let fields: [(StorageError.Field, (String) -> BookCaseDraft?, (String) -> WordDraft?)] = [
      (.name, { BookCaseDraft(name: $0) }, { _ in nil }),
      (.description, { BookCaseDraft(name: "n", description: $0) }, { _ in nil }),
      (.term, { _ in nil }, { WordDraft(term: $0, meaning: "m") }),
      (.meaning, { _ in nil }, { WordDraft(term: "t", meaning: $0) }),
      (.example, { _ in nil }, { WordDraft(term: "t", meaning: "m", example: $0) }),
      (.note, { _ in nil }, { WordDraft(term: "t", meaning: "m", note: $0) }),
    ]
    for (field, bookCaseDraft, wordDraft) in fields {
      let limit = StorageRules.maxBytes(of: field)
      let expected = StorageError.fieldTooLarge(field, byteLimit: limit)
      await at(1) {
        if let draft = bookCaseDraft(pile(limit + 2)) {
          #expect(await thrownError { try await client.createBookCase(draft) } as? StorageError == expected)
          #expect(await thrownError { try await client.updateBookCase(bookCase.id, draft) } as? StorageError == expected)
        }
        if let draft = wordDraft(pile(limit + 2)) {
          #expect(await thrownError { try await client.addWord(bookCase.id, draft) } as? StorageError == expected)
          #expect(await thrownError { try await client.updateWord(word.id, draft) } as? StorageError == expected)
        }
      }
    }
    #expect(try await Snapshot(client) == before)
    try await at(2) {
      for (field, bookCaseDraft, wordDraft) in fields {
        let atLimit = pile(StorageRules.maxBytes(of: field))
        #expect(atLimit.utf8.count == StorageRules.maxBytes(of: field) && atLimit.count == 1)
        if let draft = bookCaseDraft(atLimit) { _ = try await client.updateBookCase(bookCase.id, draft) }
        if let draft = wordDraft(atLimit) { _ = try await client.updateWord(word.id, draft) }
      }
    }
    let stored = try await client.fetchWord(word.id)
    #expect(stored.note.utf8.count == StorageRules.maxBytes(of: .note))
  }

  @Test(arguments: Backend.allCases)
  func storesSQLLookingInputLiterally(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let injection = "'); DROP TABLE words;--"
    try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: injection, description: "\" OR 1=1 --"))
      let word = try await client.addWord(
        bookCase.id, WordDraft(term: injection, meaning: "%_' ; DELETE FROM bookcases;", example: "?1 ?2", note: "NULL"))
      #expect(try await client.fetchBookCase(bookCase.id).name == injection)
      #expect(try await client.findBookCase(injection).description == "\" OR 1=1 --")
      #expect(try await client.fetchWords(bookCase.id, .all) == [word])
      #expect(word.meaning == "%_' ; DELETE FROM bookcases;" && word.example == "?1 ?2" && word.note == "NULL")
    }
  }

  @Test(arguments: Backend.allCases)
  func roundTripsEmojiAndCJK(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let draft = WordDraft(
      term: "家族 👨‍👩‍👧‍👦", meaning: "かぞく — family 가족", example: "🇯🇵 日本の家族\n🇰🇷 한국 가족", note: "𠮷野家 (U+20BB7)")
    try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "漢字 📚", description: "中文 · 日本語 · 한국어"))
      let word = try await client.addWord(bookCase.id, draft)
      #expect([word.term, word.meaning, word.example, word.note] == [draft.term, draft.meaning, draft.example, draft.note])
      #expect(try await client.fetchWord(word.id) == word)
      #expect(try await client.findBookCase("漢字 📚") == BookCase(
        id: bookCase.id, name: "漢字 📚", description: "中文 · 日本語 · 한국어", wordCount: 1, createdAt: time(0), updatedAt: time(0)))
    }
  }

  @Test(arguments: Backend.allCases)
  func normalisesLineBreaksAndKeepsTabs(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(0) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "\tJLPT N3\n", description: "line 1\r\nline 2\rline 3"))
      #expect(bookCase.name == "JLPT N3")
      #expect(bookCase.description == "line 1\nline 2\nline 3")
      let word = try await client.addWord(bookCase.id, WordDraft(term: "term", meaning: "x\ty\u{2028}z"))
      #expect(word.meaning == "x\ty\nz")
      #expect(try await client.fetchWords(bookCase.id, .all) == [word])
    }
  }

  @Test(arguments: Backend.allCases)
  func observeChangesYieldsAfterAWrite(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let changes = client.observeChanges()
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "Watched")) }
    #expect(await next(changes))
    _ = try await at(1) { try await client.addWord(bookCase.id, WordDraft(term: "t", meaning: "m")) }
    #expect(await next(changes))
  }
}
