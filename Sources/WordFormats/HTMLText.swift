/// Anki keeps note fields as HTML; vocab keeps plain text. These convert between the two.
public enum HTMLText {
  /// A field's text and the media files it refers to (`[sound:…]`, `<img src=…>` and the like), in order.
  public struct Converted: Equatable, Sendable {
    public var text: String
    public var media: [String]
  }

  /// HTML as a person reads it: tags dropped, `<br>` a line break, block elements (`<div>`, `<p>`, `<li>`, …)
  /// on lines of their own, entities decoded (a no-break space from an entity becomes a space, as Anki does),
  /// raw line breaks spaces as a browser shows them, `<style>`/`<script>` contents and comments dropped.
  /// Media stay as text: `[sound:a.mp3]` as written, an image or audio element as its file name.
  public static func text(fromHTML html: String) -> Converted {
    var converter = Converter(Array(html.utf8))
    converter.run()
    return Converted(text: String(decoding: converter.output, as: UTF8.self), media: converter.media)
  }

  /// Text as HTML that shows it unchanged: `&`, `<` and `>` escaped, each line break (LF, CRLF, CR) a `<br>`.
  public static func html(fromText text: String) -> String {
    // Most fields hold nothing to escape, and come back as they are, without a copy.
    guard text.withUTF8Bytes({ $0.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D || $0 == 0x0A } })
    else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count)
    var previous: UInt8 = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
      case 0x0D: out.append(contentsOf: "<br>".utf8)
      case 0x0A where previous != 0x0D: out.append(contentsOf: "<br>".utf8)
      case 0x0A: break
      default: out.append(byte)
      }
      previous = byte
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The elements whose start and end break a line (the list Anki itself treats as line breaks).
  static let blockElements: Set<String> = [
    "address", "article", "aside", "blockquote", "canvas", "dd", "div", "dl", "dt", "fieldset", "figcaption",
    "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav",
    "noscript", "ol", "output", "p", "pre", "section", "table", "tfoot", "tr", "ul", "video",
  ]
  /// Elements whose `src` (or `data`) names a media file, as in Anki's media-reference pattern.
  static let mediaElements: Set<String> = ["img", "audio", "video", "object", "source"]

  /// Named entities: the ones Anki's editor writes, and common typographic ones. Others stay as written.
  static let namedEntities: [String: String] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
    "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
    "ldquo": "\u{201C}", "rdquo": "\u{201D}", "laquo": "\u{AB}", "raquo": "\u{BB}", "copy": "\u{A9}",
    "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "middot": "\u{B7}", "bull": "\u{2022}",
    "times": "\u{D7}", "divide": "\u{F7}", "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}",
    "cent": "\u{A2}", "sect": "\u{A7}", "para": "\u{B6}", "shy": "\u{AD}", "iexcl": "\u{A1}", "iquest": "\u{BF}",
  ]
}

private struct Converter {
  let input: [UInt8]
  var index = 0
  var output: [UInt8] = []
  var media: [String] = []
  /// A block element started or ended: the next text goes on a new line, unless it already would.
  var pendingBreak = false
  /// A raw line break in the HTML: a space, unless a line break or the end comes first.
  var pendingSpace = false

  init(_ input: [UInt8]) {
    self.input = input
    output.reserveCapacity(input.count)
  }

  var atLineStart: Bool { output.isEmpty || output.last == 0x0A }

  mutating func run() {
    while index < input.count {
      switch input[index] {
      case UInt8(ascii: "<"): tag()
      case UInt8(ascii: "&"): entity()
      case 0x0A, 0x0D:
        pendingSpace = true
        index += 1
      case UInt8(ascii: "["):
        soundReference()
        emit(input[index...index])
        index += 1
      default:
        let start = index
        while index < input.count, !Self.special(input[index]) { index += 1 }
        emit(input[start..<index])
      }
    }
  }

  static func special(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "[") || byte == 0x0A
      || byte == 0x0D
  }

  mutating func emit(_ bytes: ArraySlice<UInt8>) {
    if pendingBreak && !atLineStart { output.append(0x0A) }
    if pendingSpace && !atLineStart { output.append(0x20) }
    pendingBreak = false
    pendingSpace = false
    output.append(contentsOf: bytes)
  }

  mutating func emit(_ text: String) {
    emit(ArraySlice(text.utf8))
  }

  mutating func lineBreak() {
    if pendingBreak && !atLineStart { output.append(0x0A) }
    pendingBreak = false
    pendingSpace = false
    output.append(0x0A)
  }

  mutating func blockBoundary() {
    pendingBreak = true
    pendingSpace = false
  }

  /// `[sound:name]` is Anki's reference to an audio or video file; it stays in the text and is reported.
  mutating func soundReference() {
    let prefix = Array("[sound:".utf8)
    guard input[index...].starts(with: prefix) else { return }
    let nameStart = index + prefix.count
    guard let close = input[nameStart...].firstIndex(of: UInt8(ascii: "]")), close > nameStart else { return }
    media.append(String(decoding: input[nameStart..<close], as: UTF8.self))
  }

  mutating func tag() {
    let next = index + 1 < input.count ? input[index + 1] : 0
    if next == UInt8(ascii: "!") {
      let end = input[index...].starts(with: Array("<!--".utf8)) ? find("-->", from: index + 4) : find(">", from: index)
      if let end {
        index = end
      } else {
        literal()
      }
      return
    }
    let closing = next == UInt8(ascii: "/")
    var cursor = index + (closing ? 2 : 1)
    let nameStart = cursor
    while cursor < input.count, Self.isNameByte(input[cursor]) { cursor += 1 }
    guard cursor > nameStart, Self.isLetter(input[nameStart]), let end = tagEnd(from: cursor) else {
      literal()
      return
    }
    let name = String(decoding: input[nameStart..<cursor], as: UTF8.self).lowercased()
    let attributes = input[cursor..<(end - 1)]
    index = end
    if !closing && (name == "style" || name == "script") {
      // Their contents are code, not text: skip to the end tag, or drop the rest if it never comes.
      index = find("</\(name)", from: index, ignoringCase: true).flatMap { find(">", from: $0) } ?? input.count
      return
    }
    if name == "br" {
      lineBreak()
    } else if HTMLText.blockElements.contains(name) {
      blockBoundary()
    }
    if !closing && HTMLText.mediaElements.contains(name),
      let file = Self.attribute("src", in: attributes) ?? Self.attribute("data", in: attributes), !file.isEmpty
    {
      let name = Self.decodeEntities(file)
      media.append(name)
      emit(name)
    }
  }

  /// A `<` that starts no tag is text.
  mutating func literal() {
    emit(input[index...index])
    index += 1
  }

  /// The index after the `>` that ends a tag, skipping `>` inside quoted attribute values.
  func tagEnd(from start: Int) -> Int? {
    var cursor = start
    var quote: UInt8? = nil
    while cursor < input.count {
      let byte = input[cursor]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return cursor + 1
      } else if byte == UInt8(ascii: "<") {
        return nil
      }
      cursor += 1
    }
    return nil
  }

  /// The index after the first occurrence of `needle` at or after `start`.
  func find(_ needle: String, from start: Int, ignoringCase: Bool = false) -> Int? {
    let pattern = Array((ignoringCase ? needle.lowercased() : needle).utf8)
    guard start <= input.count, input.count - start >= pattern.count else { return nil }
    for position in start...(input.count - pattern.count) {
      var matches = true
      for offset in 0..<pattern.count {
        var byte = input[position + offset]
        if ignoringCase && Self.isLetter(byte) { byte |= 0x20 }
        if byte != pattern[offset] {
          matches = false
          break
        }
      }
      if matches { return position + pattern.count }
    }
    return nil
  }

  mutating func entity() {
    if let (text, end) = Self.entity(in: input, at: index) {
      emit(text)
      index = end
    } else {
      literal()
    }
  }

  /// The entity starting at `start` (an `&`) and the index after its `;`, or nil if it is not one we know.
  static func entity(in bytes: [UInt8], at start: Int) -> (String, Int)? {
    var cursor = start + 1
    guard cursor < bytes.count else { return nil }
    if bytes[cursor] == UInt8(ascii: "#") {
      cursor += 1
      var radix = 10
      if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
        radix = 16
        cursor += 1
      }
      let digitsStart = cursor
      while cursor < bytes.count, cursor - digitsStart < 8, Self.isDigit(bytes[cursor], radix: radix) { cursor += 1 }
      guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
        let value = UInt32(String(decoding: bytes[digitsStart..<cursor], as: UTF8.self), radix: radix)
      else { return nil }
      // A no-break space reads as a space, as in Anki's own conversion to text.
      let scalar = value == 0xA0 ? " " : Unicode.Scalar(value).map(String.init) ?? "\u{FFFD}"
      return (value == 0 ? "\u{FFFD}" : scalar, cursor + 1)
    }
    let nameStart = cursor
    while cursor < bytes.count, cursor - nameStart < 8, Self.isNameByte(bytes[cursor]) { cursor += 1 }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"),
      let text = HTMLText.namedEntities[String(decoding: bytes[nameStart..<cursor], as: UTF8.self)]
    else { return nil }
    return (text, cursor + 1)
  }

  static func decodeEntities(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var cursor = 0
    while cursor < bytes.count {
      if bytes[cursor] == UInt8(ascii: "&"), let (decoded, end) = entity(in: bytes, at: cursor) {
        out.append(contentsOf: decoded.utf8)
        cursor = end
      } else {
        out.append(bytes[cursor])
        cursor += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The value of attribute `name` (any case) in the text between a tag's name and its `>`.
  static func attribute(_ name: String, in bytes: ArraySlice<UInt8>) -> String? {
    var cursor = bytes.startIndex
    let end = bytes.endIndex
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
    while cursor < end {
      while cursor < end, isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
      let nameStart = cursor
      while cursor < end, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: "="),
        bytes[cursor] != UInt8(ascii: "/")
      {
        cursor += 1
      }
      let attributeName = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
      while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
      var value: ArraySlice<UInt8>? = nil
      if cursor < end, bytes[cursor] == UInt8(ascii: "=") {
        cursor += 1
        while cursor < end, isSpace(bytes[cursor]) { cursor += 1 }
        if cursor < end, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
          let quote = bytes[cursor]
          let valueStart = cursor + 1
          cursor = bytes[valueStart...].firstIndex(of: quote) ?? end
          value = bytes[valueStart..<cursor]
          cursor = min(cursor + 1, end)
        } else {
          let valueStart = cursor
          while cursor < end, !isSpace(bytes[cursor]) { cursor += 1 }
          value = bytes[valueStart..<cursor]
        }
      }
      if attributeName == name, let value { return String(decoding: value, as: UTF8.self) }
      if cursor == nameStart { cursor += 1 }
    }
    return nil
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  static func isDigit(_ byte: UInt8, radix: Int) -> Bool {
    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { return true }
    return radix == 16 && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f")
  }
}
