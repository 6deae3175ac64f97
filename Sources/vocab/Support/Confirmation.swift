import Composable
import Foundation

/// Destructive commands ask first on a terminal; without a terminal to ask on, they need `--yes`.
enum Confirmation {
  /// Whether the person goes ahead with `confirmation`: `--yes`, or a yes to its title (and message) asked on
  /// the terminal as `<title> <message> [y/N] `. Anything else, Ctrl-D included, backs out. Throws `<refusal> without confirmation…`
  /// when stdin is not a terminal and `--yes` was not given.
  static func isConfirmed<Action>(
    _ confirmation: ConfirmationState<Action>, refusal: String, yes: Bool, terminal: Terminal
  ) throws(Failure) -> Bool {
    if yes { return true }
    guard terminal.stdinIsTerminal else {
      throw Failure("\(refusal) without confirmation: stdin is not a terminal; pass --yes to confirm")
    }
    let question = [confirmation.title, confirmation.message].compactMap { $0 }.joined(separator: " ")
    Streams.err("\(question) [y/N] ")
    guard let answer = readLine() else {
      // Ctrl-D leaves the cursor after the question: end its line so the error starts on one of its own.
      Streams.err("\n")
      return false
    }
    return isYes(answer)
  }

  /// `y` or `yes` in any case, also typed full-width (`ｙ`, `ＹＥＳ`) as an East Asian input method does.
  static func isYes(_ answer: String) -> Bool {
    let folded = answer.precomposedStringWithCompatibilityMapping.trimmingCharacters(in: .whitespaces)
    return ["y", "yes"].contains(folded.lowercased())
  }
}
