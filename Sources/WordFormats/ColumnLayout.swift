/// Which column of a row holds which part of a word (0-based), and how many columns a row must have.
struct ColumnLayout {
  var fields: [(WordField, Int)]
  /// In Anki's format without `#columns:` labels, the fields of a row of vocab's own note type, which come in
  /// its order (term, reading, meaning, …), as Anki fills a note's fields by position.
  var vocabFields: [(WordField, Int)]? = nil
  var tags: Int? = nil
  var guid: Int? = nil
  var deck: Int? = nil
  var notetype: Int? = nil
  /// A row with fewer columns lacks a field it must have.
  var minimumColumns: Int
  var minimumReason: String
  /// A row with more columns has one nobody named; nil where extra columns are allowed (Anki's format).
  var maximumColumns: Int?
  var maximumReason = ""

  /// Names a column may have in a naming first row, beside the word's fields.
  static let tagsName = "tags"

  /// A file without header lines or a naming row: term, meaning, reading, example, note, tags.
  static let plain = ColumnLayout(
    fields: WordField.allCases.enumerated().map { ($1, $0) }, tags: WordField.allCases.count,
    minimumColumns: 2, minimumReason: "a term and a meaning",
    maximumColumns: WordField.allCases.count + 1,
    maximumReason: "term, meaning, reading, example, note, tags")

  func check(columnCount: Int, line: Int) throws {
    let plural = columnCount == 1 ? "" : "s"
    if columnCount < minimumColumns {
      throw FormatError(
        line: line,
        "the row has \(columnCount) column\(plural); at least \(minimumColumns) are needed (\(minimumReason))")
    }
    if let maximumColumns, columnCount > maximumColumns {
      throw FormatError(
        line: line, "the row has \(columnCount) columns; at most \(maximumColumns) are expected (\(maximumReason))")
    }
  }

}

extension ColumnLayout {
  /// Anki's format: the header's columns first, then the note's fields in the columns left over.
  init(anki header: AnkiTextHeader) {
    let meta = Set(header.metaColumns.map(\.index))
    tags = header.tagsColumn.map { $0 - 1 }
    guid = header.guidColumn.map { $0 - 1 }
    deck = header.deckColumn.map { $0 - 1 }
    notetype = header.notetypeColumn.map { $0 - 1 }

    var mapped: [WordField: Int] = [:]
    for (index, label) in header.columns.enumerated() where !meta.contains(index) {
      if let field = Self.field(labelled: label), mapped[field] == nil { mapped[field] = index }
    }
    // Fields no label names take the remaining field columns in order.
    let taken = Set(mapped.values)
    var free = (0...).lazy.filter { !meta.contains($0) && !taken.contains($0) }.makeIterator()
    for field in WordField.allCases where mapped[field] == nil { mapped[field] = free.next() }
    fields = WordField.allCases.map { ($0, mapped[$0]!) }
    if taken.isEmpty {
      vocabFields = Array(zip(VocabNoteType.fields, fields.map(\.1)))
    }
    minimumColumns = mapped[.term]! + 1
    minimumReason = "the term is in column \(minimumColumns)"
  }

  /// A first row whose every cell names a column (term, meaning, reading, example, note, tags in any case and
  /// order) maps them; nil if the row is a word. A naming row without a term or meaning column is an error.
  init?(namingRow cells: [String], line: Int) throws {
    var mapped: [String: Int] = [:]
    for (index, cell) in cells.enumerated() {
      let name = cell.trimmingSpaces.lowercased()
      guard WordField(rawValue: name) != nil || name == Self.tagsName, mapped[name] == nil else { return nil }
      mapped[name] = index
    }
    for required in [WordField.term, .meaning] where mapped[required.rawValue] == nil {
      throw FormatError(line: line, "the first row names the columns but none is \"\(required.rawValue)\"")
    }
    fields = WordField.allCases.compactMap { field in mapped[field.rawValue].map { (field, $0) } }
    tags = mapped[Self.tagsName]
    minimumColumns = max(mapped["term"]!, mapped["meaning"]!) + 1
    minimumReason = "the term and the meaning"
    maximumColumns = cells.count
    maximumReason = "the first row names \(cells.count)"
  }

  /// Anki's Basic note type calls the term Front and the meaning Back.
  static func field(labelled label: String) -> WordField? {
    switch label.trimmingSpaces.lowercased() {
    case "front": .term
    case "back": .meaning
    case let name: WordField(rawValue: name)
    }
  }
}
