import Foundation

/// One word to import, with the bookcase it goes to (created when no bookcase has that name) and, where the
/// file carries them, its guid and dates. Validated by the storage rules like any word.
public struct ImportedWord: Equatable, Sendable {
  public var bookCase: ImportedBookCase
  public var draft: WordDraft
  /// The word's identity in the file (vocab's or Anki's guid); a new word gets a random one when nil.
  public var guid: String?
  /// Kept as given (a JSON export moves words losslessly); the import's time when nil.
  public var createdAt: Date?
  public var updatedAt: Date?
  /// The card and review log the file gives the word (a JSON export); a new card when nil.
  public var reviews: ReviewHistory?
  /// Where the word starts in the file (1-based), named by the error when it breaks a rule.
  public var line: Int

  public init(
    bookCase: ImportedBookCase, draft: WordDraft, guid: String? = nil, createdAt: Date? = nil,
    updatedAt: Date? = nil, reviews: ReviewHistory? = nil, line: Int
  ) {
    self.bookCase = bookCase
    self.draft = draft
    self.guid = guid
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.reviews = reviews
    self.line = line
  }
}

/// The bookcase an imported word goes to, by name. Its description and dates are used only when the import
/// creates it.
public struct ImportedBookCase: Equatable, Hashable, Sendable {
  public var name: String
  public var description: String
  public var createdAt: Date?
  public var updatedAt: Date?

  public init(name: String, description: String = "", createdAt: Date? = nil, updatedAt: Date? = nil) {
    self.name = name
    self.description = description
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// What an import does with a word that is already there: one with the same guid anywhere, else one with the
/// same folded term and reading in the same bookcase.
public enum DuplicatePolicy: String, Equatable, Sendable, CaseIterable {
  /// Leave the existing word as it is, with its card and review log.
  case skip
  /// Overwrite the existing word's fields and tags (it stays in its bookcase), and its card and review log with
  /// the file's when the file gives them.
  case update
  /// Add the word anyway (with a new guid when its own is taken), with the card and log the file gives it.
  case keepBoth = "keep-both"
}

/// A request to import words in one transaction: all of them or, on the first error, none.
public struct WordImport: Sendable {
  public var onDuplicate: DuplicatePolicy
  /// Do everything, count it, and roll it back.
  public var dryRun: Bool
  /// The next word, nil at the end. Called on the storage client's own thread, one word at a time, so a file
  /// of any size is never held whole. What it throws rolls the import back and is rethrown as it is.
  public var next: @Sendable () throws -> ImportedWord?
  /// Told how many words have been read, every `progressInterval` words.
  public var progress: @Sendable (Int) -> Void
  public var progressInterval: Int
  /// Asked once every word is in, just before committing: when it says yes, the import is rolled back and ends
  /// with `CancellationError`, as when `next` throws it. The words may all have been read when Ctrl-C comes.
  public var isStopped: @Sendable () -> Bool

  public init(
    onDuplicate: DuplicatePolicy = .skip, dryRun: Bool = false, progressInterval: Int = 10_000,
    progress: @escaping @Sendable (Int) -> Void = { _ in }, isStopped: @escaping @Sendable () -> Bool = { false },
    next: @escaping @Sendable () throws -> ImportedWord?
  ) {
    self.onDuplicate = onDuplicate
    self.dryRun = dryRun
    self.next = next
    self.progress = progress
    self.progressInterval = max(1, progressInterval)
    self.isStopped = isStopped
  }
}

/// What an import did (or, in a dry run, would do), per bookcase in the order the file first names them.
public struct ImportReport: Equatable, Sendable {
  public struct BookCaseCounts: Equatable, Sendable {
    public var name: String
    /// The bookcase's id; in a dry run, the id it would have had when the import creates it.
    public var id: BookCase.ID
    /// Whether the import created the bookcase.
    public var created: Bool
    public var added = 0
    public var updated = 0
    /// Skipped: a word with the same guid is there.
    public var skippedSameGuid = 0
    /// Skipped: a word with the same term and reading is in the bookcase.
    public var skippedSameTerm = 0
    /// Matched with `update`, but every field and tag (and the card and log, when the file gives them) was
    /// already the same.
    public var unchanged = 0

    public init(
      name: String, id: BookCase.ID, created: Bool, added: Int = 0, updated: Int = 0, skippedSameGuid: Int = 0,
      skippedSameTerm: Int = 0, unchanged: Int = 0
    ) {
      self.name = name
      self.id = id
      self.created = created
      self.added = added
      self.updated = updated
      self.skippedSameGuid = skippedSameGuid
      self.skippedSameTerm = skippedSameTerm
      self.unchanged = unchanged
    }

    /// Every word that left the bookcase as it was.
    public var skipped: Int { skippedSameGuid + skippedSameTerm + unchanged }
  }

  public var bookCases: [BookCaseCounts]
  /// How many words the import read.
  public var read: Int
  public var dryRun: Bool

  public init(bookCases: [BookCaseCounts] = [], read: Int = 0, dryRun: Bool = false) {
    self.bookCases = bookCases
    self.read = read
    self.dryRun = dryRun
  }

  public var added: Int { bookCases.reduce(0) { $0 + $1.added } }
  public var updated: Int { bookCases.reduce(0) { $0 + $1.updated } }
  public var skipped: Int { bookCases.reduce(0) { $0 + $1.skipped } }
}

/// An imported word that breaks a storage rule, with the line of the file it came from.
public struct ImportRowError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var error: StorageError

  public init(line: Int, error: StorageError) {
    self.line = line
    self.error = error
  }

  public var description: String { "line \(line): \(error)" }
}

/// What an export hands out: a bookcase, then each of its words (with its card and review log when asked for).
public enum ExportItem: Equatable, Sendable {
  case bookCase(BookCase)
  case word(Word, reviews: ReviewHistory? = nil)
}
