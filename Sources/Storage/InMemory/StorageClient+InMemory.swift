import Dependencies
import Foundation

extension StorageClient {
  /// A client over plain arrays, starting with `bookCases` and `words`, applying the same rules, order and
  /// errors as the SQLite client. Word counts are computed from `words`; ids continue after the largest given.
  public static func inMemory(bookCases: [BookCase] = [], words: [Word] = []) -> StorageClient {
    let store = Locked(InMemoryStore(bookCases: bookCases, words: words))
    let changes = ChangeBroadcaster()

    /// Runs a change and, once it succeeded, tells the observers.
    @Sendable func write<T>(_ body: (inout InMemoryStore) throws(StorageError) -> T) throws(StorageError) -> T {
      let result = try store.withLock(body)
      changes.send()
      return result
    }

    return StorageClient(
      fetchBookCases: {
        store.withLock { store in
          store.bookCases.sorted(by: StorageRules.listsBefore).map(store.counted)
        }
      },
      fetchBookCase: { id in
        try store.withLock { store throws(StorageError) in store.counted(try store.bookCase(id: id)) }
      },
      findBookCase: { name in
        let key = try StorageRules.lookupKey(name)
        return try store.withLock { store throws(StorageError) in
          guard let found = store.bookCases.first(where: { StorageRules.nameKey($0.name) == key }) else {
            throw .bookCaseNamedNotFound(StorageRules.normalizedLine(name))
          }
          return store.counted(found)
        }
      },
      createBookCase: { draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date.now) var now
        return try write { store throws(StorageError) in
          try store.refuseDuplicate(name: draft.name, except: nil)
          let bookCase = BookCase(
            id: store.nextBookCaseID, name: draft.name, description: draft.description,
            createdAt: now.storedPrecision, updatedAt: now.storedPrecision)
          store.nextBookCaseID += 1
          store.bookCases.append(bookCase)
          return store.counted(bookCase)
        }
      },
      updateBookCase: { id, draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date.now) var now
        return try write { store throws(StorageError) in
          let index = try store.bookCaseIndex(id: id)
          try store.refuseDuplicate(name: draft.name, except: id)
          // An edit that changes nothing keeps `updatedAt`.
          if (store.bookCases[index].name, store.bookCases[index].description) != (draft.name, draft.description) {
            store.bookCases[index].updatedAt = now.storedPrecision
          }
          store.bookCases[index].name = draft.name
          store.bookCases[index].description = draft.description
          return store.counted(store.bookCases[index])
        }
      },
      updateBookCaseDescription: { id, description in
        let description = try StorageRules.validatedDescription(description)
        @Dependency(\.date.now) var now
        return try write { store throws(StorageError) in
          let index = try store.bookCaseIndex(id: id)
          if store.bookCases[index].description != description {
            store.bookCases[index].description = description
            store.bookCases[index].updatedAt = now.storedPrecision
          }
          return store.counted(store.bookCases[index])
        }
      },
      deleteBookCase: { id in
        try write { store throws(StorageError) in
          let index = try store.bookCaseIndex(id: id)
          store.bookCases.remove(at: index)
          store.reviewSettings[id] = nil
          for word in store.words where word.bookCaseID == id { store.forgetReviews(of: word.id) }
          store.words.removeAll { $0.bookCaseID == id }
        }
      },
      fetchWords: { bookCaseID, listing in
        let tagKey = try listing.tag.map(StorageRules.validatedTag).map(StorageRules.tagKey)
        return try store.withLock { store throws(StorageError) in
          _ = try store.bookCaseIndex(id: bookCaseID)
          return store.words
            .filter { word in
              word.bookCaseID == bookCaseID && (tagKey.map { word.tags.map(StorageRules.tagKey).contains($0) } ?? true)
            }
            .sorted(by: listing.order.areInIncreasingOrder)
        }
      },
      fetchWord: { id in
        try store.withLock { store throws(StorageError) in store.words[try store.wordIndex(id: id)] }
      },
      findWords: { bookCaseID, term, reading in
        let termKey = StorageRules.termKey(StorageRules.normalizedLine(term))
        let readingKey = StorageRules.termKey(StorageRules.normalizedText(reading))
        return try store.withLock { store throws(StorageError) in
          _ = try store.bookCaseIndex(id: bookCaseID)
          return store.words.filter {
            $0.bookCaseID == bookCaseID && StorageRules.termKey($0.term) == termKey
              && StorageRules.termKey($0.reading) == readingKey
          }.sorted { $0.id < $1.id }
        }
      },
      addWord: { bookCaseID, draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date.now) var now
        @Dependency(\.uuid) var uuid
        let guid = uuid().guidString
        return try write { store throws(StorageError) in
          _ = try store.bookCaseIndex(id: bookCaseID)
          return store.insert(draft, into: bookCaseID, guid: guid, createdAt: now, updatedAt: now)
        }
      },
      updateWord: { id, draft in
        let draft = try StorageRules.validated(draft)
        @Dependency(\.date.now) var now
        return try write { store throws(StorageError) in
          let index = try store.wordIndex(id: id)
          guard !store.words[index].matches(draft) else { return store.words[index] }
          store.update(index, draft, updatedAt: now)
          return store.words[index]
        }
      },
      moveWord: { id, bookCaseID in
        @Dependency(\.date.now) var now
        return try write { store throws(StorageError) in
          let index = try store.wordIndex(id: id)
          _ = try store.bookCaseIndex(id: bookCaseID)
          if store.words[index].bookCaseID != bookCaseID {
            store.words[index].bookCaseID = bookCaseID
            store.words[index].updatedAt = now.storedPrecision
          }
          return store.words[index]
        }
      },
      deleteWord: { id in
        try write { store throws(StorageError) in
          let index = try store.wordIndex(id: id)
          store.words.remove(at: index)
          store.forgetReviews(of: id)
        }
      },
      searchWords: { search in
        let tagKey = try search.tag.map(StorageRules.validatedTag).map(StorageRules.tagKey)
        let plan = SearchPlan(search)
        return try store.withLock { store throws(StorageError) in
          if let bookCaseID = search.bookCaseID { _ = try store.bookCaseIndex(id: bookCaseID) }
          guard !plan.findsNothing else { return [] }
          let listOrder = Dictionary(
            uniqueKeysWithValues: store.bookCases.sorted(by: StorageRules.listsBefore).enumerated().map { ($1.id, $0) })
          let found = store.words.compactMap { word -> (rank: Int, word: Word)? in
            guard search.bookCaseID.map({ $0 == word.bookCaseID }) ?? true,
              tagKey.map({ word.tags.map(StorageRules.tagKey).contains($0) }) ?? true,
              let rank = plan.rank(WordSearchKeys(word))
            else { return nil }
            return (rank, word)
          }
          let sorted = found.sorted {
            ($0.rank, listOrder[$0.word.bookCaseID]!, $0.word.id) < ($1.rank, listOrder[$1.word.bookCaseID]!, $1.word.id)
          }.map(\.word)
          return Array(sorted.prefix(search.limit.map { max(0, $0) } ?? sorted.count))
        }
      },
      fetchTags: {
        store.withLock { store in
          let counts = Dictionary(store.words.flatMap(\.tags).map { (StorageRules.tagKey($0), ($0, 1)) }) {
            ($0.0, $0.1 + $1.1)
          }
          return counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { TagCount(name: $0.value.0, wordCount: $0.value.1) }
        }
      },
      fetchCard: { wordID in
        try store.withLock { store throws(StorageError) in try store.card(wordID: wordID) }
      },
      fetchDueCards: { bookCaseID, dueBy, limit in
        try store.withLock { store throws(StorageError) in
          let dueBy = dueBy.storedPrecision
          return Array(
            try store.cards(of: bookCaseID).filter { $0.due <= dueBy }
              .sorted { ($0.due, $0.wordID) < ($1.due, $1.wordID) }.prefix(max(0, limit)))
        }
      },
      fetchCardsInStates: { bookCaseID, states, dueBy, limit in
        try store.withLock { store throws(StorageError) in
          let dueBy = dueBy?.storedPrecision ?? .distantFuture
          return Array(
            try store.cards(of: bookCaseID).filter { states.contains($0.state) && $0.due <= dueBy }
              .sorted { ($0.due, $0.wordID) < ($1.due, $1.wordID) }.prefix(max(0, limit)))
        }
      },
      fetchCardCounts: { bookCaseID in
        try store.withLock { store throws(StorageError) in
          let cards = try store.cards(of: bookCaseID)
          return CardCounts(
            new: cards.count { $0.state == .new }, learning: cards.count { $0.state == .learning },
            review: cards.count { $0.state == .review }, relearning: cards.count { $0.state == .relearning },
            nextDue: cards.map(\.due).min())
        }
      },
      recordReview: { draft in
        guard (1...4).contains(draft.rating) else { throw StorageError.invalidRating(draft.rating) }
        return try write { store throws(StorageError) in
          let before = try store.card(wordID: draft.after.wordID)
          let after = draft.after.storedPrecision
          let review = StoredReview(
            id: store.nextReviewID, wordID: before.wordID, reviewedAt: draft.reviewedAt.storedPrecision,
            rating: draft.rating, before: before, after: after, intervalBefore: draft.intervalBefore,
            intervalAfter: draft.intervalAfter, durationMilliseconds: draft.durationMilliseconds)
          store.nextReviewID += 1
          store.cards[before.wordID] = after
          store.reviews.append(LoggedReview(review))
          return review
        }
      },
      undoLastReview: { wordID in
        try write { store throws(StorageError) in
          _ = try store.card(wordID: wordID)
          guard let index = store.reviews.lastIndex(where: { $0.wordID == wordID }) else {
            throw .noReviewToUndo(wordID: wordID)
          }
          let before = store.reviews.remove(at: index).before
          store.cards[wordID] = before
          return before
        }
      },
      fetchReviewSettings: { bookCaseID in
        try store.withLock { store throws(StorageError) in
          _ = try store.bookCaseIndex(id: bookCaseID)
          return store.reviewSettings[bookCaseID] ?? .default
        }
      },
      updateReviewSettings: { bookCaseID, settings in
        let settings = try StorageRules.validated(settings)
        return try write { store throws(StorageError) in
          _ = try store.bookCaseIndex(id: bookCaseID)
          store.reviewSettings[bookCaseID] = settings
          return settings
        }
      },
      fetchReviewTally: { bookCaseID, since in
        try store.withLock { store throws(StorageError) in
          let wordIDs = Set(try store.cards(of: bookCaseID).map(\.wordID))
          let reviews = store.reviews.filter { wordIDs.contains($0.wordID) && $0.reviewedAt >= since.storedPrecision }
          return ReviewTally(
            newCards: reviews.count { $0.before.state == .new }, reviews: reviews.count { $0.before.state == .review })
        }
      },
      countDueCards: { bookCaseID, at, dayStart in
        try store.withLock { store throws(StorageError) in try store.dueCounts(bookCaseID, at: at, dayStart: dayStart) }
      },
      fetchReviewLog: { bookCaseID, since in
        try store.withLock { store throws(StorageError) in
          let wordIDs = Set(try store.cards(of: bookCaseID).map(\.wordID))
          return store.reviews.filter { wordIDs.contains($0.wordID) && $0.reviewedAt >= since.storedPrecision }
            .map(ReviewLogEntry.init)
        }
      },
      importWords: { request in
        @Dependency(\.date.now) var now
        @Dependency(\.uuid) var uuid
        let report = try store.withLock { store in
          // The import works on a copy, kept only when every word went in and this is no dry run.
          var run = ImportRun(target: store, request: request, now: now) { uuid().guidString }
          let report = try run.run()
          if request.isStopped() { throw CancellationError() }
          if !request.dryRun { store = run.target }
          return report
        }
        if !request.dryRun { changes.send() }
        return report
      },
      exportWords: { bookCaseIDs, withReviews, visit in
        let (bookCases, snapshot) = try store.withLock { store throws(StorageError) in
          let bookCases =
            bookCaseIDs.isEmpty
            ? store.bookCases.sorted(by: StorageRules.listsBefore) : try bookCaseIDs.map(store.bookCase(id:))
          return (bookCases.map(store.counted), store)
        }
        for bookCase in bookCases {
          try visit(.bookCase(bookCase))
          for word in snapshot.words where word.bookCaseID == bookCase.id {
            try visit(.word(word, reviews: withReviews ? try snapshot.reviews(of: word.id) : nil))
          }
        }
      },
      observeChanges: { changes.stream() }
    )
  }
}

/// The in-memory client's data.
struct InMemoryStore {
  var bookCases: [BookCase]
  var words: [Word]
  var nextBookCaseID: BookCase.ID
  var nextWordID: Word.ID
  /// Every word's card, by word id; a word starts with a new card due when it was added.
  var cards: [Word.ID: StoredCard]
  /// The review log, oldest first.
  var reviews: [LoggedReview] = []
  var nextReviewID: StoredReview.ID = 1
  /// Review settings by bookcase; a bookcase without an entry has the defaults.
  var reviewSettings: [BookCase.ID: ReviewSettings] = [:]

  init(bookCases: [BookCase], words: [Word]) {
    self.bookCases = bookCases
    self.words = words
    self.nextBookCaseID = (bookCases.map(\.id).max() ?? 0) + 1
    self.nextWordID = (words.map(\.id).max() ?? 0) + 1
    self.cards = Dictionary(uniqueKeysWithValues: words.map { ($0.id, StoredCard(wordID: $0.id, due: $0.createdAt.storedPrecision)) })
  }

  func card(wordID: Word.ID) throws(StorageError) -> StoredCard {
    guard let card = cards[wordID] else { throw .wordNotFound(id: wordID) }
    return card
  }

  /// The cards of one bookcase's words, or (nil) every card.
  func cards(of bookCaseID: BookCase.ID?) throws(StorageError) -> [StoredCard] {
    guard let bookCaseID else { return Array(cards.values) }
    _ = try bookCaseIndex(id: bookCaseID)
    return words.filter { $0.bookCaseID == bookCaseID }.compactMap { cards[$0.id] }
  }

  /// A deleted word's card and reviews go with it, as the SQLite cascade deletes them.
  mutating func forgetReviews(of wordID: Word.ID) {
    cards[wordID] = nil
    reviews.removeAll { $0.wordID == wordID }
  }

  /// The bookcase with its word count as it stands.
  func counted(_ bookCase: BookCase) -> BookCase {
    var bookCase = bookCase
    bookCase.wordCount = words.count { $0.bookCaseID == bookCase.id }
    return bookCase
  }

  func bookCase(id: BookCase.ID) throws(StorageError) -> BookCase { bookCases[try bookCaseIndex(id: id)] }

  func bookCaseIndex(id: BookCase.ID) throws(StorageError) -> Int {
    guard let index = bookCases.firstIndex(where: { $0.id == id }) else { throw .bookCaseNotFound(id: id) }
    return index
  }

  func wordIndex(id: Word.ID) throws(StorageError) -> Int {
    guard let index = words.firstIndex(where: { $0.id == id }) else { throw .wordNotFound(id: id) }
    return index
  }

  /// Adds a validated word, with the new card every word starts with.
  mutating func insert(_ draft: WordDraft, into bookCaseID: BookCase.ID, guid: String, createdAt: Date, updatedAt: Date)
    -> Word
  {
    let word = Word(
      id: nextWordID, bookCaseID: bookCaseID, term: draft.term, reading: draft.reading, meaning: draft.meaning,
      example: draft.example, note: draft.note, tags: spelled(draft.tags), guid: guid,
      createdAt: createdAt.storedPrecision, updatedAt: updatedAt.storedPrecision)
    nextWordID += 1
    words.append(word)
    cards[word.id] = StoredCard(wordID: word.id, due: word.createdAt)
    return word
  }

  /// Replaces the fields and tags of the word at `index` with the validated draft's.
  mutating func update(_ index: Int, _ draft: WordDraft, updatedAt: Date) {
    words[index].term = draft.term
    words[index].reading = draft.reading
    words[index].meaning = draft.meaning
    words[index].example = draft.example
    words[index].note = draft.note
    words[index].tags = spelled(draft.tags)
    words[index].updatedAt = updatedAt.storedPrecision
  }

  /// Each tag under the spelling another word already gives its key, or as written when no word has it: a
  /// tag is shown as first written.
  func spelled(_ tags: [String]) -> [String] {
    let known = Dictionary(words.flatMap(\.tags).map { (StorageRules.tagKey($0), $0) }) { first, _ in first }
    return tags.map { known[StorageRules.tagKey($0)] ?? $0 }
  }

  func refuseDuplicate(name: String, except id: BookCase.ID?) throws(StorageError) {
    let key = StorageRules.nameKey(name)
    if let existing = bookCases.first(where: { $0.id != id && StorageRules.nameKey($0.name) == key }) {
      throw .duplicateBookCaseName(existing.name)
    }
  }
}
