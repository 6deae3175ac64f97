/// A query as search compares it: which key of a field it is compared with, and how. The storage clients match
/// through it and the command line emphasises matches through it, so both follow the same rules.
public struct SearchQuery: Equatable, Hashable, Sendable {
  public enum Match: Equatable, Hashable, Sendable {
    /// The key occurs anywhere in the field's key.
    case substring
    /// The field's key starts with it: a single Hangul initial consonant finds the fields starting with it.
    case prefix
  }

  /// The folded query (`SearchKey.fold`), or the query as typed when it is made of Hangul initial consonants.
  public let key: String
  /// Whether `key` is compared with fields' initials (`SearchKey.initials`) rather than their folds.
  public let usesInitials: Bool
  public let match: Match

  public init(_ text: String) {
    usesInitials = SearchKey.isInitialsQuery(text)
    key = usesInitials ? text : SearchKey.fold(text)
    match = usesInitials && text.unicodeScalars.count == 1 ? .prefix : .substring
  }

  /// A field's key to compare with `key`.
  public func fieldKey(_ text: String) -> String {
    usesInitials ? SearchKey.initials(text) : SearchKey.fold(text)
  }

  /// Whether the field matches. A query that folds to nothing matches nothing.
  public func matches(_ text: String) -> Bool { matches(fieldKey: fieldKey(text)) }

  /// Whether a field with this key (`fieldKey`) matches, comparing bytes as SQLite compares them.
  public func matches(fieldKey: String) -> Bool {
    guard !key.isEmpty else { return false }
    let field = Array(fieldKey.utf8)
    let needle = Array(key.utf8)
    switch match {
    case .prefix: return field.starts(with: needle)
    case .substring: return field.firstRange(of: needle) != nil
    }
  }

  /// The characters of `text` that the query matches, as ranges of character offsets, in order and not
  /// overlapping, for emphasis on a terminal. Each character is folded on its own (a character is a grapheme
  /// cluster, so a letter keeps its accents and a kana its voicing mark); a match covers every character any
  /// byte of it came from.
  public func matchedCharacters(in text: String) -> [Range<Int>] {
    guard !key.isEmpty else { return [] }
    // The field's key, and for each of its bytes the character it came from.
    var bytes: [UInt8] = []
    var owner: [Int] = []
    var previousWasHangul = false
    for (offset, character) in text.enumerated() {
      var piece = fieldKey(String(character))
      if usesInitials {
        // `initials` separates runs of Hangul by one space; so does this, character by character.
        if piece.isEmpty {
          if previousWasHangul { piece = " " }
          previousWasHangul = false
        } else {
          previousWasHangul = true
        }
      }
      bytes += piece.utf8
      owner += Array(repeating: offset, count: piece.utf8.count)
    }
    let needle = Array(key.utf8)
    var ranges: [Range<Int>] = []
    var start = bytes.startIndex
    while let found = bytes[start...].firstRange(of: needle) {
      if match == .prefix, found.lowerBound != start { break }
      ranges.append(owner[found.lowerBound]..<(owner[found.upperBound - 1] + 1))
      if match == .prefix { break }
      start = found.upperBound
    }
    return ranges
  }
}
