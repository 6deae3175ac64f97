/// Writes rows of cells in the dialect the readers read: a cell is quoted when it holds the separator, a quote
/// (then doubled), a line break, or a `#` (so a row never starts like a comment, which Anki skips; Anki's own
/// writer quotes `#` for the same reason).
struct DelimitedOutput {
  private var output: BufferedOutput
  private let separator: UInt8
  private let lineEnd: String

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

  /// Appends a row, and hands the output to the sink once there is enough of it.
  mutating func row(_ cells: [String]) throws {
    appendRow(cells)
    try output.flushIfFull()
  }

  mutating func appendRow(_ cells: [String]) {
    for (index, cell) in cells.enumerated() {
      if index > 0 { output.append(separator) }
      append(cell)
    }
    output.append(lineEnd)
  }

  mutating func finish() throws {
    try output.flush()
  }

  private mutating func append(_ cell: String) {
    let quote = UInt8(ascii: "\"")
    let needsQuotes = cell.utf8.containsByte {
      $0 == separator || $0 == quote || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "#")
    }
    guard needsQuotes else {
      output.append(cell)
      return
    }
    output.append(quote)
    for byte in cell.utf8 {
      if byte == quote { output.append(quote) }
      output.append(byte)
    }
    output.append(quote)
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
  if let bad = tags.first(where: { $0.contains(where: \.isWhitespace) }) {
    throw FormatWriteError.tagWithWhitespace(bad)
  }
  return tags.filter { !$0.isEmpty }.joined(separator: " ")
}
