import Foundation

extension MigrationDataStep {
  /// The search index migration: every existing word's search keys, folded as `addWord` and `updateWord`
  /// fold a new word's, so a word added before search existed is found like a new one.
  static let indexWordsForSearch = MigrationDataStep { db, _ in
    let words = try db.rows("SELECT id, term, reading, meaning, example, note FROM words") { row in
      (id: row.int64(0), keys: WordSearchKeys(
        term: row.text(1), reading: row.text(2), meaning: row.text(3), example: row.text(4), note: row.text(5)))
    }
    for word in words { try db.indexForSearch(word.id, word.keys) }
    return []
  }
}
