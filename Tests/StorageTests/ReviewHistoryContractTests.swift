import Foundation
import Testing

@testable import Storage

/// Cards and review logs moving with their words: exported when asked for, imported as the file gives them
/// (by the duplicate policy, all or nothing), alike in the SQLite and in-memory clients.
@Suite struct ReviewHistoryContractTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// A word in "TOEFL" with the guid `guid`, as a file gives it.
  func word(_ term: String, guid: String, reviews: ReviewHistory?, line: Int = 1) -> ImportedWord {
    ImportedWord(
      bookCase: ImportedBookCase(name: "TOEFL"), draft: WordDraft(term: term, meaning: "m"), guid: guid,
      createdAt: time(1), updatedAt: time(1), reviews: reviews, line: line)
  }

  func importing(_ words: [ImportedWord], _ policy: DuplicatePolicy = .skip, dryRun: Bool = false) -> WordImport {
    let remaining = Locked(words[...])
    return WordImport(onDuplicate: policy, dryRun: dryRun) { remaining.withLock { $0.popFirst() } }
  }

  /// Everything an export with reviews hands out: every bookcase, word, card and review.
  func everything(_ client: StorageClient) async throws -> [ExportItem] {
    let items = Locked<[ExportItem]>([])
    try await client.exportWords([], true) { item in items.withLock { $0.append(item) } }
    return items.withLock { $0 }
  }

  /// A history as a file would give it: ids that are not this database's, times with milliseconds.
  static let history: ReviewHistory = {
    let ms = { (seconds: Int, milliseconds: Int) in time(seconds).addingTimeInterval(Double(milliseconds) / 1000) }
    let new = StoredCard(wordID: 77, due: ms(1, 0))
    let learning = StoredCard(
      wordID: 77, state: .learning, step: 1, stability: 2.3065, difficulty: 2.118103970459016, due: ms(600, 250),
      lastReview: ms(5, 250), reps: 1)
    let review = StoredCard(
      wordID: 77, state: .review, stability: 10.9, difficulty: 2.1, due: ms(900_000, 1), lastReview: ms(700, 1),
      reps: 2, lapses: 0)
    return ReviewHistory(card: review, log: [
      LoggedReview(
        id: 40, wordID: 77, reviewedAt: ms(5, 250), rating: 3, before: new, stateAfter: .learning, stepAfter: 1,
        stabilityAfter: 2.3065, difficultyAfter: 2.118103970459016, dueAfter: ms(600, 250), intervalBefore: 0,
        intervalAfter: 0, durationMilliseconds: 1234),
      LoggedReview(
        id: 41, wordID: 77, reviewedAt: ms(700, 1), rating: 4, before: learning, stateAfter: .review, stepAfter: 0,
        stabilityAfter: 10.9, difficultyAfter: 2.1, dueAfter: ms(900_000, 1), intervalBefore: -1, intervalAfter: 10,
        durationMilliseconds: 0),
    ])
  }()

  /// `history` as the word `wordID` holds it, its log rows numbered from `firstID`.
  static func stored(_ history: ReviewHistory, wordID: Word.ID, firstID: StoredReview.ID) -> ReviewHistory {
    var expected = history.stored(for: wordID)
    for index in expected.log.indices { expected.log[index].id = firstID + StoredReview.ID(index) }
    return expected
  }

  @Test(arguments: Backend.allCases)
  func exportsEachWordWithItsCardAndLogOldestFirstOnlyWhenAsked(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let (toefl, a, b) = try await at(0) {
      let toefl = try await client.createBookCase(BookCaseDraft(name: "TOEFL"))
      return (toefl, try await client.addWord(toefl.id, WordDraft(term: "a", meaning: "m")),
        try await client.addWord(toefl.id, WordDraft(term: "b", meaning: "m")))
    }
    let after = StoredCard(wordID: a.id, state: .learning, step: 1, stability: 2.3, difficulty: 2.1, due: time(600), lastReview: time(5), reps: 1)
    let first = try await client.recordReview(ReviewDraft(reviewedAt: time(5), rating: 3, after: after, intervalBefore: 0, intervalAfter: 0, durationMilliseconds: 900))
    var later = after
    later.state = .review
    later.reps = 2
    let second = try await client.recordReview(ReviewDraft(reviewedAt: time(9), rating: 4, after: later, intervalBefore: 0, intervalAfter: 3))
    let counted = try await client.fetchBookCase(toefl.id)
    #expect(try await everything(client) == [
      .bookCase(counted),
      .word(a, reviews: ReviewHistory(card: try await client.fetchCard(a.id), log: [LoggedReview(first), LoggedReview(second)])),
      .word(b, reviews: ReviewHistory(card: StoredCard(wordID: b.id, due: time(0)))),
    ])
    #expect(LoggedReview(second).before == after && LoggedReview(second).stateAfter == .review)
    let items = Locked<[ExportItem]>([])
    try await client.exportWords([toefl.id], false) { item in items.withLock { $0.append(item) } }
    #expect(items.withLock { $0 } == [.bookCase(counted), .word(a), .word(b)])
  }

  @Test(arguments: Backend.allCases)
  func anImportedWordGetsTheCardAndLogTheFileGivesElseANewCard(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    let report = try await at(50) {
      try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history), word("b", guid: "g-b", reviews: nil)]))
    }
    #expect(report.added == 2)
    let items = try await everything(client)
    guard case .word(let a, let reviews) = items[1], case .word(let b, let newCard) = items[2] else {
      Issue.record("expected two words, got \(items)")
      return
    }
    #expect(reviews == Self.stored(Self.history, wordID: a.id, firstID: 1))
    #expect(newCard == ReviewHistory(card: StoredCard(wordID: b.id, due: time(1))))
    #expect(try await client.fetchReviewLog(nil, .distantPast).map(\.rating) == [3, 4])
    // The log is the word's own: undo takes back its last review, restoring the card that review found.
    #expect(try await client.undoLastReview(a.id) == Self.stored(Self.history, wordID: a.id, firstID: 1).log[1].before)
  }

  @Test(arguments: Backend.allCases)
  func theDuplicatePolicyDecidesWhetherTheFilesCardAndLogReplaceTheWordsOwn(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    _ = try await at(0) { try await client.importWords(importing([word("a", guid: "g-a", reviews: nil)])) }
    let existing = try #require(try await client.fetchWords(try await client.findBookCase("TOEFL").id, .all).first)
    _ = try await client.recordReview(ReviewDraft(
      reviewedAt: time(3), rating: 1, after: StoredCard(wordID: existing.id, state: .learning, stability: 0.2, difficulty: 6, due: time(63), lastReview: time(3), reps: 1),
      intervalBefore: 0, intervalAfter: 0))
    let graded = try await everything(client)

    // skip leaves the word, its card and log; update without review data leaves them too.
    let skipped = try await at(9) { try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history)])) }
    #expect(skipped.skipped == 1)
    #expect(try await everything(client) == graded)
    let plain = try await at(9) { try await client.importWords(importing([word("a", guid: "g-a", reviews: nil)], .update)) }
    #expect(plain.bookCases[0].unchanged == 1)
    #expect(try await everything(client) == graded)

    // update with review data replaces the card and the whole log, and a second time finds nothing to change.
    let updated = try await at(9) { try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history)], .update)) }
    #expect(updated.updated == 1)
    let replaced = try await everything(client)
    guard case .word(let same, let reviews) = replaced[1] else {
      Issue.record("\(replaced)")
      return
    }
    #expect(same == existing, "the fields were the same, so the word row is untouched")
    #expect(reviews == Self.stored(Self.history, wordID: existing.id, firstID: 2))
    let again = try await at(9) { try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history)], .update)) }
    #expect(again.bookCases[0].unchanged == 1)
    #expect(try await everything(client) == replaced)

    // keep-both gives the added word the file's card and log, and leaves the existing one's.
    let kept = try await at(9) { try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history)], .keepBoth)) }
    #expect(kept.added == 1)
    let both = try await everything(client)
    #expect(both[1] == replaced[1])
    guard case .word(let added, let addedReviews) = both[2] else {
      Issue.record("\(both)")
      return
    }
    #expect(added.guid != "g-a" && addedReviews == Self.stored(Self.history, wordID: added.id, firstID: 4))
  }

  @Test(arguments: Backend.allCases)
  func aDryRunWritesNoCardOrLog(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    _ = try await at(0) { try await client.importWords(importing([word("a", guid: "g-a", reviews: nil)])) }
    let before = try await everything(client)
    for policy in DuplicatePolicy.allCases {
      let report = try await at(9) {
        try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history), word("b", guid: "g-b", reviews: Self.history)], policy, dryRun: true))
      }
      #expect(report.dryRun && report.added >= 1)
      #expect(try await everything(client) == before, "\(policy)")
    }
  }

  @Test(arguments: Backend.allCases)
  func aValueNoCardOrReviewCanHaveStopsTheImportAtItsLineAndNothingIsKept(_ backend: Backend) async throws {
    let client = try backend.makeClient(in: directory)
    _ = try await at(0) { try await client.importWords(importing([word("a", guid: "g-a", reviews: Self.history)])) }
    let before = try await everything(client)
    let cases: [((inout ReviewHistory) -> Void, StorageError)] = [
      ({ $0.card.reps = -1 }, .reviewValueOutOfRange("reps of the card", value: "-1", range: "0 or more")),
      ({ $0.card.lapses = -2 }, .reviewValueOutOfRange("lapses of the card", value: "-2", range: "0 or more")),
      ({ $0.card.step = -1 }, .reviewValueOutOfRange("step of the card", value: "-1", range: "0 or more")),
      ({ $0.card.stability = .infinity }, .reviewValueOutOfRange("stability of the card", value: "inf", range: "a finite number")),
      ({ $0.card.difficulty = .nan }, .reviewValueOutOfRange("difficulty of the card", value: "nan", range: "a finite number")),
      ({ $0.log[1].rating = 0 }, .invalidRating(0)),
      ({ $0.log[0].rating = 5 }, .invalidRating(5)),
      ({ $0.log[1].before.reps = -1 }, .reviewValueOutOfRange("reps before review 2", value: "-1", range: "0 or more")),
      ({ $0.log[0].stepAfter = -3 }, .reviewValueOutOfRange("step after review 1", value: "-3", range: "0 or more")),
      ({ $0.log[0].stabilityAfter = -.infinity }, .reviewValueOutOfRange("stability after review 1", value: "-inf", range: "a finite number")),
      ({ $0.log[1].difficultyAfter = .infinity }, .reviewValueOutOfRange("difficulty after review 2", value: "inf", range: "a finite number")),
      ({ $0.log[1].durationMilliseconds = -5 }, .reviewValueOutOfRange("duration of review 2", value: "-5", range: "0 or more")),
    ]
    for (breakIt, error) in cases {
      var bad = Self.history
      breakIt(&bad)
      for policy in DuplicatePolicy.allCases {
        let thrown = await thrownError {
          try await at(9) {
            try await client.importWords(importing([
              word("new", guid: "g-new", reviews: Self.history, line: 2), word("a", guid: "g-a", reviews: bad, line: 7),
            ], policy))
          }
        }
        #expect(thrown as? ImportRowError == ImportRowError(line: 7, error: error), "\(policy)")
        #expect(try await everything(client) == before, "\(error) \(policy)")
      }
    }
  }
}
