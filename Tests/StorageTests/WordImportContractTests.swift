import Foundation
import Testing

@testable import Storage

/// Importing and exporting words: the same decisions, counts, errors and order in the SQLite and in-memory
/// clients.
@Suite struct WordImportContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test(arguments: Backend.allCases)
  func importsIntoNewAndExistingBookcasesInOneGo(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let n3 = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "JLPT N3")) }
    let report = try await at(5) {
      try await client.importWords(request([
        word("食べる", reading: "たべる", in: "jlpt n3", tags: ["verb", "n3"], guid: "Km(u_gFl(_", line: 2),
        word("飲む", in: "Japanese::Verbs", line: 3),
        word("見る", in: "JLPT N3", line: 4),
      ]))
    }
    #expect(report == ImportReport(bookCases: [
      .init(name: "JLPT N3", id: n3.id, created: false, added: 2),
      .init(name: "Japanese::Verbs", id: n3.id + 1, created: true, added: 1),
    ], read: 3))
    let words = try await client.fetchWords(n3.id, .all)
    #expect(words.map(\.term) == ["食べる", "見る"])
    #expect(words[0].reading == "たべる" && words[0].tags == ["n3", "verb"] && words[0].guid == "Km(u_gFl(_")
    #expect(words[0].createdAt == time(5) && words[0].updatedAt == time(5))
    #expect(UUID(uuidString: words[1].guid) != nil)
    let verbs = try await client.fetchBookCase(n3.id + 1)
    #expect(verbs.name == "Japanese::Verbs" && verbs.wordCount == 1 && verbs.createdAt == time(5))
    #expect(try await client.fetchCard(words[1].id).due == time(5))
  }

  /// An import writes through the same path as `addWord` and `updateWord`, so what it adds or updates is found by
  /// search at once, by its new text and no longer by its old.
  @Test(arguments: Backend.allCases)
  func importedAndUpdatedWordsAreFoundBySearch(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    _ = try await at(1) { try await client.importWords(request([word("Café", meaning: "コーヒー店", in: "French", line: 1)])) }
    let added = try await client.searchWords(WordSearch("cafe"))
    #expect(added.map(\.term) == ["Café"])
    #expect(try await client.searchWords(WordSearch("こーひー")).map(\.id) == added.map(\.id))
    _ = try await at(2) {
      try await client.importWords(request([word("café", meaning: "teahouse", in: "French", line: 1)], onDuplicate: .update))
    }
    #expect(try await client.searchWords(WordSearch("teahouse")).map(\.id) == added.map(\.id))
    #expect(try await client.searchWords(WordSearch("こーひー")) == [])
  }

  /// The SQLite client writes an import's search keys to the index when its last word is in: a word that a later
  /// row of the same file updates is found by its last text only, a word kept twice is found twice, and an
  /// import that fails or is a dry run leaves nothing that search, or the next import, would trip over.
  @Test(arguments: Backend.allCases)
  func searchFindsWhatAnImportWroteLastAndNothingOfAFailedOne(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let failed = await thrownError {
      try await at(1) {
        try await client.importWords(request([word("quince", in: "Fruit", line: 1), word("", in: "Fruit", line: 2)]))
      }
    }
    #expect(failed as? ImportRowError == ImportRowError(line: 2, error: .emptyField(.term)))
    _ = try await at(1) { try await client.importWords(request([word("quince", in: "Fruit", line: 1)], dryRun: true)) }
    #expect(try await client.searchWords(WordSearch("quince")) == [])
    let report = try await at(2) {
      try await client.importWords(request([
        word("quince", meaning: "old meaning", in: "Fruit", line: 1),
        word("Quince", meaning: "new meaning", in: "Fruit", line: 2),
      ], onDuplicate: .update))
    }
    #expect(report.added == 1 && report.updated == 1)
    #expect(try await client.searchWords(WordSearch("new meaning")).map(\.meaning) == ["new meaning"])
    #expect(try await client.searchWords(WordSearch("old meaning")) == [])
    _ = try await at(3) {
      try await client.importWords(
        request([word("pear", in: "Fruit", line: 1), word("pear", in: "Fruit", line: 2)], onDuplicate: .keepBoth))
    }
    #expect(try await client.searchWords(WordSearch("pear")).map(\.term) == ["pear", "pear"])
  }

  @Test(arguments: Backend.allCases)
  func keepsTheDatesAndDescriptionAFileGives(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let shelf = ImportedBookCase(name: "TOEFL", description: "Academic words", createdAt: time(1), updatedAt: time(2))
    var abate = word("abate", in: "TOEFL", line: 1)
    abate.bookCase = shelf
    abate.createdAt = time(3)
    abate.updatedAt = time(4)
    _ = try await at(100) { try await client.importWords(request([abate])) }
    let bookCase = try #require(try await client.fetchBookCases().first)
    #expect((bookCase.description, bookCase.createdAt, bookCase.updatedAt) == ("Academic words", time(1), time(2)))
    let stored = try #require(try await client.fetchWords(bookCase.id, .all).first)
    #expect((stored.createdAt, stored.updatedAt) == (time(3), time(4)))
  }

  @Test(arguments: Backend.allCases)
  func skipsWordsAlreadyThereByGuidAnywhereElseByTermAndReadingInTheBookcase(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (n3, toefl, taberu) = try await at(0) {
      let n3 = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let taberu = try await client.addWord(n3.id, WordDraft(term: "食べる", reading: "たべる", meaning: "eat"))
      return (n3, toefl, taberu)
    }
    let before = try await Snapshot(client)
    let report = try await at(1) {
      try await client.importWords(request([
        word("anything", in: "TOEFL", guid: taberu.guid, line: 1),
        word("ＴＡＢＥＲＵ", in: "TOEFL", line: 2),
        word("食べる", reading: "タベル", in: "JLPT N3", line: 3),
        word(" 食べる ", reading: "たべる", in: "JLPT N3", line: 4),
      ], dryRun: true))
    }
    // Same guid (in another bookcase), then a term only another bookcase has, a reading that differs, the same word.
    #expect(report.bookCases == [
      .init(name: "TOEFL", id: toefl.id, created: false, added: 1, skippedSameGuid: 1),
      .init(name: "JLPT N3", id: n3.id, created: false, added: 1, skippedSameTerm: 1),
    ])
    #expect(report.dryRun && report.added == 2 && report.skipped == 2)
    #expect(try await Snapshot(client) == before, "a dry run writes nothing")
  }

  @Test(arguments: Backend.allCases)
  func updateOverwritesFieldsAndTagsAndCountsWhatWasAlreadyTheSame(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (n3, taberu) = try await at(0) {
      let n3 = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let taberu = try await client.addWord(n3.id, WordDraft(term: "食べる", meaning: "eat", tags: ["old"]))
      _ = try await client.addWord(n3.id, WordDraft(term: "飲む", meaning: "drink"))
      return (n3, taberu)
    }
    let report = try await at(7) {
      try await client.importWords(request([
        word("食べる", meaning: "to eat", in: "JLPT N3", tags: ["verb"], line: 1),
        word("飲む", meaning: "drink", in: "JLPT N3", line: 2),
      ], onDuplicate: .update))
    }
    #expect(report.bookCases == [.init(name: "JLPT N3", id: n3.id, created: false, updated: 1, unchanged: 1)])
    let updated = try await client.fetchWord(taberu.id)
    #expect(updated.meaning == "to eat" && updated.tags == ["verb"] && updated.guid == taberu.guid)
    #expect(updated.createdAt == time(0) && updated.updatedAt == time(7))
    #expect(try await client.fetchTags() == [TagCount(name: "verb", wordCount: 1)])
  }

  @Test(arguments: Backend.allCases)
  func keepBothAddsAnywayWithANewGuidWhenItsOwnIsTaken(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let taberu = try await at(0) {
      let n3 = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      return try await client.addWord(n3.id, WordDraft(term: "食べる", meaning: "eat"))
    }
    let report = try await at(1) {
      try await client.importWords(request([
        word("食べる", in: "JLPT N3", guid: taberu.guid, line: 1), word("食べる", in: "JLPT N3", guid: "g2", line: 2),
      ], onDuplicate: .keepBoth))
    }
    #expect(report.added == 2)
    let words = try await client.fetchWords(taberu.bookCaseID, .all)
    #expect(words.count == 3)
    #expect(words[1].guid != taberu.guid && UUID(uuidString: words[1].guid) != nil)
    #expect(words[2].guid == "g2")
  }

  @Test(arguments: Backend.allCases)
  func importingTheSameWordsTwiceChangesNothingTheSecondTime(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let file = [
      word("abate", in: "TOEFL", tags: ["verb"], line: 1), word("benign", in: "TOEFL", guid: "b-1", line: 2),
      word("abate", in: "TOEFL", tags: ["verb"], line: 3),
    ]
    for policy in [DuplicatePolicy.skip, .update] {
      let first = try await at(0) { try await client.importWords(request(file, onDuplicate: policy)) }
      let after = try await Snapshot(client)
      let second = try await at(9) { try await client.importWords(request(file, onDuplicate: policy)) }
      #expect(try await Snapshot(client) == after, "\(policy)")
      #expect(second.added == 0 && second.updated == 0 && second.skipped == 3, "\(policy)")
      if policy == .skip { #expect(first.added == 2 && first.skipped == 1, "the file's own repeat is skipped") }
    }
  }

  @Test(arguments: Backend.allCases)
  func aWordBreakingARuleStopsTheImportAtItsLineAndNothingIsKept(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    _ = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
    let before = try await Snapshot(client)
    let cases: [(ImportedWord, StorageError)] = [
      (word("", in: "New", line: 7), .emptyField(.term)),
      (word("a\u{7}b", in: "New", line: 7), .invalidCharacter(.term, "\u{7}")),
      (word("t", in: "New", tags: ["two words"], line: 7), .invalidCharacter(.tag, " ")),
      (word("t", in: "New", guid: "has space", line: 7), .invalidCharacter(.guid, " ")),
      (word("t", in: "", line: 7), .emptyField(.name)),
    ]
    for (bad, error) in cases {
      let thrown = await thrownError {
        try await at(1) {
          try await client.importWords(request([word("fine", in: "New", line: 1), word("ok", in: "TOEFL", line: 2), bad]))
        }
      }
      #expect(thrown as? ImportRowError == ImportRowError(line: 7, error: error))
      #expect(try await Snapshot(client) == before, "\(error)")
    }
  }

  @Test(arguments: Backend.allCases)
  func whatTheSourceThrowsRollsBackAndComesOutAsItWas(_ backend: Backend) async throws {
    struct Unreadable: Error, Equatable {}
    let client = try backend.makeClient(in: directory)
    let before = try await Snapshot(client)
    let words = Locked([word("fine", in: "New", line: 1)])
    let thrown = await thrownError {
      try await at(1) {
        try await client.importWords(WordImport { () throws -> ImportedWord? in
          guard let next = words.withLock({ $0.popLast() }) else { throw Unreadable() }
          return next
        })
      }
    }
    #expect(thrown as? Unreadable == Unreadable())
    #expect(try await Snapshot(client) == before)
  }

  @Test(arguments: Backend.allCases)
  func anImportAskedToStopOnceEveryWordIsInRollsBack(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let before = try await Snapshot(client)
    var import_ = request([word("abate", in: "New", line: 1), word("benign", in: "New", line: 2)])
    let asked = Locked(0)
    import_.isStopped = {
      asked.withLock { $0 += 1 }
      return true
    }
    let thrown = await thrownError { try await at(1) { try await client.importWords(import_) } }
    #expect(thrown is CancellationError)
    #expect(asked.withLock { $0 } == 1)
    #expect(try await Snapshot(client) == before)
    import_ = request([word("abate", in: "New", line: 1)])
    import_.isStopped = { false }
    #expect(try await at(1) { try await client.importWords(import_) }.added == 1)
  }

  @Test(arguments: Backend.allCases)
  func reportsProgressEveryIntervalOfWords(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let told = Locked<[Int]>([])
    let words = (1...7).map { word("w\($0)", in: "Many", line: $0) }
    var import_ = request(words)
    import_.progressInterval = 3
    import_.progress = { count in told.withLock { $0.append(count) } }
    let report = try await at(0) { try await client.importWords(import_) }
    #expect(report.read == 7 && report.added == 7)
    #expect(told.withLock { $0 } == [3, 6])
  }

  @Test(arguments: Backend.allCases)
  func exportsBookcasesInListOrderOrAsNamedEachWithItsWordsOldestFirst(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, n3, words) = try await at(0) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      let n3 = try await client.createBookCase(BookCaseDraft(name: "JLPT N3"))
      let a = try await client.addWord(toefl.id, WordDraft(term: "abate", meaning: "lessen", tags: ["verb", "Formal"]))
      let b = try await client.addWord(n3.id, WordDraft(term: "食べる", meaning: "eat"))
      let c = try await client.addWord(toefl.id, WordDraft(term: "benign", meaning: "kind"))
      return (toefl, n3, [a, b, c])
    }
    let items = Locked<[ExportItem]>([])
    try await client.exportWords([], false) { item in items.withLock { $0.append(item) } }
    let n3Counted = try await client.fetchBookCase(n3.id)
    let toeflCounted = try await client.fetchBookCase(toefl.id)
    #expect(items.withLock { $0 } == [
      .bookCase(n3Counted), .word(words[1]), .bookCase(toeflCounted), .word(words[0]), .word(words[2]),
    ])
    items.withLock { $0 = [] }
    try await client.exportWords([toefl.id], false) { item in items.withLock { $0.append(item) } }
    #expect(items.withLock { $0 } == [.bookCase(toeflCounted), .word(words[0]), .word(words[2])])
    let missing = await thrownError { try await client.exportWords([99], false) { _ in } }
    #expect(missing as? StorageError == .bookCaseNotFound(id: 99))
  }
}

/// A word for the bookcase named `bookCase`, as a file would give it.
private func word(
  _ term: String, reading: String = "", meaning: String = "m", in bookCase: String, tags: [String] = [],
  guid: String? = nil, line: Int
) -> ImportedWord {
  ImportedWord(
    bookCase: ImportedBookCase(name: bookCase), draft: WordDraft(term: term, reading: reading, meaning: meaning, tags: tags),
    guid: guid, line: line)
}

/// An import handing out `words` in order.
private func request(_ words: [ImportedWord], onDuplicate: DuplicatePolicy = .skip, dryRun: Bool = false) -> WordImport {
  let remaining = Locked(words[...])
  return WordImport(onDuplicate: onDuplicate, dryRun: dryRun) { remaining.withLock { $0.popFirst() } }
}
