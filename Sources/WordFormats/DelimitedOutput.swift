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
    // A native string lends its own bytes; only a bridged one is copied into a buffer first.
    if text.utf8.withContiguousStorageIfAvailable({ append(cellBytes: $0) }) == nil {
      Array(text.utf8).withUnsafeBufferPointer { append(cellBytes: $0) }
    }
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

extension String.UTF8View {
  /// `contains(where:)` over the string's own bytes where it has them in one piece (a native string always does),
  /// several times faster than stepping the view: an export asks it of every field of every word.
  func containsByte(where test: (UInt8) -> Bool) -> Bool {
    withContiguousStorageIfAvailable { $0.contains(where: test) } ?? contains(where: test)
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
