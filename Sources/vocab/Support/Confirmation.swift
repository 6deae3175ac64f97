import Foundation

/// Destructive commands ask first on a terminal; without a terminal to ask on, they need `--yes`.
enum Confirmation {
  /// Whether to delete `what` (e.g. "word 3 “猫”"). Throws when stdin is not a terminal and `--yes` was not given.
  static func delete(_ what: String, yes: Bool, terminal: Terminal) throws(Failure) -> Bool {
    if yes { return true }
    guard terminal.stdinIsTerminal else {
      throw Failure("not deleting \(what) without confirmation: stdin is not a terminal; pass --yes to confirm")
    }
    Streams.err("Delete \(what)? [y/N] ")
    guard let answer = readLine() else { return false }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
