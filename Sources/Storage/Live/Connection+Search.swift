import Foundation

/// The search index as the live client writes and reads it: `word_search` holds each word's folded keys (written
/// here, beside every write of the word's text, in the caller's transaction), and triggers keep the trigram
/// index `word_search_trigrams` in step with it. Deleting a word, or its bookcase, cascades to its row.
extension Connection {
  /// Writes the word's search keys, computed from its stored (validated) fields; inside `withSearchKeysStaged`,
  /// to the staging table that writes them all at its end.
  func indexForSearch(_ wordID: Word.ID, _ keys: WordSearchKeys) throws {
    let fields: [SearchField] = [.term, .reading, .meaning, .example, .note]
    let values: [SQLiteValue] =
      [.integer(wordID)] + fields.map { .text(keys.folded[$0]) } + fields.map { .text(keys.initials[$0]) }
    if searchKeysStaged {
      // A word imported and then updated by a later row keeps the keys of its last write, as in `word_search`.
      try run("INSERT OR REPLACE INTO temp.staged_search_keys VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
      return
    }
    try run(Self.searchKeysUpsertRow, values)
  }

  // An upsert rather than REPLACE: REPLACE deletes without firing the delete trigger the trigram index needs.
  private static let searchKeysUpsert = """
    INSERT INTO word_search (word_id, term, reading, meaning, example, note,
      term_initials, reading_initials, meaning_initials, example_initials, note_initials)
    """
  private static let searchKeysUpsertRow =
    "\(searchKeysUpsert) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \(searchKeysConflict)"
  private static let searchKeysConflict = """
    ON CONFLICT (word_id) DO UPDATE SET term = excluded.term, reading = excluded.reading,
      meaning = excluded.meaning, example = excluded.example, note = excluded.note,
      term_initials = excluded.term_initials, reading_initials = excluded.reading_initials,
      meaning_initials = excluded.meaning_initials, example_initials = excluded.example_initials,
      note_initials = excluded.note_initials
    """

  /// Runs `body` (a bulk import, inside the caller's transaction) with the search keys it writes held in a
  /// temporary table, and writes them to `word_search` with one statement when it returns. Why: once the
  /// trigram index has joined a transaction, SQLite opens a savepoint on it for every later statement that
  /// writes through triggers, and FTS5 writes its pending terms to disk at each savepoint, so a row-by-row
  /// import wrote the index as one small segment per word and merged them again (half of its instructions).
  /// The rows written are the same; only when they reach the index differs.
  func withSearchKeysStaged<T>(_ body: () throws -> T) throws -> T {
    try execute(
      """
      CREATE TEMP TABLE staged_search_keys (word_id INTEGER PRIMARY KEY, term TEXT, reading TEXT, meaning TEXT,
        example TEXT, note TEXT, term_initials TEXT, reading_initials TEXT, meaning_initials TEXT,
        example_initials TEXT, note_initials TEXT)
      """)
    searchKeysStaged = true
    defer {
      searchKeysStaged = false
      try? execute("DROP TABLE IF EXISTS temp.staged_search_keys")
    }
    let result = try body()
    // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
    try execute("\(Self.searchKeysUpsert) SELECT * FROM temp.staged_search_keys WHERE true \(Self.searchKeysConflict)")
    return result
  }

  /// The ids of the words `search` finds, best first (see `SearchPlan.rank`), then in bookcase list order and
  /// by id. A key of three or more characters is looked up in the trigram index, a shorter one by scanning the
  /// keys; either way `instr` decides, so both paths find exactly what `SearchPlan.rank` would.
  func searchWordIDs(_ search: WordSearch, plan: SearchPlan, tagKey: String?) throws -> [Word.ID] {
    let column = { (field: SearchField) in plan.query.usesInitials ? "s.\(field.rawValue)_initials" : "s.\(field.rawValue)" }
    let found = plan.fields.map { field in
      (field, plan.query.match == .prefix ? "instr(\(column(field)), ?1) = 1" : "instr(\(column(field)), ?1) > 0")
    }
    let inTermOrReading = found.filter { [.term, .reading].contains($0.0) }.map(\.1)
    var ranks: [String] = []
    if plan.fields.contains(.term) {
      ranks += ["WHEN \(column(.term)) = ?1 THEN 0", "WHEN instr(\(column(.term)), ?1) = 1 THEN 1"]
    }
    if !inTermOrReading.isEmpty {
      ranks.append("WHEN \(inTermOrReading.joined(separator: " OR ")) THEN 2")
    }
    // Without a term or reading searched, every match ranks alike.
    let rank = ranks.isEmpty ? "" : "CASE \(ranks.joined(separator: " ")) ELSE 3 END, "

    // ?1 is the key; every other value is bound at the number it is given when it is appended.
    var values: [SQLiteValue] = [.text(plan.query.key)]
    func parameter(_ value: SQLiteValue) -> String {
      values.append(value)
      return "?\(values.count)"
    }
    var conditions = ["(\(found.map(\.1).joined(separator: " OR ")))"]
    var source = "word_search s"
    if plan.query.match == .substring, plan.query.key.unicodeScalars.count >= 3 {
      source = "word_search_trigrams f JOIN word_search s ON s.word_id = f.rowid"
      // One phrase, quoted, so the query is never read as FTS5 syntax (AND, NEAR, *, parentheses).
      let phrase = "\"" + plan.query.key.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      let names = plan.fields.map { column($0).dropFirst(2) }.joined(separator: " ")
      conditions.insert("word_search_trigrams MATCH \(parameter(.text("{\(names)} : \(phrase)")))", at: 0)
    }
    if let bookCaseID = search.bookCaseID {
      conditions.append("w.bookcase_id = \(parameter(.integer(bookCaseID)))")
    }
    if let tagKey {
      conditions.append(
        "w.id IN (SELECT wt.word_id FROM word_tags wt JOIN tags t ON t.id = wt.tag_id WHERE t.key = \(parameter(.text(tagKey))))")
    }
    // A negative LIMIT is no limit.
    let limit = parameter(.integer(search.limit.map { Int64(max(0, $0)) } ?? -1))
    return try rows(
      """
      SELECT w.id FROM \(source) JOIN words w ON w.id = s.word_id JOIN bookcases b ON b.id = w.bookcase_id
      WHERE \(conditions.joined(separator: " AND "))
      ORDER BY \(rank)b.sort_key, b.name, b.id, w.id LIMIT \(limit)
      """, values
    ) { $0.int64(0) }
  }
}
