import Foundation

/// A word book ("JLPT N3", "TOEFL", "토픽 중급"). Read for listing, it carries how many words it holds.
public struct BookCase: Equatable, Hashable, Sendable, Codable, Identifiable {
  public typealias ID = Int64

  public let id: ID
  public var name: String
  public var description: String
  public var wordCount: Int
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: ID, name: String, description: String = "", wordCount: Int = 0,
    createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.name = name
    self.description = description
    self.wordCount = wordCount
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// One entry of a bookcase.
public struct Word: Equatable, Hashable, Sendable, Codable, Identifiable {
  public typealias ID = Int64

  public let id: ID
  public var bookCaseID: BookCase.ID
  public var term: String
  /// How the term is read or pronounced (furigana, pinyin, romanisation); empty when not given.
  public var reading: String
  public var meaning: String
  public var example: String
  public var note: String
  /// Sorted by their folded key (`StorageRules.tagKey`), each as it was first written.
  public var tags: [String]
  /// A stable identity that survives export and re-import (an Anki note's guid); never reused.
  public var guid: String
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: ID, bookCaseID: BookCase.ID, term: String, reading: String = "", meaning: String,
    example: String = "", note: String = "", tags: [String] = [], guid: String = "", createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.bookCaseID = bookCaseID
    self.term = term
    self.reading = reading
    self.meaning = meaning
    self.example = example
    self.note = note
    self.tags = tags
    self.guid = guid
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// A tag with the number of words that have it.
public struct TagCount: Equatable, Hashable, Sendable, Codable {
  public var name: String
  public var wordCount: Int

  public init(name: String, wordCount: Int) {
    self.name = name
    self.wordCount = wordCount
  }
}

/// Which words of a bookcase to list, and in what order.
public struct WordListing: Equatable, Hashable, Sendable, Codable {
  public enum Order: String, Equatable, Hashable, Sendable, Codable, CaseIterable {
    /// Oldest first (by id).
    case added
    /// By the term's folded key, in code-point order, then id.
    case term
    /// Least recently changed first, then id.
    case updated
  }

  /// Only the words with this tag (compared by its folded key); all words when nil.
  public var tag: String?
  public var order: Order

  public init(tag: String? = nil, order: Order = .added) {
    self.tag = tag
    self.order = order
  }

  public static let all = WordListing()
}

/// What a person types to create or rename a bookcase, before the storage rules are applied.
public struct BookCaseDraft: Equatable, Hashable, Sendable, Codable {
  public var name: String
  public var description: String

  public init(name: String, description: String = "") {
    self.name = name
    self.description = description
  }
}

/// What a person types to add or edit a word, before the storage rules are applied.
public struct WordDraft: Equatable, Hashable, Sendable, Codable {
  public var term: String
  public var reading: String
  public var meaning: String
  public var example: String
  public var note: String
  public var tags: [String]

  public init(
    term: String, reading: String = "", meaning: String, example: String = "", note: String = "",
    tags: [String] = []
  ) {
    self.term = term
    self.reading = reading
    self.meaning = meaning
    self.example = example
    self.note = note
    self.tags = tags
  }
}

extension WordListing.Order {
  /// The order as a comparison, for clients that sort in memory; the SQLite client sorts the same way.
  public func areInIncreasingOrder(_ lhs: Word, _ rhs: Word) -> Bool {
    switch self {
    case .added:
      return lhs.id < rhs.id
    case .term:
      let (left, right) = (StorageRules.termKey(lhs.term), StorageRules.termKey(rhs.term))
      return left == right ? lhs.id < rhs.id : left.utf8.lexicographicallyPrecedes(right.utf8)
    case .updated:
      return lhs.updatedAt == rhs.updatedAt ? lhs.id < rhs.id : lhs.updatedAt < rhs.updatedAt
    }
  }
}

extension Word {
  /// Whether storing `draft` (validated) would change nothing of this word: a tag spelled differently but
  /// with the same key is the same tag.
  public func matches(_ draft: WordDraft) -> Bool {
    term == draft.term && reading == draft.reading && meaning == draft.meaning && example == draft.example
      && note == draft.note && tags.map(StorageRules.tagKey) == draft.tags.map(StorageRules.tagKey)
  }
}
