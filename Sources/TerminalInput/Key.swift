/// A key as a terminal in raw mode sends it.
public enum Key: Equatable, Sendable {
  /// A printable character, as typed (a digit, a letter, a space, a CJK character).
  case character(Character)
  /// Enter or Return (CR, or LF from some terminals).
  case enter
  /// Ctrl and a letter (`control("c")` for Ctrl-C), which raw mode delivers as a byte instead of a signal.
  case control(Character)
  /// Escape on its own.
  case escape
  /// A key sent as an escape sequence (arrows, function keys, a mouse report): its bytes after ESC.
  case escapeSequence([UInt8])
}
