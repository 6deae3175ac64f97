import Storage

/// What `import` prints when it is done (or, with --dry-run, what it would do).
enum TransferListings {
  static func importSummary(_ report: ImportReport) -> String {
    var text = ""
    if report.dryRun {
      text += "Dry run: nothing was written.\n"
      for bookCase in report.bookCases {
        var reasons: [String] = []
        if bookCase.skippedSameGuid > 0 { reasons.append("\(grouped(bookCase.skippedSameGuid)) with a guid already there") }
        if bookCase.skippedSameTerm > 0 {
          reasons.append("\(grouped(bookCase.skippedSameTerm)) with a term and reading already there")
        }
        if bookCase.unchanged > 0 { reasons.append("\(grouped(bookCase.unchanged)) already the same") }
        text += "“\(bookCase.name)”\(bookCase.created ? " (new bookcase)" : ""): \(grouped(bookCase.added)) to add, "
          + "\(grouped(bookCase.updated)) to update, \(grouped(bookCase.skipped)) to skip"
          + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))") + "\n"
      }
    } else {
      for bookCase in report.bookCases where bookCase.created {
        text += "Created bookcase “\(bookCase.name)” (id \(bookCase.id)).\n"
      }
    }
    var clauses = [
      "\(report.dryRun ? "Would import" : "Imported") \(count(report.added, "word")) into "
        + count(report.bookCases.count, "bookcase")
    ]
    if report.updated > 0 { clauses.append("\(report.dryRun ? "update" : "updated") \(grouped(report.updated))") }
    if report.skipped > 0 {
      clauses.append("\(report.dryRun ? "skip" : "skipped") \(count(report.skipped, "duplicate"))")
    }
    return text + clauses.joined(separator: "; ") + ".\n"
  }

  /// `1 word`, `1,234 words`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
  }

  /// The number with a comma between groups of three digits: `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }
}
