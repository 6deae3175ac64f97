/// How a person writes an id (of a bookcase or a word) on a command line: ASCII digits and nothing else,
/// leading zeros allowed ("007" is 7). "+7", " 7", "٧" and "7.0" are not ids: for a bookcase they are names.
public enum TypedID {
  public static func parse(_ text: String) -> Int64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int64(text)
  }
}
