/// Writes words as plain delimited text: a first row naming the columns (term, meaning, reading, example, note,
/// tags), then one row per word with every field as written. TSV ends lines with LF, CSV (RFC 4180) with CRLF.
/// `WordTextReader` reads it back unchanged.
public struct WordTextWriter {
  private var output: DelimitedOutput

  /// Output goes to `sink` in large chunks; `finish()` hands over the rest.
  public init(format: TextFormat, sink: @escaping ([UInt8]) throws -> Void) {
    output = DelimitedOutput(separator: format.separator, lineEnd: format == .csv ? "\r\n" : "\n", sink: sink)
    for name in WordField.allCases.map(\.rawValue) + [ColumnLayout.tagsName] { output.cell(name) }
    output.endRow()
  }

  public mutating func write(_ word: WordRecord) throws {
    // Tags first: a word the format cannot carry stops the export before any of its row is written.
    let tags = try joinedTags(word.tags)
    for field in WordField.allCases { output.cell(word[field]) }
    output.cell(tags)
    output.endRow()
    try output.flushIfFull()
  }

  public mutating func finish() throws {
    try output.finish()
  }
}

/// Writes words in Anki's plain-text format, as Anki's own "Notes in Plain Text" export does, so Anki imports it
/// without asking anything: header lines naming the separator, HTML and the guid, notetype, deck and tags
/// columns, then per word its guid, vocab's note type (`VocabNoteType`), its deck, the fields as HTML in that
/// note type's order (term, reading, meaning, example, note) and its tags.
public struct AnkiTextWriter {
  private var output: DelimitedOutput
  private let defaultDeck: String

  /// The header lines, in the order Anki writes them.
  public static let header = [
    "#separator:tab", "#html:true", "#guid column:1", "#notetype column:2", "#deck column:3",
    "#tags column:\(3 + VocabNoteType.fields.count + 1)",
  ]

  /// Words without a deck of their own get `defaultDeck`.
  public init(defaultDeck: String = "Default", sink: @escaping ([UInt8]) throws -> Void) {
    output = DelimitedOutput(separator: 0x09, lineEnd: "\n", sink: sink)
    self.defaultDeck = defaultDeck
    for line in Self.header { output.line(line) }
  }

  /// Writes the word as a note of vocab's own type, whatever note type it came from: its fields are that type's.
  public mutating func write(_ word: WordRecord) throws {
    let tags = try joinedTags(word.tags)
    output.cell(word.guid ?? "")
    output.cell(VocabNoteType.name)
    output.cell(word.deck ?? defaultDeck)
    for field in VocabNoteType.fields { output.cell(HTMLText.html(fromText: word[field])) }
    output.cell(tags)
    output.endRow()
    try output.flushIfFull()
  }

  public mutating func finish() throws {
    try output.finish()
  }
}
