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
    // Each cell with its width, measured once.
    let header = columns.map { ($0.title, DisplayWidth.of($0.title)) }
    let body = rows.map { $0.map(Self.singleLine).map { ($0, DisplayWidth.of($0)) } }
    var widths = header.map(\.1)
    for row in body {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.1)
      }
    }
    var output = ""
    let headerLine = line(header, widths: widths)
    output += bold ? "\u{1B}[1m" + headerLine + "\u{1B}[0m\n" : headerLine + "\n"
    for row in body {
      output += line(row, widths: widths)
      output += "\n"
    }
    return output
  }

  private func line(_ cells: [(text: String, width: Int)], widths: [Int]) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      let padding = String(repeating: " ", count: widths[index] - cell.width)
      if index > 0 { line += "  " }
      switch columns[index].alignment {
      case .right: line += padding + cell.text
      case .left: line += cell.text + padding
      }
    }
    // No trailing blanks: the last column is not padded, and an empty last cell leaves nothing behind.
    while line.last == " " { line.removeLast() }
    return line
  }

  static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if isControl(scalar) {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// Unicode's control characters (general category Cc) are exactly C0, DEL and C1: cheaper to test by range.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
