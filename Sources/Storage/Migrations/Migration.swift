/// One schema step: a `migrations/NNNN_name.sql` file.
struct Migration: Equatable, Sendable {
  let version: Int
  let name: String
  let sql: String
  /// SHA-256 of the file's bytes, lowercase hex: what the history table records.
  let checksum: String
  /// What runs after the SQL in the same transaction, for the migrations built into this program.
  var dataStep: MigrationDataStep?

  /// Parses `NNNN_name.sql`: a positive version of digits, an underscore, a name.
  init(fileName: String, sql: String) throws(MigrationError) {
    try self.init(fileName: fileName, sql: sql, checksum: SHA256.hex(sql.utf8))
  }

  /// A migration whose checksum is already known: the embedded ones, checksummed when vocab was built, which
  /// spares hashing every migration on every start (MigratorTests compare them with `sha256sum`).
  private init(fileName: String, sql: String, checksum: String) throws(MigrationError) {
    func invalid(_ reason: String) -> MigrationError { .invalidMigrationFile(fileName: fileName, reason: reason) }
    guard fileName.hasSuffix(".sql") else { throw invalid("its name does not end in .sql") }
    let stem = fileName.dropLast(4)
    guard let underscore = stem.firstIndex(of: "_") else { throw invalid("its name is not NNNN_name.sql") }
    let digits = stem[..<underscore]
    let name = stem[stem.index(after: underscore)...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      let version = Int(digits), version > 0
    else { throw invalid("its name does not start with a version number above zero") }
    guard !name.isEmpty else { throw invalid("its name has nothing after the version") }
    self.version = version
    self.name = String(name)
    self.sql = sql
    self.checksum = checksum
  }

  var fileName: String { "\(version.paddedVersion)_\(name).sql" }
  var info: MigrationInfo { MigrationInfo(version: version, name: name, checksum: checksum) }

  /// The migrations built into this program from `migrations/`.
  static func embedded() throws(MigrationError) -> [Migration] {
    try ordered(embeddedMigrationFiles.map { file throws(MigrationError) in
      var migration = try Migration(fileName: file.fileName, sql: file.sql, checksum: file.sha256)
      migration.dataStep = MigrationDataStep.embedded[migration.version]
      return migration
    })
  }

  /// A migration is its file; the data step belongs to the version, not to what is compared.
  static func == (lhs: Migration, rhs: Migration) -> Bool {
    (lhs.version, lhs.name, lhs.sql, lhs.checksum) == (rhs.version, rhs.name, rhs.sql, rhs.checksum)
  }

  /// `migrations` sorted by version, refused unless the versions run 1, 2, 3, … without gaps or repeats.
  static func ordered(_ migrations: [Migration]) throws(MigrationError) -> [Migration] {
    let sorted = migrations.sorted { $0.version < $1.version }
    for (index, migration) in sorted.enumerated() where migration.version != index + 1 {
      throw .invalidMigrationFile(
        fileName: migration.fileName,
        reason: "the versions must run 1, 2, 3, … without gaps or repeats, and this one should be \(index + 1)")
    }
    return sorted
  }
}

extension Int {
  /// `1` → `0001`, as in the migration file names.
  var paddedVersion: String {
    let digits = String(self)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
  }
}
