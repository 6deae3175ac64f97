/// One word as it travels through a file: the fields a learner writes, plus what Anki's format carries beside them.
/// Independent of Storage, so the formats can be read and written without a database.
public struct WordRecord: Equatable, Sendable {
  public var term: String
  public var meaning: String
  public var reading: String
  public var example: String
  public var note: String
  public var tags: [String]
  /// Anki's note guid, carried so a second export updates notes instead of duplicating them.
  public var guid: String?
  /// The Anki deck or vocab bookcase the row names, if the file names one.
  public var deck: String?
  /// The Anki note type the row names, if the file names one.
  public var notetype: String?
  /// The line of the file where the row starts (1-based), for error messages. 0 for words not read from a file.
  public var line: Int
  /// When the word was created and last changed, in Unix milliseconds, where the file keeps them.
  public var createdAtMilliseconds: Int64? = nil
  public var updatedAtMilliseconds: Int64? = nil

  public init(
    term: String, meaning: String, reading: String = "", example: String = "", note: String = "",
    tags: [String] = [], guid: String? = nil, deck: String? = nil, notetype: String? = nil, line: Int = 0
  ) {
    self.term = term
    self.meaning = meaning
    self.reading = reading
    self.example = example
    self.note = note
    self.tags = tags
    self.guid = guid
    self.deck = deck
    self.notetype = notetype
    self.line = line
  }

  public subscript(field: WordField) -> String {
    get {
      switch field {
      case .term: term
      case .meaning: meaning
      case .reading: reading
      case .example: example
      case .note: note
      }
    }
    set {
      switch field {
      case .term: term = newValue
      case .meaning: meaning = newValue
      case .reading: reading = newValue
      case .example: example = newValue
      case .note: note = newValue
      }
    }
  }
}

/// The text fields of a word, in the order columns take them when a file does not name its columns.
public enum WordField: String, CaseIterable, Sendable {
  case term, meaning, reading, example, note
}
