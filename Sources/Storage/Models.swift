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
  public var meaning: String
  public var example: String
  public var note: String
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: ID, bookCaseID: BookCase.ID, term: String, meaning: String,
    example: String = "", note: String = "", createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.bookCaseID = bookCaseID
    self.term = term
    self.meaning = meaning
    self.example = example
    self.note = note
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
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
  public var meaning: String
  public var example: String
  public var note: String

  public init(term: String, meaning: String, example: String = "", note: String = "") {
    self.term = term
    self.meaning = meaning
    self.example = example
    self.note = note
  }
}
