#if canImport(Glibc)
  import Glibc
#endif

/// A full-screen session on the terminal: raw input (keys arrive one by one, unechoed, Ctrl-C and Ctrl-Z as
/// bytes), the alternate screen, the cursor hidden. `restore()` puts everything back; so does any way the
/// process ends: `exit` (an `atexit` handler) and a crash signal of its own (SIGSEGV, SIGILL, SIGTRAP, SIGABRT,
/// SIGBUS, SIGFPE: restored in the handler, then the signal goes on to the handler that was there before, so
/// the crash still reports and kills). Signals that should end or stop the session cleanly (SIGTERM, SIGTSTP)
/// are the caller's to catch; it calls `restore()` and `enter()` around them.
///
/// One terminal per process: the saved settings live in globals a signal handler can read.
public enum RawTerminal {
  /// Saves the terminal's settings (the first time) and enters raw mode and the full screen. Fails, changing
  /// nothing, when stdin is not a terminal.
  public static func enter() -> Bool {
    if !hasSaved {
      guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return false }
      hasSaved = true
      // The handlers read these; initialise them here, never first inside a handler.
      _ = (leaveScreen, previous)
      installExitHandlers()
    }
    var raw = saved
    // Keys one at a time, not echoed, with no signals or flow control from the keyboard; output processing
    // (LF to CR LF) stays on.
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) {
      $0[Int(VMIN)] = 1
      $0[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return false }
    isRaw = true
    write(enterScreen)
    return true
  }

  /// Puts the terminal's settings back as they were and leaves the full screen: settings first, so that keys
  /// typed once the shell's screen is back are echoed and edited as the shell expects. Safe to call again, and
  /// from a signal handler (it only calls `tcsetattr` and `write`).
  public static func restore() {
    guard isRaw else { return }
    isRaw = false
    _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    write(leaveScreen)
  }

  /// Alternate screen on, cursor hidden, screen cleared.
  static let enterScreen: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8)
  /// Cursor shown, alternate screen off.
  static let leaveScreen: [UInt8] = Array("\u{1B}[?25h\u{1B}[?1049l".utf8)

  // Written before the handlers that read them are installed, then only by enter and restore.
  nonisolated(unsafe) private static var saved = termios()
  nonisolated(unsafe) private static var hasSaved = false
  nonisolated(unsafe) private static var isRaw = false
  static let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE]
  /// The handler each crash signal had before ours, indexed by signal number.
  nonisolated(unsafe) private static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)

  private static func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }

  private static func installExitHandlers() {
    atexit { RawTerminal.restore() }
    for signal in crashSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        RawTerminal.restore()
        // Hand the signal to whoever had it (Swift's backtracer, or the default: die with a core); raised
        // again so that a signal sent by kill, which would not recur on return, still ends the process.
        sigaction(signal, RawTerminal.previous + Int(signal), nil)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      sigaction(signal, &action, previous + Int(signal))
    }
  }
}
