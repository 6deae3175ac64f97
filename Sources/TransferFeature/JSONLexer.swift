import WordFormats

/// A JSON value, for the small parts of a file read whole (one bookcase, one word).
enum JSONValue: Equatable {
  case string(String)
  case number(String)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case let (.string(a), .string(b)), let (.number(a), .number(b)): a == b
    case let (.bool(a), .bool(b)): a == b
    case (.null, .null): true
    case let (.array(a), .array(b)): a == b
    case let (.object(a), .object(b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
    default: false
    }
  }
}

/// Splits JSON text (RFC 8259) into tokens, pulling bytes from its source as it needs them, with the line each
/// token starts on for error messages. Malformed input is a `FormatError`, never a crash or a hang.
struct JSONLexer {
  struct Token {
    enum Kind: Equatable {
      case openObject, closeObject, openArray, closeArray, colon, comma
      case string(String)
      case scalar(JSONValue)
    }
    var kind: Kind
    var line: Int
  }

  private let source: () throws -> [UInt8]?
  private var chunk: [UInt8] = []
  private var offset = 0
  private var atEnd = false
  private(set) var line = 1
  /// Nesting deeper than this is refused rather than risking the stack.
  private let maxDepth = 64

  init(source: @escaping () throws -> [UInt8]?) {
    self.source = source
  }

  func error(_ message: String) -> FormatError { FormatError(line: line, message) }

  private mutating func peek() throws -> UInt8? {
    while offset >= chunk.count {
      guard !atEnd, let next = try source() else {
        atEnd = true
        return nil
      }
      chunk = next
      offset = 0
    }
    return chunk[offset]
  }

  private mutating func advance() throws -> UInt8? {
    guard let byte = try peek() else { return nil }
    offset += 1
    if byte == 0x0A { line += 1 }
    return byte
  }

  /// The next token, nil at the end of the text.
  mutating func next() throws -> Token? {
    while let byte = try peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { _ = try advance() }
    guard let byte = try advance() else { return nil }
    let start = line
    switch byte {
    case UInt8(ascii: "{"): return Token(kind: .openObject, line: start)
    case UInt8(ascii: "}"): return Token(kind: .closeObject, line: start)
    case UInt8(ascii: "["): return Token(kind: .openArray, line: start)
    case UInt8(ascii: "]"): return Token(kind: .closeArray, line: start)
    case UInt8(ascii: ":"): return Token(kind: .colon, line: start)
    case UInt8(ascii: ","): return Token(kind: .comma, line: start)
    case UInt8(ascii: "\""): return Token(kind: .string(try string()), line: start)
    default:
      var word = [byte]
      while let next = try peek(), !Self.ends(next) {
        word.append(next)
        _ = try advance()
        if word.count > 64 { break }
      }
      let text = String(decoding: word, as: UTF8.self)
      switch text {
      case "true": return Token(kind: .scalar(.bool(true)), line: start)
      case "false": return Token(kind: .scalar(.bool(false)), line: start)
      case "null": return Token(kind: .scalar(.null), line: start)
      default:
        guard Self.isNumber(word) else { throw FormatError(line: start, "unexpected \"\(text)\" in the JSON") }
        return Token(kind: .scalar(.number(text)), line: start)
      }
    }
  }

  /// The next token; the end of the text here is an error.
  mutating func require() throws -> Token {
    guard let token = try next() else { throw error("the JSON ends too early") }
    return token
  }

  /// The next whole value.
  mutating func value() throws -> JSONValue {
    try value(startingWith: try require())
  }

  mutating func value(startingWith token: Token, depth: Int = 0) throws -> JSONValue {
    guard depth < maxDepth else { throw FormatError(line: token.line, "the JSON is nested too deeply") }
    switch token.kind {
    case .string(let text): return .string(text)
    case .scalar(let value): return value
    case .openArray:
      var items: [JSONValue] = []
      var next = try require()
      if next.kind == .closeArray { return .array(items) }
      while true {
        items.append(try value(startingWith: next, depth: depth + 1))
        let separator = try require()
        if separator.kind == .closeArray { return .array(items) }
        guard separator.kind == .comma else { throw FormatError(line: separator.line, "expected , or ] in an array") }
        next = try require()
      }
    case .openObject:
      var fields: [(String, JSONValue)] = []
      var next = try require()
      if next.kind == .closeObject { return .object(fields) }
      while true {
        guard case .string(let key) = next.kind else { throw FormatError(line: next.line, "expected a key in an object") }
        guard try require().kind == .colon else { throw FormatError(line: next.line, "expected : after \"\(key)\"") }
        fields.append((key, try value(startingWith: try require(), depth: depth + 1)))
        let separator = try require()
        if separator.kind == .closeObject { return .object(fields) }
        guard separator.kind == .comma else { throw FormatError(line: separator.line, "expected , or } in an object") }
        next = try require()
      }
    default:
      throw FormatError(line: token.line, "expected a value in the JSON")
    }
  }

  /// A string's content after its opening quote, escapes decoded; UTF-8 checked.
  private mutating func string() throws -> String {
    let start = line
    var bytes: [UInt8] = []
    var scalars = String.UnicodeScalarView()
    func flushBytes() throws {
      guard !bytes.isEmpty else { return }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        throw FormatError(line: start, "the text is not valid UTF-8")
      }
      scalars.append(contentsOf: text.unicodeScalars)
      bytes.removeAll(keepingCapacity: true)
    }
    while true {
      guard let byte = try advance() else { throw FormatError(line: start, "a string is never closed") }
      switch byte {
      case UInt8(ascii: "\""):
        try flushBytes()
        return String(scalars)
      case UInt8(ascii: "\\"):
        try flushBytes()
        guard let escape = try advance() else { throw FormatError(line: start, "a string is never closed") }
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try hex4(start)
          if (0xD800..<0xDC00).contains(code) {
            guard try advance() == UInt8(ascii: "\\"), try advance() == UInt8(ascii: "u") else {
              throw FormatError(line: start, "a \\u escape is half of a surrogate pair")
            }
            let low = try hex4(start)
            guard (0xDC00..<0xE000).contains(low) else {
              throw FormatError(line: start, "a \\u escape is half of a surrogate pair")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else {
            throw FormatError(line: start, "a \\u escape is half of a surrogate pair")
          }
          scalars.append(scalar)
        default:
          throw FormatError(line: start, "\\\(Character(Unicode.Scalar(escape))) is not a JSON escape")
        }
      case 0..<0x20:
        throw FormatError(line: start, "a string holds a raw control character; JSON escapes them")
      default:
        bytes.append(byte)
        if bytes.count + scalars.count > 16 << 20 { throw FormatError(line: start, "a string is over 16 MiB") }
      }
    }
  }

  private mutating func hex4(_ start: Int) throws -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = try advance(), let digit = Self.hexValue(byte) else {
        throw FormatError(line: start, "a \\u escape needs four hex digits")
      }
      value = value << 4 | digit
    }
    return value
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case 0x30...0x39: UInt32(byte - 0x30)
    case 0x41...0x46: UInt32(byte - 0x41 + 10)
    case 0x61...0x66: UInt32(byte - 0x61 + 10)
    default: nil
    }
  }

  private static func ends(_ byte: UInt8) -> Bool {
    [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":")].contains(byte)
  }

  private static func isNumber(_ word: [UInt8]) -> Bool {
    !word.isEmpty && word.allSatisfy { (0x30...0x39).contains($0) || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains($0) }
  }
}
