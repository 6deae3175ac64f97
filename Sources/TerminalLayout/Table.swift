/// Rows of text in aligned columns, padded by display width so CJK and emoji line up. Cells are made single-line
/// (control characters shown as escapes) so a newline in a note cannot break the table. Given the terminal's
/// width, the text columns are narrowed until each row fits on one line, long cells cut with "…".
public struct Table: Sendable {
  public enum Alignment: Sendable {
    /// Text: may be narrowed to fit a terminal.
    case left
    /// Numbers: always shown whole.
    case right
  }

  public struct Column: Sendable {
    public var title: String
    public var alignment: Alignment

    public init(title: String, alignment: Alignment = .left) {
      self.title = title
      self.alignment = alignment
    }
  }

  public var columns: [Column]
  public var rows: [[String]]
  /// Parts of cells to emphasise when rendering with `bold`: for a row and a column, ranges of character offsets
  /// into the cell's single-line text (a search's matches). Rows and cells left out are plain.
  public var emphasis: [Int: [Int: [Range<Int>]]] = [:]

  public init(columns: [Column], rows: [[String]] = []) {
    self.columns = columns
    self.rows = rows
  }

  /// The gap between two columns.
  static let gap = 2
  /// A narrowed column keeps at least this many cells (or its whole width, if less).
  static let narrowest = 4

  /// The table as lines ending in "\n". With `bold` set the header is bold and `emphasis` is shown in bold red;
  /// otherwise nothing is decorated.
  /// With `width`, the rows are fitted to that many cells where the text columns can be narrowed enough.
  public func render(bold: Bool, width: Int? = nil) -> String {
    // Each cell with its width, measured once.
    let header = columns.map { ($0.title, DisplayWidth.of($0.title)) }
    let body = rows.map { $0.map(Self.singleLine).map { ($0, DisplayWidth.of($0)) } }
    var widths = header.map(\.1)
    for row in body {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.1)
      }
    }
    if let width { widths = fitted(widths, into: width) }
    var output = ""
    let headerLine = line(header, widths: widths)
    output += bold ? "\u{1B}[1m" + headerLine + "\u{1B}[0m\n" : headerLine + "\n"
    for (index, row) in body.enumerated() {
      output += line(row, widths: widths, emphasis: bold ? emphasis[index] ?? [:] : [:])
      output += "\n"
    }
    return output
  }

  /// Column widths whose rows take at most `available` cells: the widest text columns are narrowed first, down
  /// to one common limit, so a long example gives way before a short term does.
  func fitted(_ widths: [Int], into available: Int) -> [Int] {
    let total = widths.reduce(0, +) + Self.gap * max(0, widths.count - 1)
    guard total > available else { return widths }
    let narrowable = columns.indices.filter { columns[$0].alignment == .left && widths[$0] > Self.narrowest }
    guard !narrowable.isEmpty else { return widths }
    let fixed = total - narrowable.reduce(0) { $0 + widths[$1] }
    // The largest limit at which the narrowed columns fit beside the rest.
    var limit = narrowable.map { widths[$0] }.max()!
    func used(_ limit: Int) -> Int { narrowable.reduce(0) { $0 + min(widths[$1], limit) } }
    while limit > Self.narrowest, fixed + used(limit) > available {
      limit -= 1
    }
    var result = widths
    for index in narrowable { result[index] = min(widths[index], limit) }
    return result
  }

  private func line(
    _ cells: [(text: String, width: Int)], widths: [Int], emphasis: [Int: [Range<Int>]] = [:]
  ) -> String {
    var line = ""
    for (index, cell) in cells.enumerated() {
      let isCut = cell.width > widths[index]
      var (text, width) = isCut ? Self.cut(cell.text, to: widths[index]) : cell
      if let ranges = emphasis[index] {
        // The "…" of a cut cell is never emphasised.
        let shown = isCut ? text.count - 1 : text.count
        text = Self.emphasised(text, ranges.map { $0.clamped(to: 0..<shown) }.filter { !$0.isEmpty })
      }
      let padding = String(repeating: " ", count: widths[index] - width)
      if index > 0 { line += String(repeating: " ", count: Self.gap) }
      switch columns[index].alignment {
      case .right: line += padding + text
      case .left: line += text + padding
      }
    }
    // No trailing blanks: the last column is not padded, and an empty last cell leaves nothing behind.
    while line.last == " " { line.removeLast() }
    return line
  }

  /// `text` with the characters at `ranges` in bold red. A cut cell keeps the start of its text, so the offsets
  /// still hold.
  static func emphasised(_ text: String, _ ranges: [Range<Int>]) -> String {
    var result = ""
    let last = text.count - 1
    for (offset, character) in text.enumerated() {
      let inside = ranges.contains { $0.contains(offset) }
      if inside, !ranges.contains(where: { $0.contains(offset - 1) }) { result += "\u{1B}[1;31m" }
      result.append(character)
      if inside, offset == last || !ranges.contains(where: { $0.contains(offset + 1) }) {
        result += "\u{1B}[0m"
      }
    }
    return result
  }

  /// The longest start of `text` that fits `width - 1` cells, then "…"; with its width.
  static func cut(_ text: String, to width: Int) -> (String, Int) {
    var kept = ""
    var used = 0
    for character in text {
      let cells = DisplayWidth.of(character)
      if used + cells > width - 1 { break }
      kept.append(character)
      used += cells
    }
    return (kept + "…", used + 1)
  }

  public static func singleLine(_ text: String) -> String {
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
