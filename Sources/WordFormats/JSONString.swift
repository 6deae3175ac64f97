/// A JSON string (RFC 8259) as UTF-8: quotes, backslashes and control characters escaped, everything else as it
/// is. The one escaping both of vocab's JSON writers use (`--json` output and the JSON export), so the two cannot
/// disagree on a word's text.
public enum JSONString {
  public static func append(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        let digits: StaticString = "0123456789ABCDEF"
        bytes.append(contentsOf: #"\u00"#.utf8)
        bytes.append(digits.utf8Start[Int(byte >> 4)])
        bytes.append(digits.utf8Start[Int(byte & 0x0F)])
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
