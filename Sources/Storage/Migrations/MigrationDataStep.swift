import Foundation

/// Work a migration needs that SQL cannot do, such as folding text the way Swift folds it. It runs in the
/// migration's own transaction right after the migration's SQL, so the `.sql` file stays the one source of
/// the schema and a failing step rolls back the whole migration. Like its file, a released step is never
/// changed: databases already migrated would not run it again.
struct MigrationDataStep: Sendable {
  /// Changes rows of `db` and returns one sentence for each change a person should hear about (for the
  /// migration report: what was renamed, say), or none.
  let run: @Sendable (_ db: Connection, _ now: Date) throws -> [String]

  /// The steps of the migrations built into this program, by migration version.
  static let embedded: [Int: MigrationDataStep] = [3: .rekeyBookCaseNames, 4: .keyWordTerms, 8: .indexWordsForSearch]
}
