import WordFormats

/// Which note types of a package become words, and which of their fields go where.
struct ImportableNotetype {
  /// Anki's stock note types with a Front and a Back (`OriginalStockKind` 1…4 in Anki's protobufs).
  static let basicStockKinds: Set<Int> = [1, 2, 3, 4]
  /// The same by name, for packages from Anki versions that did not record the stock kind.
  static let basicNames: Set<String> = [
    "Basic", "Basic (and reversed card)", "Basic (optional reversed card)", "Basic (type in the answer)",
  ]

  /// The word field each note field fills, nil for a field that fills none; nil for a note type that is not
  /// imported (a cloze, image occlusion or any note type of the user's own).
  static func fieldMap(name: String, fieldNames: [String], isCloze: Bool, stockKind: Int) -> [WordField?]? {
    guard !isCloze, basicStockKinds.contains(stockKind) || basicNames.contains(name) || VocabNoteType.isNamed(name)
    else { return nil }
    return fieldMap(fieldNames)
  }

  /// Fields named Term, Reading, Meaning, Example, Note (or Front and Back, for term and meaning; any case) go
  /// by their names; otherwise the first field is the term and the second the meaning; the rest are dropped.
  static func fieldMap(_ fieldNames: [String]) -> [WordField?] {
    var map: [WordField?] = fieldNames.map { named($0) }
    var taken = Set(map.compactMap { $0 })
    for (index, field) in [WordField.term, .meaning].enumerated()
    where index < map.count && map[index] == nil && !taken.contains(field) {
      map[index] = field
      taken.insert(field)
    }
    // A field named twice fills it once: the first one wins.
    var seen = Set<WordField>()
    return map.map { field in
      guard let field, seen.insert(field).inserted else { return nil }
      return field
    }
  }

  private static func named(_ name: String) -> WordField? {
    switch name.lowercased() {
    case "front": .term
    case "back": .meaning
    default: WordField(rawValue: name.lowercased())
    }
  }
}
