import Foundation

extension MigrationDataStep {
  /// Migration 4: every existing word's `term_key`, folded as `addWord` and `updateWord` fold a new term, so a
  /// term added before it is found again (a duplicate) and sorted (`--sort term`) like a new one.
  static let keyWordTerms = MigrationDataStep { db, _ in
    let terms = try db.rows("SELECT id, term FROM words") { ($0.int64(0), $0.text(1)) }
    for (id, term) in terms {
      try db.run("UPDATE words SET term_key = ? WHERE id = ?", [.text(StorageRules.termKey(term)), .integer(id)])
    }
    return []
  }
}
