import Foundation

/// What an import needs of a storage backend, inside the one transaction the import runs in. The SQLite and
/// in-memory clients each implement it, and `ImportRun` decides the same way over both.
protocol ImportTarget {
  /// The bookcase with this name key, if there is one.
  mutating func bookCase(nameKey: String) throws -> (id: BookCase.ID, name: String)?
  mutating func createBookCase(_ draft: BookCaseDraft, nameKey: String, createdAt: Date, updatedAt: Date) throws
    -> BookCase.ID
  mutating func word(guid: String) throws -> Word?
  /// The oldest word of the bookcase with this folded term and reading.
  mutating func word(in bookCaseID: BookCase.ID, termKey: String, readingKey: String) throws -> Word?
  /// Adds the word with a new card and returns its id.
  mutating func insertWord(
    _ draft: WordDraft, into bookCaseID: BookCase.ID, guid: String, createdAt: Date, updatedAt: Date) throws -> Word.ID
  mutating func updateWord(_ id: Word.ID, _ draft: WordDraft, updatedAt: Date) throws
  /// The word's card and review log.
  mutating func reviews(of wordID: Word.ID) throws -> ReviewHistory
  /// Replaces the word's card and review log with these (validated), the log's rows numbered anew.
  mutating func replaceReviews(of wordID: Word.ID, with history: ReviewHistory) throws
}

/// One import's decisions, the same for every backend: validate each word (a broken rule names its line),
/// find or create its bookcase, match it against the words already there (and those imported before it) by
/// guid, else by folded term and reading in its bookcase, and add, update or skip it as the policy says.
struct ImportRun<Target: ImportTarget> {
  var target: Target
  let request: WordImport
  let now: Date
  let newGuid: () -> String
  private var report: ImportReport
  /// Bookcases met so far, by the name as the file spells it, as indexes into `report.bookCases`.
  private var bookCaseIndexes: [String: Int] = [:]
  private var indexesByKey: [String: Int] = [:]

  init(target: Target, request: WordImport, now: Date, newGuid: @escaping () -> String) {
    self.target = target
    self.request = request
    self.now = now.storedPrecision
    self.newGuid = newGuid
    report = ImportReport(dryRun: request.dryRun)
  }

  /// Imports every word the request hands out and says what happened; the caller commits or rolls back.
  mutating func run() throws -> ImportReport {
    var count = 0
    while let word = try request.next() {
      try importWord(word)
      count += 1
      if count % request.progressInterval == 0 { request.progress(count) }
    }
    report.read = count
    return report
  }

  private mutating func importWord(_ word: ImportedWord) throws {
    let draft: WordDraft
    let guid: String?
    let reviews: ReviewHistory?
    do {
      draft = try StorageRules.validated(word.draft)
      guid = try word.guid.map(StorageRules.validatedGuid)
      reviews = try word.reviews.map(StorageRules.validated)
    } catch {
      throw ImportRowError(line: word.line, error: error)
    }
    let index = try bookCaseIndex(for: word.bookCase, line: word.line)
    let bookCaseID = report.bookCases[index].id
    let sameGuid = try guid.flatMap { try target.word(guid: $0) }
    let match: Word?
    if let sameGuid {
      match = sameGuid
    } else {
      match = try target.word(
        in: bookCaseID, termKey: StorageRules.termKey(draft.term), readingKey: StorageRules.termKey(draft.reading))
    }
    switch (match, request.onDuplicate) {
    case (nil, _), (_?, .keepBoth):
      // A guid already taken stays with the word that has it; the new word gets its own.
      let createdAt = word.createdAt?.storedPrecision ?? now
      let id = try target.insertWord(
        draft, into: bookCaseID, guid: sameGuid == nil ? guid ?? newGuid() : newGuid(), createdAt: createdAt,
        updatedAt: word.updatedAt?.storedPrecision ?? createdAt)
      if let reviews { try target.replaceReviews(of: id, with: reviews) }
      report.bookCases[index].added += 1
    case (_?, .skip):
      if sameGuid != nil {
        report.bookCases[index].skippedSameGuid += 1
      } else {
        report.bookCases[index].skippedSameTerm += 1
      }
    case (let match?, .update):
      // A file without review data leaves the word's card and log alone.
      let fieldsChange = !match.matches(draft)
      let reviewsChange = try reviews.map { !(try target.reviews(of: match.id)).isSame(as: $0) } ?? false
      if fieldsChange {
        try target.updateWord(match.id, draft, updatedAt: word.updatedAt?.storedPrecision ?? now)
      }
      if reviewsChange, let reviews { try target.replaceReviews(of: match.id, with: reviews) }
      if fieldsChange || reviewsChange {
        report.bookCases[index].updated += 1
      } else {
        report.bookCases[index].unchanged += 1
      }
    }
  }

  /// The report entry of the word's bookcase, found by name (any spelling of it) or created.
  private mutating func bookCaseIndex(for bookCase: ImportedBookCase, line: Int) throws -> Int {
    if let index = bookCaseIndexes[bookCase.name] { return index }
    let draft: BookCaseDraft
    do {
      draft = try StorageRules.validated(BookCaseDraft(name: bookCase.name, description: bookCase.description))
    } catch {
      throw ImportRowError(line: line, error: error)
    }
    let key = StorageRules.nameKey(draft.name)
    let index: Int
    if let known = indexesByKey[key] {
      index = known
    } else if let existing = try target.bookCase(nameKey: key) {
      index = report.bookCases.count
      report.bookCases.append(.init(name: existing.name, id: existing.id, created: false))
    } else {
      let createdAt = bookCase.createdAt?.storedPrecision ?? now
      let id = try target.createBookCase(
        draft, nameKey: key, createdAt: createdAt, updatedAt: bookCase.updatedAt?.storedPrecision ?? createdAt)
      index = report.bookCases.count
      report.bookCases.append(.init(name: draft.name, id: id, created: true))
    }
    indexesByKey[key] = index
    bookCaseIndexes[bookCase.name] = index
    return index
  }
}
