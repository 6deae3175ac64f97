/// The delimited text formats: tab-separated (with Anki's header lines, or vocab's plain columns) and RFC 4180 CSV.
public enum TextFormat: String, Sendable, CaseIterable {
  /// Tab-separated text as Anki reads it: `#` lines, and Anki's header lines at the top, which make it
  /// Anki's plain-text format (any separator, fields as HTML when `#html:true`).
  case tsv
  /// RFC 4180: comma-separated, quoted fields, no comment lines.
  case csv

  var separator: UInt8 { self == .tsv ? 0x09 : UInt8(ascii: ",") }
}

/// Reads words from delimited text one row at a time, pulling bytes from its source as it needs them.
///
/// A file whose leading `#` lines include one of Anki's header keys is read by Anki's rules: the header
/// columns (guid, notetype, deck, tags), fields after them; the first field is the term and the second the
/// meaning, the rest follow `#columns:` names (Term, Reading, Meaning, Example, Note; Front and Back for
/// Anki's Basic) or else come in the order term, meaning, reading, example, note. Any other file has the
/// columns term, meaning, reading, example, note, tags, or the ones its first row names.
public struct WordTextReader {
  private var tokenizer: RecordTokenizer
  private var layout: ColumnLayout?
  /// Rows read ahead while deciding how to read the file (at most five, like Anki's preview).
  private var readAhead: [([String], Int)] = []
  private var html = false
  private var mediaFiles: Set<String> = []

  /// Anki's header lines, once the first row has been asked for; nil for a file without them.
  public private(set) var header: AnkiTextHeader?

  /// The media files the fields read so far refer to (`[sound:…]`, `<img src=…>`), each once, sorted.
  public var media: [String] { mediaFiles.sorted() }

  /// `maxRowBytes` bounds one row, so a quote left open cannot pull a whole file into memory.
  public init(format: TextFormat, source: ByteSource, maxRowBytes: Int = 16 << 20) {
    tokenizer = RecordTokenizer(
      source: source, separator: format.separator, comments: format == .tsv, maxRecordBytes: maxRowBytes)
  }

  /// The next word, nil at the end; a `FormatError` names the line of a malformed row.
  public mutating func next() throws -> WordRecord? {
    let layout = try layout ?? start()
    if !readAhead.isEmpty {
      let (fields, line) = readAhead.removeFirst()
      return try word(from: fields, line: line, layout: layout)
    }
    guard let (fields, line) = try nextRow() else { return nil }
    return try word(from: fields, line: line, layout: layout)
  }

  /// Every word to the end: for small inputs and tests; imports should call `next()` and keep nothing.
  public mutating func readAll() throws -> [WordRecord] {
    var words: [WordRecord] = []
    while let word = try next() { words.append(word) }
    return words
  }

  private mutating func nextRow() throws -> ([String], Int)? {
    while let item = try tokenizer.next() {
      if case .record(let fields, let line) = item { return (fields, line) }
    }
    return nil
  }

  /// Reads the leading header lines and the first rows, and decides how columns map to a word.
  private mutating func start() throws -> ColumnLayout {
    var anki = AnkiTextHeader()
    var isAnki = false
    var firstRow: ([String], Int)? = nil
    var firstItem = true
    let chosen: ColumnLayout
    leading: while let item = try tokenizer.next() {
      defer { firstItem = false }
      switch item {
      case .comment(let text, let line):
        if try anki.apply(text.dropFirst(), at: line) {
          isAnki = true
          tokenizer.separator = anki.separatorByte
        }
      case .record(let fields, let line):
        // Anki still honours the header of its oldest text exports: a first line `tags:…`.
        if firstItem, tokenizer.comments, let first = fields.first, first.hasPrefix("tags:") {
          let line = fields.joined(separator: String(anki.separator)).dropFirst("tags:".count)
          anki.tags = Self.tags(String(line))
          isAnki = true
          continue
        }
        firstRow = (fields, line)
        break leading
      }
    }
    if isAnki {
      header = anki
      if let firstRow { readAhead.append(firstRow) }
      if let declared = anki.html {
        html = declared
      } else {
        // Like Anki: the file is HTML if any field of its first five rows looks like a tag.
        while readAhead.count < 5, let row = try nextRow() { readAhead.append(row) }
        html = readAhead.contains { $0.0.contains(where: Self.looksLikeHTML) }
      }
      chosen = ColumnLayout(anki: anki)
    } else if let firstRow, let named = try ColumnLayout(namingRow: firstRow.0, line: firstRow.1) {
      chosen = named
    } else {
      if let firstRow { readAhead.append(firstRow) }
      chosen = .plain
    }
    layout = chosen
    return chosen
  }

  /// Tags are separated by whitespace, as Anki splits them. Most tag columns are ASCII, split without the cost
  /// of asking Unicode about every character.
  static func tags(_ text: String) -> [String] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return text.utf8.split(whereSeparator: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) })
        .map { String(decoding: $0, as: UTF8.self) }
    }
    return text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  static func looksLikeHTML(_ field: String) -> Bool {
    guard let open = field.utf8.firstIndex(of: UInt8(ascii: "<")) else { return false }
    return field.utf8[open...].contains(UInt8(ascii: ">"))
  }

  private mutating func word(from fields: [String], line: Int, layout: ColumnLayout) throws -> WordRecord {
    try layout.check(columnCount: fields.count, line: line)
    func column(_ index: Int?) -> String? {
      guard let index, index < fields.count else { return nil }
      return fields[index]
    }
    var word = WordRecord(term: "", meaning: "", line: line)
    word.notetype = column(layout.notetype).flatMap { $0.isEmpty ? nil : $0 } ?? header?.notetype
    var fieldColumns = layout.fields
    if let vocabFields = layout.vocabFields, let notetype = word.notetype, VocabNoteType.isNamed(notetype) {
      fieldColumns = vocabFields
    }
    for (field, index) in fieldColumns {
      guard let value = column(index) else { continue }
      if html {
        let converted = HTMLText.text(fromHTML: value)
        mediaFiles.formUnion(converted.media)
        word[field] = converted.text
      } else {
        word[field] = value
      }
    }
    word.tags = column(layout.tags).map(Self.tags) ?? []
    for tag in header?.tags ?? [] where !word.tags.contains(tag) { word.tags.append(tag) }
    word.guid = column(layout.guid).flatMap { $0.isEmpty ? nil : $0 }
    word.deck = column(layout.deck).flatMap { $0.isEmpty ? nil : $0 } ?? header?.deck
    return word
  }
}
