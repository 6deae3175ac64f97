import Foundation

/// The words table with its tags, as the live client reads and writes them. Every function runs inside the
/// caller's transaction.
extension Connection {
  static let wordColumns = "id, bookcase_id, term, reading, meaning, example, note, guid, created_at, updated_at"

  func word(id: Word.ID) throws -> Word {
    guard
      var found = try row("SELECT \(Self.wordColumns) FROM words WHERE id = ?", [.integer(id)], Word.init(row:))
    else { throw StorageError.wordNotFound(id: id) }
    found.tags = try rows(
      "SELECT t.name FROM word_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.word_id = ? ORDER BY t.key",
      [.integer(id)]) { $0.text(0) }
    return found
  }

  /// Words selected by `condition` (SQL over `words`, its values in `values`), in `order`, with their tags.
  func words(where condition: String, _ values: [SQLiteValue], order: WordListing.Order) throws -> [Word] {
    let orderBy =
      switch order {
      case .added: "id"
      case .term: "term_key, id"
      case .updated: "updated_at, id"
      }
    var words = try rows(
      "SELECT \(Self.wordColumns) FROM words WHERE \(condition) ORDER BY \(orderBy)", values, Word.init(row:))
    guard !words.isEmpty else { return words }
    // One query for every tag of these words, instead of one per word.
    var tags: [Word.ID: [String]] = [:]
    _ = try rows(
      """
      SELECT wt.word_id, t.name FROM word_tags wt JOIN tags t ON t.id = wt.tag_id
      WHERE wt.word_id IN (SELECT id FROM words WHERE \(condition)) ORDER BY t.key
      """, values
    ) { tags[$0.int64(0), default: []].append($0.text(1)) }
    for index in words.indices { words[index].tags = tags[words[index].id] ?? [] }
    return words
  }

  /// Writes a new word (validated) with its tags and returns its id: the one place a word is inserted, by
  /// `addWord` and by imports alike (its statement is prepared once and reused for every row), so whatever is
  /// kept beside a word's fields is kept for every word.
  func insertWord(
    _ draft: WordDraft, into bookCaseID: BookCase.ID, guid: String, createdAt: Int64, updatedAt: Int64
  ) throws -> Word.ID {
    try run(
      """
      INSERT INTO words
        (bookcase_id, term, term_key, reading, meaning, example, note, guid, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [.integer(bookCaseID), .text(draft.term), .text(StorageRules.termKey(draft.term)), .text(draft.reading),
       .text(draft.meaning), .text(draft.example), .text(draft.note), .text(guid), .integer(createdAt),
       .integer(updatedAt)])
    let id = lastInsertRowID
    try indexForSearch(id, WordSearchKeys(draft))
    try setTags(draft.tags, of: id, isNew: true)
    return id
  }

  /// Replaces a word's fields and tags with the draft's (validated): the one place a word's fields are
  /// rewritten, by `updateWord` and by imports.
  func updateWordFields(_ id: Word.ID, _ draft: WordDraft, updatedAt: Int64) throws {
    try run(
      """
      UPDATE words SET term = ?, term_key = ?, reading = ?, meaning = ?, example = ?, note = ?, updated_at = ?
      WHERE id = ?
      """,
      [.text(draft.term), .text(StorageRules.termKey(draft.term)), .text(draft.reading), .text(draft.meaning),
       .text(draft.example), .text(draft.note), .integer(updatedAt), .integer(id)])
    try indexForSearch(id, WordSearchKeys(draft))
    try setTags(draft.tags, of: id)
  }

  /// Gives the word exactly these tags (validated, unique by key): the ones it loses go (a tag no word has any
  /// more is forgotten by a trigger), new ones are added, each under the spelling first written for its key.
  /// A word just inserted has none yet, so `isNew` spares looking.
  func setTags(_ tags: [String], of wordID: Word.ID, isNew: Bool = false) throws {
    if isNew, tags.isEmpty { return }
    let wanted = Dictionary(tags.map { (StorageRules.tagKey($0), $0) }) { first, _ in first }
    let current = isNew ? [] : try rows(
      "SELECT t.key, t.id FROM word_tags wt JOIN tags t ON t.id = wt.tag_id WHERE wt.word_id = ?",
      [.integer(wordID)]) { ($0.text(0), $0.int64(1)) }
    for (key, tagID) in current where wanted[key] == nil {
      try run("DELETE FROM word_tags WHERE word_id = ? AND tag_id = ?", [.integer(wordID), .integer(tagID)])
    }
    let kept = Set(current.map(\.0))
    for (key, name) in wanted where !kept.contains(key) {
      try run("INSERT INTO tags (name, key) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [.text(name), .text(key)])
      try run(
        "INSERT INTO word_tags (word_id, tag_id) SELECT ?, id FROM tags WHERE key = ?",
        [.integer(wordID), .text(key)])
    }
  }
}

extension Word {
  /// A row of `Connection.wordColumns`, without its tags.
  init(row: Statement) {
    self.init(
      id: row.int64(0), bookCaseID: row.int64(1), term: row.text(2), reading: row.text(3), meaning: row.text(4),
      example: row.text(5), note: row.text(6), guid: row.text(7),
      createdAt: Date(unixMilliseconds: row.int64(8)), updatedAt: Date(unixMilliseconds: row.int64(9)))
  }
}
