/// Rows of text in aligned columns, padded by display width so CJK and emoji line up. Cells are made single-line
/// (control characters shown as escapes) so a newline in a note cannot break the table.
struct Table {
  enum Alignment {
    case left, right
  }

  struct Column {
    var title: String
    var alignment: Alignment = .left
  }

  var columns: [Column]
  var rows: [[String]] = []

  /// The table as lines ending in "\n". The header is bold when `bold` is set; nothing else is decorated.
  func render(bold: Bool) -> String {
    let header = columns.map(\.title)
    let body = rows.map { $0.map(Self.singleLine) }
    var widths = header.map(DisplayWidth.of)
    for row in body {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], DisplayWidth.of(cell))
      }
    }
    var output = ""
    let headerLine = line(header, widths: widths)
    output += bold ? "\u{1B}[1m" + headerLine + "\u{1B}[0m\n" : headerLine + "\n"
    for row in body {
      output += line(row, widths: widths) + "\n"
    }
    return output
  }

  private func line(_ cells: [String], widths: [Int]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[index] - DisplayWidth.of(cell))
      if index > 0 { line += "  " }
      switch columns[index].alignment {
      case .right: line += padding + cell
      case .left: line += cell + padding
      }
    }
    // No trailing blanks: the last column is not padded, and an empty last cell leaves nothing behind.
    while line.last == " " { line.removeLast() }
    return line
  }

  static func singleLine(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.properties.generalCategory == .control {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
