import Testing

@testable import TerminalInput

@Suite struct KeyDecoderTests {
  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
  }

  @Test func printableKeysEnterAndControlKeys() {
    #expect(keys(Array(" 1234uq".utf8)) == [" ", "1", "2", "3", "4", "u", "q"].map { .character($0) })
    #expect(keys([0x0D, 0x0A]) == [.enter, .enter])
    #expect(keys([0x03, 0x1A, 0x04]) == [.control("c"), .control("z"), .control("d")])
    // NUL, DEL and the other C0 bytes that are no Ctrl-letter are no key.
    #expect(keys([0x00, 0x7F, 0x1C, 0x1F]) == [])
  }

  @Test func utf8CharactersWholeEvenWhenSplitAcrossReads() {
    #expect(keys(Array("猫é".utf8)) == [.character("猫"), .character("é")])
    var decoder = KeyDecoder()
    let cat = Array("猫".utf8)
    #expect(decoder.decode(cat.prefix(2)) == [])
    #expect(decoder.decode(cat.suffix(1) + [UInt8(ascii: "q")]) == [.character("猫"), .character("q")])
  }

  @Test func invalidUTF8IsSkippedAndWhatFollowsStillDecodes() {
    #expect(keys([0xFF, 0x80, 0x31]) == [.character("1")])
    #expect(keys([0xE3, 0x31, 0x32]) == [.character("1"), .character("2")])
  }

  @Test func escapeSequencesAreOneKeyEachAndEscapeAloneIsEscape() {
    // Up arrow, F1 (SS3), Delete (CSI 3 ~), Alt-x.
    #expect(keys([0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x50, 0x1B, 0x5B, 0x33, 0x7E, 0x1B, 0x78]) == [
      .escapeSequence([0x5B, 0x41]), .escapeSequence([0x4F, 0x50]), .escapeSequence([0x5B, 0x33, 0x7E]),
      .escapeSequence([0x78]),
    ])
    #expect(keys([0x1B]) == [.escape])
    // A sequence cut short waits for the rest; the digit that follows it is still a key.
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x31, 0x1B, 0x5B, 0x31]) == [.character("1")])
    #expect(decoder.decode([0x3B, 0x35, 0x43, 0x32]) == [.escapeSequence([0x5B, 0x31, 0x3B, 0x35, 0x43]), .character("2")])
  }
}
