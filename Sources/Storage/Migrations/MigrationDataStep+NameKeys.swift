import Foundation

extension MigrationDataStep {
  /// Migration 3: recomputes every bookcase's `name_key` by the wider folding of `StorageRules.nameKey` and
  /// fills `sort_key`. Names that were distinct and now fold to one key all stay: the oldest (lowest id)
  /// keeps its name, each newer one becomes `NAME (2)`, or `(3)`, … when that is taken too, and is reported.
  static let rekeyBookCaseNames = MigrationDataStep { db, now in
    let rows = try db.rows("SELECT id, name FROM bookcases ORDER BY id") { (id: $0.int64(0), name: $0.text(1)) }
    let keys = rows.map { StorageRules.nameKey($0.name) }
    var taken = Set(keys)
    var owners: [String: (id: Int64, name: String)] = [:]
    var notes: [String] = []
    // A row's new key may be another row's old one: park every key on a value no name folds to (names hold
    // no control characters) so the unique index never sees two rows with one key along the way.
    try db.run("UPDATE bookcases SET name_key = char(1) || id")
    for (row, key) in zip(rows, keys) {
      guard let owner = owners[key] else {
        owners[key] = row
        try db.run(
          "UPDATE bookcases SET name_key = ?, sort_key = ? WHERE id = ?",
          [.text(key), .text(StorageRules.sortKey(nameKey: key)), .integer(row.id)])
        continue
      }
      let (name, newKey) = renamed(row.name, avoiding: taken)
      taken.insert(newKey)
      try db.run(
        "UPDATE bookcases SET name = ?, name_key = ?, sort_key = ?, updated_at = ? WHERE id = ?",
        [.text(name), .text(newKey), .text(StorageRules.sortKey(nameKey: newKey)), .integer(now.unixMilliseconds),
         .integer(row.id)])
      notes.append(
        "renamed bookcase \(row.id) “\(row.name)” to “\(name)”: "
          + "its name now counts as the same as bookcase \(owner.id) “\(owner.name)”")
    }
    return notes
  }

  /// `name` with the first free ` (2)`, ` (3)`, … appended (shortened to fit the name's length limit), and
  /// its key.
  private static func renamed(_ name: String, avoiding taken: Set<String>) -> (name: String, key: String) {
    var number = 2
    while true {
      let suffix = " (\(number))"
      let base = StorageRules.normalizedLine(String(name.prefix(StorageRules.maxNameLength - suffix.count)))
      let candidate = base + suffix
      let key = StorageRules.nameKey(candidate)
      if !taken.contains(key) { return (candidate, key) }
      number += 1
    }
  }
}
