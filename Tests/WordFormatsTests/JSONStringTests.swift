import Foundation
import Testing

@testable import WordFormats

struct JSONStringTests {
  func written(_ value: String) -> String {
    var bytes: [UInt8] = []
    JSONString.append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func escapesQuotesBackslashesAndControlCharactersOnly() {
    #expect(written(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    #expect(written("a\nb\rc\td") == #""a\nb\rc\td""#)
    #expect(written("\u{0}\u{1}\u{1B}\u{1F}") == #""\u0000\u0001\u001B\u001F""#)
    #expect(written("日本語 😀 /") == "\"日本語 😀 /\"")
  }

  /// Foundation's JSON parser, the real thing, reads every string back as it was: each control character, the
  /// characters that need escaping, and text in other scripts.
  @Test func foundationsParserReadsEveryStringBack() throws {
    let controls = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) })
    for value in [controls, "\"\\/\u{7F}", "é\u{301}ＡｂＣ 토픽 中級", ""] {
      let document = Data(("[" + written(value) + "]").utf8)
      let parsed = try #require(try JSONSerialization.jsonObject(with: document) as? [String])
      #expect(parsed == [value])
    }
  }
}
