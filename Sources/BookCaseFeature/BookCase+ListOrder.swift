import Storage

extension BookCase {
  /// The order storage lists bookcases in: by `StorageRules.nameKey` (which ignores case), keys compared byte
  /// by byte as SQLite compares them, then by id. A bookcase inserted without a reload lands where a reload
  /// would put it.
  static func listOrder(_ lhs: BookCase, _ rhs: BookCase) -> Bool {
    let (lhsKey, rhsKey) = (StorageRules.nameKey(lhs.name), StorageRules.nameKey(rhs.name))
    return lhsKey == rhsKey ? lhs.id < rhs.id : lhsKey.utf8.lexicographicallyPrecedes(rhsKey.utf8)
  }
}
