import FSRS
import Foundation
import ReviewFeature
import TerminalLayout

/// What `review` shows for a state: a header with what is left, the card (question, then answer), and the keys
/// that apply now. It only draws; the reducer decides.
enum ReviewScreen {
  static let ratings: [(Rating, String)] = [(.again, "Again"), (.hard, "Hard"), (.good, "Good"), (.easy, "Easy")]

  /// The screen's lines. `now` only says how long a wait has still to go.
  static func lines(_ state: ReviewReducer.State, title: String, now: Date) -> [String] {
    let left = state.left
    var lines = [
      "\(title)   New \(left.new) · Learning \(left.learning) · Review \(left.review) · Done \(state.reviewed)", "",
    ]
    if state.isLoading {
      lines.append("  Loading…")
    } else if let current = state.current {
      let word = current.word
      let term = word.reading.isEmpty ? word.term : "\(word.term)  【\(word.reading)】"
      let question = state.reverse ? [word.meaning] : [term]
      let answer = (state.reverse ? [term] : [word.meaning]) + [word.example, word.note]
      lines += indented(question)
      if let shown = state.answer {
        lines += ["", "  " + String(repeating: "─", count: 24), ""]
        lines += indented(answer.filter { !$0.isEmpty })
        lines += ["", "  " + ratings.map { "\($0.0.rawValue) \($0.1) \(IntervalText.short(shown.intervals[$0.0] ?? 0))" }
          .joined(separator: "   ")]
        lines.append("  u undo · q quit")
      } else {
        lines += ["", "  Space or Enter: show the answer · u undo · q quit"]
      }
    } else if let due = state.waitingUntil {
      lines.append("  The next learning card is due in \(IntervalText.short(due.timeIntervalSince(now))).")
      lines += ["", "  u undo · q quit"]
    } else {
      lines.append("  Nothing more is due: \(state.reviewed) reviewed in this session.")
      lines += ["", "  u undo · q quit"]
    }
    if let error = state.error {
      lines += ["", "  error: \(Failure(error).message)"]
    }
    return lines
  }

  private static func indented(_ fields: [String]) -> [String] {
    fields.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 } }
  }
}
