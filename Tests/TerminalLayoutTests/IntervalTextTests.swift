import Testing

@testable import TerminalLayout

@Suite struct IntervalTextTests {
  static let day: Double = 86_400
  static let cases: [(Double, String)] = [
    (0, "<1m"), (59, "<1m"), (60, "1m"), (330, "6m"), (600, "10m"), (3599, "60m"), (3600, "1h"), (5400, "2h"),
    (86_399, "24h"), (day, "1d"), (8 * day, "8d"), (29 * day, "29d"), (30 * day, "1mo"), (45 * day, "1.5mo"),
    (364 * day, "12.1mo"), (365 * day, "1y"), (800 * day, "2.2y"), (36_500 * day, "100y"),
  ]

  @Test(arguments: cases)
  func spansAsAnswerButtonsLabelThem(seconds: Double, text: String) {
    #expect(IntervalText.short(seconds) == text)
  }
}
