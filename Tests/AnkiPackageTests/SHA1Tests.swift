import Foundation
import Testing

@testable import AnkiPackage

struct SHA1Tests {
  @Test func digestsTheStandardVectors() {
    func hex(_ text: String) -> String { SHA1.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
    #expect(hex("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    #expect(hex("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(
      hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
        == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
  }

  /// The checksums Anki wrote for these notes in Fixtures/legacy.apkg.
  @Test func fieldChecksumIsAnkis() {
    #expect(SHA1.fieldChecksum("Hund") == 243_334_449)
    #expect(SHA1.fieldChecksum("Katze") == 2_352_814_564)
  }
}
