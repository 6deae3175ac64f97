import Foundation
import Testing

@testable import Storage

/// Readings, tags, guids, moving words and editing a bookcase's description: the same rules and errors in the
/// SQLite and in-memory clients.
@Suite struct WordModelContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(arguments: Backend.allCases)
  func storesAReadingAndTagsSortedByTheirKey(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let word = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      return try await client.addWord(
        bookCase.id,
        WordDraft(term: "食べる", reading: " たべる ", meaning: "to eat", tags: ["verb", "jlpt::n3", "Ichidan", "VERB"]))
    }
    #expect(word.reading == "たべる")
    // One tag per key, the first spelling kept, ordered by the folded key.
    #expect(word.tags == ["Ichidan", "jlpt::n3", "verb"])
    #expect(try await client.fetchWord(word.id) == word)
  }

  @Test(arguments: Backend.allCases)
  func everyWordGetsItsOwnGuid(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let words = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      var words: [Word] = []
      for term in ["abate", "benign", "candid"] { words.append(try await client.addWord(bookCase.id, WordDraft(term: term, meaning: "m"))) }
      return words
    }
    #expect(Set(words.map(\.guid)).count == 3)
    for word in words { #expect(UUID(uuidString: word.guid) != nil, "a UUID: \(word.guid)") }
    // Editing and moving keep the identity.
    let edited = try await at(2) { try await client.updateWord(words[0].id, WordDraft(term: "abate", meaning: "lessen")) }
    #expect(edited.guid == words[0].guid)
  }

  @Test(arguments: Backend.allCases)
  func aTagIsShownAsFirstWrittenAndCountedUntilItsLastWordGoes(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let taberu = try await client.addWord(bookCase.id, WordDraft(term: "食べる", meaning: "eat", tags: ["Verb", "n3"]))
      let nomu = try await client.addWord(bookCase.id, WordDraft(term: "飲む", meaning: "drink", tags: ["VERB"]))
      #expect(nomu.tags == ["Verb"])
      #expect(try await client.fetchTags() == [TagCount(name: "n3", wordCount: 1), TagCount(name: "Verb", wordCount: 2)])
      try await client.deleteWord(taberu.id)
      #expect(try await client.fetchTags() == [TagCount(name: "Verb", wordCount: 1)])
      _ = try await client.updateWord(nomu.id, WordDraft(term: "飲む", meaning: "drink", tags: ["godan"]))
      #expect(try await client.fetchTags() == [TagCount(name: "godan", wordCount: 1)])
      try await client.deleteBookCase(bookCase.id)
      #expect(try await client.fetchTags() == [])
    }
  }

  @Test(arguments: Backend.allCases)
  func tagsThatAreNotOneWordAreRefusedAndChangeNothing(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
    let before = try await Snapshot(client)
    let refusals: [([String], StorageError)] = [
      (["two words"], .invalidCharacter(.tag, " ")),
      (["no\u{3000}break"], .invalidCharacter(.tag, "\u{3000}")),
      (["tab\there"], .invalidCharacter(.tag, "\t")),
      ([""], .emptyField(.tag)),
      ([String(repeating: "t", count: StorageRules.maxTagLength + 1)], .fieldTooLong(.tag, limit: StorageRules.maxTagLength)),
      ((0...StorageRules.maxTagsPerWord).map { "t\($0)" }, .tooManyTags(limit: StorageRules.maxTagsPerWord)),
    ]
    for (tags, error) in refusals {
      let thrown = await thrownError { try await at(1) { try await client.addWord(bookCase.id, WordDraft(term: "t", meaning: "m", tags: tags)) } }
      #expect(thrown as? StorageError == error, "\(tags)")
    }
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func listsWordsByTagAndInEachOrder(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "Mixed")) }
    let zebra = try await at(1) { try await client.addWord(bookCase.id, WordDraft(term: "Zebra", meaning: "m", tags: ["noun"])) }
    let apple = try await at(2) { try await client.addWord(bookCase.id, WordDraft(term: "apple", meaning: "m", tags: ["Noun", "fruit"])) }
    let eclair = try await at(3) { try await client.addWord(bookCase.id, WordDraft(term: "Éclair", meaning: "m")) }
    let touched = try await at(9) { try await client.updateWord(zebra.id, WordDraft(term: "Zebra", meaning: "striped", tags: ["noun"])) }

    #expect(try await client.fetchWords(bookCase.id, .all).map(\.id) == [zebra.id, apple.id, eclair.id])
    // Folded keys in code-point order: "apple" < "zebra" < "éclair".
    #expect(try await client.fetchWords(bookCase.id, WordListing(order: .term)).map(\.id) == [apple.id, zebra.id, eclair.id])
    #expect(try await client.fetchWords(bookCase.id, WordListing(order: .updated)).map(\.id) == [apple.id, eclair.id, touched.id])
    #expect(try await client.fetchWords(bookCase.id, WordListing(tag: "NOUN")).map(\.id) == [zebra.id, apple.id])
    #expect(try await client.fetchWords(bookCase.id, WordListing(tag: "nobody")) == [])
    let refused = await thrownError { try await client.fetchWords(bookCase.id, WordListing(tag: "two words")) }
    #expect(refused as? StorageError == .invalidCharacter(.tag, " "))
  }

  @Test(arguments: Backend.allCases)
  func findsATermAlreadyInTheBookCaseByFoldedTermAndReading(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (jlpt, neko) = try await at(1) {
      let jlpt = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let other = try await client.createBookCase(BookCaseDraft(name: "Other"))
      let neko = try await client.addWord(jlpt.id, WordDraft(term: "猫", reading: "ねこ", meaning: "cat"))
      _ = try await client.addWord(jlpt.id, WordDraft(term: "猫", reading: "びょう", meaning: "cat (on'yomi)"))
      _ = try await client.addWord(other.id, WordDraft(term: "猫", reading: "ねこ", meaning: "cat"))
      _ = try await client.addWord(jlpt.id, WordDraft(term: "Straße", meaning: "street"))
      return (jlpt, neko)
    }
    #expect(try await client.findWords(jlpt.id, " 猫 ", "ねこ").map(\.id) == [neko.id])
    #expect(try await client.findWords(jlpt.id, "STRASSE", "").map(\.term) == ["Straße"])
    #expect(try await client.findWords(jlpt.id, "犬", "") == [])
    #expect(await thrownError { try await client.findWords(99, "猫", "") } as? StorageError == .bookCaseNotFound(id: 99))
  }

  @Test(arguments: Backend.allCases)
  func aTagSpelledInAnotherCaseChangesNothing(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let word = try await at(1) {
      let bookCase = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return try await client.addWord(bookCase.id, WordDraft(term: "candid", reading: "ˈkændɪd", meaning: "frank", tags: ["adj", "B2"]))
    }
    let same = try await at(50) {
      try await client.updateWord(word.id, WordDraft(term: "candid", reading: "ˈkændɪd", meaning: "frank", tags: ["b2", "ADJ"]))
    }
    #expect(same == word)
    #expect(try await client.fetchWord(word.id).updatedAt == time(1))
    // A new reading or one tag fewer is a change.
    let changed = try await at(60) {
      try await client.updateWord(word.id, WordDraft(term: "candid", meaning: "frank", tags: ["adj", "B2"]))
    }
    #expect(changed.updatedAt == time(60))
    let untagged = try await at(70) { try await client.updateWord(word.id, WordDraft(term: "candid", meaning: "frank", tags: ["adj"])) }
    #expect(untagged.tags == ["adj"])
    #expect(untagged.updatedAt == time(70))
  }

  @Test(arguments: Backend.allCases)
  func movesAWordAndTheCountsFollow(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (from, to, word) = try await at(1) {
      let from = try await client.createBookCase(BookCaseDraft(name: "Inbox"))
      let to = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let word = try await client.addWord(from.id, WordDraft(term: "雨", meaning: "rain", tags: ["n5"]))
      return (from, to, word)
    }
    let moved = try await at(7) { try await client.moveWord(word.id, to.id) }
    #expect(moved.bookCaseID == to.id)
    #expect(moved.updatedAt == time(7))
    #expect(moved.guid == word.guid)
    #expect(moved.tags == ["n5"])
    #expect(try await client.fetchBookCase(from.id).wordCount == 0)
    #expect(try await client.fetchBookCase(to.id).wordCount == 1)
    #expect(try await client.fetchWords(to.id, .all) == [moved])
    // Where it already is: nothing written.
    #expect(try await at(9) { try await client.moveWord(word.id, to.id) } == moved)
    let before = try await Snapshot(client)
    #expect(await thrownError { try await client.moveWord(word.id, 99) } as? StorageError == .bookCaseNotFound(id: 99))
    #expect(await thrownError { try await client.moveWord(99, to.id) } as? StorageError == .wordNotFound(id: 99))
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func updatesADescriptionAlone(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let bookCase = try await at(1) { try await client.createBookCase(BookCaseDraft(name: "TOEFL", description: "old")) }
    let updated = try await at(5) { try await client.updateBookCaseDescription(bookCase.id, " Reading section\n") }
    #expect(updated.name == "TOEFL")
    #expect(updated.description == "Reading section")
    #expect(updated.updatedAt == time(5))
    #expect(try await at(9) { try await client.updateBookCaseDescription(bookCase.id, "Reading section") } == updated)
    let tooLong = String(repeating: "d", count: StorageRules.maxDescriptionLength + 1)
    #expect(
      await thrownError { try await client.updateBookCaseDescription(bookCase.id, tooLong) } as? StorageError
        == .fieldTooLong(.description, limit: StorageRules.maxDescriptionLength))
    #expect(
      await thrownError { try await client.updateBookCaseDescription(99, "x") } as? StorageError == .bookCaseNotFound(id: 99))
  }
}
