/// Turns the bytes read from a terminal in raw mode into keys. A read may end inside a UTF-8 character or an
/// escape sequence: the decoder keeps the incomplete tail for the next read.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// The keys `bytes` complete, in order. An ESC ending a read is taken as the Escape key: a terminal sends
  /// an escape sequence in one write, so a sequence is not split from its ESC.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      guard let (key, length) = Self.key(at: index, in: pending) else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// The key starting at `index` and how many bytes it takes; nil when the bytes there are incomplete; a nil
  /// key for bytes that are no key (invalid UTF-8, a stray continuation byte).
  private static func key(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x0D, 0x0A:
      return (.enter, 1)
    case 0x1B:
      return escape(at: index, in: bytes)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F, 0x7F:
      return (nil, 1)
    case 0x20..<0x7F:
      return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
      return utf8(at: index, in: bytes)
    }
  }

  /// ESC alone, or a CSI (`ESC [` … final byte 0x40–0x7E) or SS3 (`ESC O` and one byte) sequence, or Alt and
  /// a key (ESC and one byte).
  private static func escape(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    guard index + 1 < bytes.count else { return (.escape, 1) }
    switch bytes[index + 1] {
    case UInt8(ascii: "["):
      var end = index + 2
      while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
      guard end < bytes.count else { return nil }
      return (.escapeSequence(Array(bytes[(index + 1)...end])), end - index + 1)
    case UInt8(ascii: "O"):
      guard index + 2 < bytes.count else { return nil }
      return (.escapeSequence(Array(bytes[(index + 1)...(index + 2)])), 3)
    default:
      return (.escapeSequence([bytes[index + 1]]), 2)
    }
  }

  private static func utf8(at index: Int, in bytes: [UInt8]) -> (Key?, Int)? {
    let length =
      switch bytes[index] {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 0
      }
    guard length > 0 else { return (nil, 1) }
    guard index + length <= bytes.count else { return nil }
    let slice = bytes[index..<(index + length)]
    guard let text = String(validating: slice, as: UTF8.self), let character = text.first else { return (nil, 1) }
    return (.character(character), length)
  }
}
