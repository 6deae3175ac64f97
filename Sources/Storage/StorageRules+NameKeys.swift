import Foundation

/// The keys bookcase names are compared and ordered by. Both are computed when a name is written and stored
/// beside it (`name_key`, `sort_key`), so listing never folds anything. A pure-ASCII name, the usual case on a
/// command line, is folded without Foundation's ICU-backed calls, which cost milliseconds at their first use
/// in a process: looking it up costs no more than the query.
extension StorageRules {
  /// The key bookcase names are unique by, so that names which look alike are one name:
  /// - compatibility forms are folded (NFKC): full-width `ＪＬＰＴ` is `JLPT`, and a no-break or ideographic
  ///   space is a space;
  /// - case is folded the Unicode way: `Ä` is `ä`, `STRASSE` is `straße`;
  /// - invisible characters that join or separate nothing are removed: zero-width space (U+200B), word joiner
  ///   (U+2060) and zero-width no-break space / byte order mark (U+FEFF). Zero-width joiner and non-joiner
  ///   (U+200D, U+200C) are kept between two non-ASCII characters, where they change what is shown (an emoji
  ///   family against three people, a Persian word's joining, an Indic conjunct), and removed elsewhere;
  /// - every run of white space is one space.
  public static func nameKey(_ name: String) -> String {
    let line = normalizedLine(name)
    return isASCII(line) ? asciiNameKey(line) : foldedNameKey(line)
  }

  /// The key bookcases are listed by: the name key without diacritics (the marks that take no space of their
  /// own, after canonical decomposition), so `ángel` sorts with `angel` and `Öl` with `ol`. It is not unique:
  /// the list orders by it, then by the name, then by the id.
  public static func sortKey(nameKey key: String) -> String {
    isASCII(key) ? key : foldedSortKey(key)
  }

  /// `foldedNameKey` of an ASCII line, computed without Foundation: lowercased, every run of white space (tab to
  /// carriage return, space) one space, none at the ends. Byte by byte: every imported word needs two keys.
  static func asciiNameKey(_ line: String) -> String {
    var line = line
    return line.withUTF8 { utf8 in
      String(unsafeUninitializedCapacity: utf8.count) { key in
        var count = 0
        var pendingSpace = false
        for byte in utf8 {
          if byte == 0x20 || (0x09...0x0D).contains(byte) {
            pendingSpace = count > 0
            continue
          }
          if pendingSpace {
            key[count] = 0x20
            count += 1
          }
          pendingSpace = false
          key[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
          count += 1
        }
        return count
      }
    }
  }

  /// The name key of any line, through Foundation's ICU-backed normalisation and case folding. Folding case
  /// can leave text that is not in normal form (as Unicode's NFKC_Casefold notes), hence NFKC on both sides.
  static func foldedNameKey(_ line: String) -> String {
    let folded = line.precomposedStringWithCompatibilityMapping
      .folding(options: [.caseInsensitive], locale: nil)
      .precomposedStringWithCompatibilityMapping
    return collapsed(folded.unicodeScalars)
  }

  /// The sort key of any name key, through Foundation: an ASCII key has no diacritics, so is its own.
  static func foldedSortKey(_ key: String) -> String {
    let base = key.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
      $0.properties.generalCategory != .nonspacingMark
    }
    return String(String.UnicodeScalarView(base)).precomposedStringWithCanonicalMapping
  }

  /// Whether `lhs` is listed before `rhs`: the order both storage clients list bookcases in (keys and names
  /// compared byte by byte, as SQLite compares text), for code that keeps a list without reloading it.
  public static func listsBefore(_ lhs: BookCase, _ rhs: BookCase) -> Bool {
    let (lhsKey, rhsKey) = (sortKey(nameKey: nameKey(lhs.name)), sortKey(nameKey: nameKey(rhs.name)))
    // Bytes, not Swift's `==`, which would call canonically equivalent strings equal where SQLite does not.
    if !lhsKey.utf8.elementsEqual(rhsKey.utf8) { return lhsKey.utf8.lexicographicallyPrecedes(rhsKey.utf8) }
    if !lhs.name.utf8.elementsEqual(rhs.name.utf8) { return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8) }
    return lhs.id < rhs.id
  }

  /// The key to look up a bookcase by a name a person typed. A name no bookcase can have is refused as it
  /// would be on creation, which says more than "not found" about an invisible character.
  public static func lookupKey(_ name: String) throws(StorageError) -> String {
    try refuseControlCharacters(in: normalizedLine(name), .name)
    return nameKey(name)
  }

  /// Scanned in the string's own buffer: stepping `utf8` costs several times as much, and every imported word
  /// asks this of each field more than once.
  static func isASCII(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
  }

  /// `scalars` without the invisible characters `nameKey` removes, every run of white space one space, and
  /// nothing at either end.
  private static func collapsed(_ scalars: String.UnicodeScalarView) -> String {
    let scalars = Array(scalars)
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for (index, scalar) in scalars.enumerated() {
      if removedInvisibles.contains(scalar) { continue }
      if joiners.contains(scalar) {
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        guard let before, let after, joinsSomething(before), joinsSomething(after) else { continue }
      }
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace { result.append(" ") }
      pendingSpace = false
      result.append(scalar)
    }
    return String(result)
  }

  private static let removedInvisibles: Set<Unicode.Scalar> = ["\u{200B}", "\u{2060}", "\u{FEFF}"]
  private static let joiners: Set<Unicode.Scalar> = ["\u{200C}", "\u{200D}"]

  /// A neighbour a zero-width (non-)joiner can act on: outside ASCII, not white space, not itself invisible.
  private static func joinsSomething(_ scalar: Unicode.Scalar) -> Bool {
    !scalar.isASCII && !scalar.properties.isWhitespace && !removedInvisibles.contains(scalar)
  }
}
