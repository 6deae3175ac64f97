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
  /// The terminal's size in cells when stdout is a terminal that says: tables are fitted to its width, and
  /// `refresh --watch` redraws in place what fits its height.
  var columns: Int?
  var lines: Int?

  static func current(environment: [String: String]) -> Terminal {
    let stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
    let size = stdoutIsTerminal ? size(of: STDOUT_FILENO) : nil
    let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    return Terminal(
      stdinIsTerminal: isatty(STDIN_FILENO) == 1,
      stdoutIsTerminal: stdoutIsTerminal,
      usesColour: stdoutIsTerminal && !noColour,
      columns: size?.columns, lines: size?.lines
    )
  }

  private static func size(of descriptor: Int32) -> (columns: Int, lines: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
