/// Work a migration needs that SQL cannot do: keys computed with the same Swift folding the storage clients use
/// on every write (SQLite has no Unicode case folding or NFKC). A step runs inside the migration's transaction,
/// right after its file's statements, and says what it did that a person should know (a bookcase renamed to
/// keep names unique, say); `vocab migrate` and the notice other commands print repeat it.
///
/// Steps are found by the migration's name, so renumbering an unreleased file keeps its step. Like the file, a
/// released step is never changed: the history's checksum covers only the SQL.
struct MigrationDataStep: Sendable {
  let run: @Sendable (Connection) throws -> [String]

  static let byMigrationName: [String: MigrationDataStep] = [
    "word_readings_tags_and_guids": MigrationDataStep { db in
      // Every existing word's folded term, as addWord and updateWord compute it.
      let terms = try db.rows("SELECT id, term FROM words", []) { ($0.int64(0), $0.text(1)) }
      for (id, term) in terms {
        try db.run("UPDATE words SET term_key = ? WHERE id = ?", [.text(StorageRules.termKey(term)), .integer(id)])
      }
      return []
    }
  ]
}
