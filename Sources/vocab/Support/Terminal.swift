#if canImport(Glibc)
  import Glibc
#endif

/// What vocab knows about where it is running: whether stdin and stdout are terminals and whether colour is
/// wanted. Read once per command, and only by commands that print or confirm.
struct Terminal: Sendable {
  var stdinIsTerminal: Bool
  var stdoutIsTerminal: Bool
  /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty (no-color.org)
  /// or the terminal is `dumb`.
  var usesColour: Bool

  static func current(environment: [String: String]) -> Terminal {
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    return Terminal(
      stdinIsTerminal: isatty(STDIN_FILENO) == 1,
      stdoutIsTerminal: stdoutIsTerminal,
      usesColour: stdoutIsTerminal && !noColour
    )
  }
}
