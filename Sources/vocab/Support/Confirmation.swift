import Foundation

/// Destructive commands ask first on a terminal; without a terminal to ask on, they need `--yes`.
enum Confirmation {
  /// Whether to go ahead. Throws when stdin is not a terminal and `--yes` was not given.
  static func confirm(_ question: String, yes: Bool, terminal: Terminal) throws(Failure) -> Bool {
    if yes { return true }
    guard terminal.stdinIsTerminal else {
      throw Failure("\(question) Not confirmed: stdin is not a terminal, so pass --yes to confirm")
    }
    Streams.err("\(question) [y/N] ")
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
