/// Splits delimited text into records of fields, pulling bytes from a source as it goes.
///
/// The dialect is the one Anki's importer reads (the Rust `csv` crate as Anki configures it) and RFC 4180:
/// a field starting with `"` is quoted and may hold separators and line breaks, `""` inside it is one quote;
/// a quote elsewhere in a field is an ordinary character; CRLF, LF and CR each end a record; empty lines are
/// skipped. With `comments`, a line starting with `#` is handed back whole as a comment. Unlike the crate, text
/// after a closing quote and a quote left open at the end are errors rather than guessed at.
struct RecordTokenizer {
  enum Item: Equatable {
    case record([String], line: Int)
    case comment(String, line: Int)
  }

  private static let lineFeed: UInt8 = 0x0A
  private static let carriageReturn: UInt8 = 0x0D
  private static let quote: UInt8 = 0x22
  private static let hash: UInt8 = 0x23

  private let source: ByteSource
  private var chunk: [UInt8] = []
  private var index = 0
  private var exhausted = false
  private var started = false
  /// The line of the next byte; CRLF counts once.
  private var line = 1
  private var lastWasCarriageReturn = false

  /// May change between records: Anki's `#separator:` line changes how the rest of the file is split.
  var separator: UInt8
  let comments: Bool
  /// A record longer than this is refused, so an unclosed quote cannot pull a whole file into memory.
  let maxRecordBytes: Int

  init(source: ByteSource, separator: UInt8, comments: Bool, maxRecordBytes: Int) {
    self.source = source
    self.separator = separator
    self.comments = comments
    self.maxRecordBytes = maxRecordBytes
  }

  mutating func next() throws -> Item? {
    if !started {
      started = true
      try skipByteOrderMark()
    }
    while let byte = try peek(), byte == Self.lineFeed || byte == Self.carriageReturn {
      take()
    }
    guard let first = try peek() else { return nil }
    let startLine = line
    if comments && first == Self.hash {
      return .comment(try readComment(line: startLine), line: startLine)
    }

    var fields: [String] = []
    var field: [UInt8] = []
    var recordBytes = 0
    while true {
      field.removeAll(keepingCapacity: true)
      let fieldLine = line
      if try peek() == Self.quote {
        try readQuoted(into: &field, recordBytes: recordBytes)
      } else {
        try readUnquoted(into: &field, recordBytes: recordBytes, recordLine: startLine)
      }
      recordBytes += field.count
      fields.append(try Self.decode(field, line: fieldLine))
      guard let end = try peek() else { break }
      take()
      if end == separator { continue }
      if end == Self.carriageReturn, try peek() == Self.lineFeed { take() }
      break
    }
    return .record(fields, line: startLine)
  }

  private mutating func readComment(line: Int) throws -> String {
    var bytes: [UInt8] = []
    while let byte = try peek(), byte != Self.lineFeed, byte != Self.carriageReturn {
      bytes.append(take())
      if bytes.count > maxRecordBytes { throw tooLong(line: line) }
    }
    return try Self.decode(bytes, line: line)
  }

  private mutating func readUnquoted(into field: inout [UInt8], recordBytes: Int, recordLine: Int) throws {
    while try fill() {
      let start = index
      while index < chunk.count {
        let byte = chunk[index]
        if byte == separator || byte == Self.lineFeed || byte == Self.carriageReturn { break }
        index += 1
      }
      if index > start {
        field.append(contentsOf: chunk[start..<index])
        lastWasCarriageReturn = false
        if recordBytes + field.count > maxRecordBytes { throw tooLong(line: recordLine) }
      }
      if index < chunk.count { return }
    }
  }

  private mutating func readQuoted(into field: inout [UInt8], recordBytes: Int) throws {
    let openLine = line
    take()
    while true {
      guard try fill() else {
        throw FormatError(line: openLine, "a quoted field is never closed (its quote opens on line \(openLine))")
      }
      let start = index
      while index < chunk.count && chunk[index] != Self.quote {
        count(chunk[index])
        index += 1
      }
      field.append(contentsOf: chunk[start..<index])
      if recordBytes + field.count > maxRecordBytes {
        throw FormatError(
          line: openLine,
          "a quoted field longer than \(maxRecordBytes) bytes; is the quote on line \(openLine) left open?")
      }
      guard index < chunk.count else { continue }
      take()
      if try peek() == Self.quote {
        take()
        field.append(Self.quote)
      } else {
        break
      }
    }
    if let byte = try peek(), byte != separator, byte != Self.lineFeed, byte != Self.carriageReturn {
      throw FormatError(
        line: line, "text after the closing quote of a field (a quote inside a quoted field is written \"\")")
    }
  }

  private func tooLong(line: Int) -> FormatError {
    FormatError(line: line, "a row longer than \(maxRecordBytes) bytes")
  }

  /// Makes the next byte available in `chunk[index]`; false at the end of the input.
  private mutating func fill() throws -> Bool {
    while index >= chunk.count {
      if exhausted { return false }
      guard let next = try source.nextChunk() else {
        exhausted = true
        chunk = []
        index = 0
        return false
      }
      chunk = next
      index = 0
    }
    return true
  }

  private mutating func peek() throws -> UInt8? {
    try fill() ? chunk[index] : nil
  }

  /// Consumes the byte `peek` returned.
  @discardableResult
  private mutating func take() -> UInt8 {
    let byte = chunk[index]
    index += 1
    count(byte)
    return byte
  }

  private mutating func count(_ byte: UInt8) {
    if byte == Self.lineFeed {
      if !lastWasCarriageReturn { line += 1 }
      lastWasCarriageReturn = false
    } else if byte == Self.carriageReturn {
      line += 1
      lastWasCarriageReturn = true
    } else {
      lastWasCarriageReturn = false
    }
  }

  /// Anki strips a UTF-8 byte order mark; Excel writes one in front of CSV.
  private mutating func skipByteOrderMark() throws {
    var head: [UInt8] = []
    while head.count < 3, try fill() {
      head.append(chunk[index])
      index += 1
    }
    let rest = chunk[index...]
    chunk = head == [0xEF, 0xBB, 0xBF] ? Array(rest) : head + rest
    index = 0
  }

  /// The bytes as UTF-8 text, or an error naming the line of the first byte that is not.
  static func decode(_ bytes: [UInt8], line: Int) throws -> String {
    guard let invalid = firstInvalidUTF8(bytes) else { return String(decoding: bytes, as: UTF8.self) }
    var badLine = line
    var previous: UInt8 = 0
    for byte in bytes[..<invalid] {
      if byte == carriageReturn || (byte == lineFeed && previous != carriageReturn) { badLine += 1 }
      previous = byte
    }
    throw FormatError(line: badLine, "text that is not valid UTF-8")
  }

  /// The offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF), or nil. Hand-written because the standard library's validating
  /// initialiser costs a generic lookup per call, which shows in a million-row import.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var index = 0
      let count = buffer.count
      while index < count {
        let lead = buffer[index]
        if lead < 0x80 {
          index += 1
          continue
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return index
        }
        guard index + length <= count else { return index }
        let second = buffer[index + 1]
        guard second >= low && second <= high else { return index }
        for offset in 2..<length where buffer[index + offset] & 0xC0 != 0x80 { return index }
        index += length
      }
      return nil
    }
  }
}
