import SearchKeys
import Storage
import TerminalLayout

extension Listings {
  /// `vocab search`: BOOKCASE, ID, TERM, READING, MEANING, best match first. On a colour terminal, what the
  /// query matched in the searched fields shown is emphasised.
  static func found(
    _ words: [Word], query: SearchQuery, fields: [SearchField], in bookCases: [BookCase], terminal: Terminal
  ) -> String {
    let names = Dictionary(uniqueKeysWithValues: bookCases.map { ($0.id, $0.name) })
    var table = Table(columns: [
      .init(title: "BOOKCASE"), .init(title: "ID", alignment: .right), .init(title: "TERM"), .init(title: "READING"),
      .init(title: "MEANING"),
    ])
    table.rows = words.map { [names[$0.bookCaseID] ?? "", String($0.id), $0.term, $0.reading, $0.meaning] }
    if terminal.usesColour {
      let shown: [(column: Int, field: SearchField)] = [(2, .term), (3, .reading), (4, .meaning)]
      for (row, cells) in table.rows.enumerated() {
        for (column, field) in shown where fields.contains(field) {
          let ranges = query.matchedCharacters(in: Table.singleLine(cells[column]))
          if !ranges.isEmpty { table.emphasis[row, default: [:]][column] = ranges }
        }
      }
    }
    var output = table.render(bold: terminal.usesColour, width: terminal.columns)
    if words.isEmpty, terminal.stdoutIsTerminal { output += "No words match.\n" }
    return output
  }
}
