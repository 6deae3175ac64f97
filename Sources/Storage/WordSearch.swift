import Foundation
import SearchKeys

/// The fields of a word that search looks in.
public enum SearchField: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
  case term, reading, meaning, example, note
  /// Every one of the above.
  case any

  /// The fields this choice stands for, in the order of the word.
  public var fields: [SearchField] { self == .any ? [.term, .reading, .meaning, .example, .note] : [self] }
}

/// What to search for and where. The text is data: quotes, `*`, `NEAR`, `AND` are searched for as written.
public struct WordSearch: Equatable, Hashable, Sendable, Codable {
  public var text: String
  /// Only the words of this bookcase; every bookcase when nil.
  public var bookCaseID: BookCase.ID?
  /// Only the words with this tag (compared by its folded key); all words when nil.
  public var tag: String?
  public var field: SearchField
  /// At most this many words, the best first; all when nil.
  public var limit: Int?

  public init(
    _ text: String, bookCaseID: BookCase.ID? = nil, tag: String? = nil, field: SearchField = .any, limit: Int? = nil
  ) {
    self.text = text
    self.bookCaseID = bookCaseID
    self.tag = tag
    self.field = field
    self.limit = limit
  }
}

/// A word's searchable fields as search compares them: each folded (`SearchKey.fold`) and its Hangul initials
/// (`SearchKey.initials`). The SQLite client stores these beside every word; the in-memory client computes them.
struct WordSearchKeys: Equatable, Sendable {
  var folded: FieldKeys
  var initials: FieldKeys

  init(_ word: Word) {
    self.init(term: word.term, reading: word.reading, meaning: word.meaning, example: word.example, note: word.note)
  }

  init(_ draft: WordDraft) {
    self.init(term: draft.term, reading: draft.reading, meaning: draft.meaning, example: draft.example, note: draft.note)
  }

  init(term: String, reading: String, meaning: String, example: String, note: String) {
    let texts = FieldKeys(term: term, reading: reading, meaning: meaning, example: example, note: note)
    folded = texts.map(SearchKey.fold)
    initials = texts.map(SearchKey.initials)
  }
}

/// A text for each searchable field. A struct, not a dictionary: an import asks it for ten keys per word.
struct FieldKeys: Equatable, Sendable {
  var term, reading, meaning, example, note: String

  subscript(field: SearchField) -> String {
    switch field {
    case .term: term
    case .reading: reading
    case .meaning: meaning
    case .example: example
    case .note: note
    case .any: preconditionFailure("`any` chooses fields; it is not one")
    }
  }

  func map(_ transform: (String) -> String) -> FieldKeys {
    FieldKeys(
      term: transform(term), reading: transform(reading), meaning: transform(meaning), example: transform(example),
      note: transform(note))
  }
}

/// A search's query (`SearchQuery`: its key, and how it matches) and the fields it looks in.
struct SearchPlan: Equatable, Sendable {
  let query: SearchQuery
  let fields: [SearchField]

  init(_ search: WordSearch) {
    query = SearchQuery(search.text)
    fields = search.field.fields
  }

  /// A query that folds to nothing (say, a lone combining accent) finds nothing.
  var findsNothing: Bool { query.key.isEmpty }

  /// Where a word with these keys ranks (lower first), or nil when it does not match: 0 its term is the
  /// query, 1 its term starts with it, 2 it is elsewhere in the term or in the reading, 3 only in the meaning,
  /// example or note. Only the searched fields count. Keys are compared as bytes, as SQLite compares them.
  func rank(_ keys: WordSearchKeys) -> Int? {
    let keysByField = query.usesInitials ? keys.initials : keys.folded
    let needle = Array(query.key.utf8)
    func found(_ field: SearchField) -> Bool {
      fields.contains(field) && query.matches(fieldKey: keysByField[field])
    }
    if fields.contains(.term) {
      if Array(keysByField.term.utf8) == needle { return 0 }
      if Array(keysByField.term.utf8).starts(with: needle) { return 1 }
    }
    if found(.term) || found(.reading) { return 2 }
    if found(.meaning) || found(.example) || found(.note) { return 3 }
    return nil
  }
}
