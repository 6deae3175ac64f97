import Storage

extension BookCase {
  /// The order storage lists bookcases in (`StorageRules.listsBefore`), so a bookcase inserted without a
  /// reload lands where a reload would put it.
  static func listOrder(_ lhs: BookCase, _ rhs: BookCase) -> Bool { StorageRules.listsBefore(lhs, rhs) }
}
