/// Writes rows of cells in the dialect the readers read: a cell is quoted when it holds the separator, a quote
/// (then doubled), a line break, or a `#` (so a row never starts like a comment, which Anki skips; Anki's own
/// writer quotes `#` for the same reason).
struct DelimitedOutput {
  private var output: BufferedOutput
  private let separator: UInt8
  private let lineEnd: String
  private var rowIsOpen = false

  init(separator: UInt8, lineEnd: String, sink: @escaping ([UInt8]) throws -> Void) {
    output = BufferedOutput(sink: sink)
    self.separator = separator
    self.lineEnd = lineEnd
  }

  /// A line written as it is (Anki's header lines).
  mutating func line(_ text: String) {
    output.append(text)
    output.append(lineEnd)
  }

  /// Appends the next cell of the current row. Rows are written cell by cell rather than from an array of
  /// cells, so an export of a million words builds no array per word.
  mutating func cell(_ text: String) {
    if rowIsOpen { output.append(separator) }
    rowIsOpen = true
    text.withUTF8Bytes { append(cellBytes: $0) }
  }

  private mutating func append(cellBytes bytes: UnsafeBufferPointer<UInt8>) {
    let quote = UInt8(ascii: "\"")
    let needsQuotes = bytes.contains {
      $0 == separator || $0 == quote || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "#")
    }
    guard needsQuotes else { return output.append(bytes) }
    output.append(quote)
    for byte in bytes {
      if byte == quote { output.append(quote) }
      output.append(byte)
    }
    output.append(quote)
  }

  mutating func endRow() {
    output.append(lineEnd)
    rowIsOpen = false
  }

  /// Hands the output to the sink once there is enough of it; writers call it after each word.
  mutating func flushIfFull() throws {
    try output.flushIfFull()
  }

  mutating func finish() throws {
    try output.flush()
  }
}

/// Tags travel joined by spaces; one with whitespace inside would come back as several.
func joinedTags(_ tags: [String]) throws -> String {
  if tags.isEmpty { return "" }
  if let bad = tags.first(where: { $0.contains(where: \.isWhitespace) }) {
    throw FormatWriteError.tagWithWhitespace(bad)
  }
  return tags.filter { !$0.isEmpty }.joined(separator: " ")
}
