import ReviewFeature
import Storage
import TerminalLayout

/// The tables and JSON documents vocab prints for bookcases and words.
enum Listings {
  /// `due`: the cards due now in each bookcase (`list`), shown as a DUE column and JSON's `due`.
  static func bookCases(
    _ bookCases: some Collection<BookCase>, due: [BookCase.ID: Int]? = nil, json: Bool, terminal: Terminal
  ) -> String {
    if json {
      return JSONShapes.bookCaseList(bookCases, due: due)
    }
    var table = Table(
      columns: [.init(title: "ID", alignment: .right), .init(title: "NAME"), .init(title: "WORDS", alignment: .right)]
        + (due == nil ? [] : [.init(title: "DUE", alignment: .right)]) + [.init(title: "DESCRIPTION")])
    table.rows = bookCases.map { bookCase in
      [String(bookCase.id), bookCase.name, String(bookCase.wordCount)]
        + (due.map { [String($0[bookCase.id] ?? 0)] } ?? []) + [bookCase.description]
    }
    var output = table.render(bold: terminal.usesColour, width: terminal.columns)
    if bookCases.isEmpty, terminal.stdoutIsTerminal {
      output += "No bookcases yet. Create one with: vocab add-bookcase NAME\n"
    }
    return output
  }

  static func words(
    of bookCase: BookCase, _ words: some Collection<Word>, json: Bool, terminal: Terminal
  ) -> String {
    if json {
      return JSONShapes.bookCaseWords(bookCase, words)
    }
    var table = Table(columns: [
      .init(title: "ID", alignment: .right), .init(title: "TERM"), .init(title: "READING"), .init(title: "MEANING"),
      .init(title: "EXAMPLE"), .init(title: "NOTE"), .init(title: "TAGS"),
    ])
    table.rows = words.map {
      [String($0.id), $0.term, $0.reading, $0.meaning, $0.example, $0.note, $0.tags.joined(separator: " ")]
    }
    var output = ""
    if terminal.stdoutIsTerminal {
      let count = words.count == 1 ? "1 word" : "\(words.count) words"
      output += "\(Table.singleLine(bookCase.name)) (id \(bookCase.id)), \(count)\n"
    }
    output += table.render(bold: terminal.usesColour, width: terminal.columns)
    return output
  }

  /// `vocab show`: the term, then one labelled line per field, every field whole; a field's further lines are
  /// indented under its first, so a multi-line note reads as one block. Empty fields are left out.
  static func word(_ word: Word, in bookCase: BookCase, terminal: Terminal) -> String {
    let fields = [
      ("reading", word.reading), ("meaning", word.meaning), ("example", word.example), ("note", word.note),
      ("tags", word.tags.joined(separator: " ")),
      ("bookcase", "\(bookCase.name) (id \(bookCase.id))"), ("id", String(word.id)),
    ].filter { !$0.1.isEmpty }
    let labelWidth = fields.map(\.0.count).max()! + 2
    var output = terminal.usesColour ? "\u{1B}[1m\(word.term)\u{1B}[0m\n" : word.term + "\n"
    for (label, value) in fields {
      let indent = String(repeating: " ", count: labelWidth)
      let label = label + ":" + String(repeating: " ", count: labelWidth - label.count - 1)
      output += label + value.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
      output += "\n"
    }
    return output
  }

  static func tags(_ tags: [TagCount], json: Bool, terminal: Terminal) -> String {
    if json {
      return JSONShapes.tagList(tags)
    }
    var table = Table(columns: [.init(title: "TAG"), .init(title: "WORDS", alignment: .right)])
    table.rows = tags.map { [$0.name, String($0.wordCount)] }
    return table.render(bold: terminal.usesColour, width: terminal.columns)
  }
}

extension Listings {
  /// `retention 0.9, 20 new cards and 200 reviews a day, fuzz on`.
  static func reviewSettings(_ settings: ReviewSettings) -> String {
    "retention \(settings.desiredRetention), \(settings.newCardsPerDay) new cards and \(settings.maxReviewsPerDay) "
      + "reviews a day, fuzz \(settings.fuzz ? "on" : "off")"
  }
}

extension Listings {
  /// `learning (step 1), due 2026-03-01T08:10:00Z`, or `new, due …`.
  static func card(_ card: StoredCard) -> String {
    let step = card.state == .learning || card.state == .relearning ? " (step \(card.step))" : ""
    return "\(card.state.rawValue)\(step), due \(UTCTime.iso8601(card.due))"
  }
}

extension Listings {
  /// `due`: `12 due: 5 new, 2 learning, 4 review, 1 relearning; next at 2026-03-01T08:10:00Z`.
  static func due(_ counts: DueCounts) -> String {
    let total = counts.total
    let next = counts.next.map { "next at \(UTCTime.iso8601($0))" } ?? "none due later"
    return "\(total.all) due: \(total.new) new, \(total.learning) learning, \(total.review) review, "
      + "\(total.relearning) relearning; \(next)\n"
  }
}

extension Listings {
  /// `stats`: the cards per state, the reviews and retention, and a table of reviews per review day.
  static func stats(_ stats: ReviewStats, terminal: Terminal) -> String {
    let cards = stats.cards
    var text = "cards: \(cards.all) (\(cards.new) new, \(cards.learning) learning, \(cards.review) review, "
      + "\(cards.relearning) relearning)\n"
    let retention = stats.retention.map { value in
      "retention \(Int((value * 1000).rounded()) / 10).\(Int((value * 1000).rounded()) % 10)% of "
        + "\(stats.reviewsOfReviewCards) reviews of review cards"
    } ?? "no review of a review card yet"
    text += "reviews: \(stats.reviews) (\(retention))\n"
    guard !stats.days.isEmpty else { return text }
    var table = Table(columns: [.init(title: "DAY"), .init(title: "REVIEWS", alignment: .right)])
    table.rows = stats.days.map { [date($0), String($0.reviews)] }
    return text + table.render(bold: terminal.usesColour, width: terminal.columns)
  }

  /// `2026-03-01`.
  static func date(_ day: ReviewStats.Day) -> String {
    func digits(_ value: Int, _ count: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, count - text.count)) + text
    }
    return "\(digits(day.year, 4))-\(digits(day.month, 2))-\(digits(day.day, 2))"
  }
}
