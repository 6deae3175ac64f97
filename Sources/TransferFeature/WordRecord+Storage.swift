import Storage
import WordFormats

import Foundation

extension WordRecord {
  /// A stored word as a file carries it: its bookcase as the deck, its guid.
  init(_ word: Word, in bookCase: String) {
    self.init(
      term: word.term, meaning: word.meaning, reading: word.reading, example: word.example, note: word.note,
      tags: word.tags, guid: word.guid, deck: bookCase)
  }
}

extension ImportedWord {
  /// A word read from a file, going to `into` when given, else to the bookcase the file names for it (Anki's
  /// `A::B` is one bookcase of that name); neither is a `FormatError` at its line. `details` gives what the
  /// file says of a bookcase beside its name, `reviews` the card and log it gives the word.
  init(
    _ record: WordRecord, into: String?, details: (String) -> ImportedBookCase? = { _ in nil },
    reviews: ReviewHistory? = nil
  ) throws(FormatError) {
    guard let bookCase = into ?? record.deck else {
      throw FormatError(line: record.line, "the file names no deck or bookcase for this word; choose one with --into")
    }
    self.init(
      bookCase: details(bookCase) ?? ImportedBookCase(name: bookCase),
      draft: WordDraft(
        term: record.term, reading: record.reading, meaning: record.meaning, example: record.example,
        note: record.note, tags: record.tags),
      guid: record.guid, createdAt: record.createdAtMilliseconds.map(Date.init(unixMilliseconds:)),
      updatedAt: record.updatedAtMilliseconds.map(Date.init(unixMilliseconds:)), reviews: reviews, line: record.line)
  }
}
