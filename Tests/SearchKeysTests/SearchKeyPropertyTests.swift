import Foundation
import Testing

@testable import SearchKeys

/// Properties of `fold` over random strings drawn from the scripts search meets.
@Suite struct SearchKeyPropertyTests {
  /// A seeded generator, so a failure reproduces.
  struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let ranges: [ClosedRange<UInt32>] = [
    0x20...0x7E, 0xA0...0x24F, 0x300...0x36F, 0x370...0x3FF, 0x400...0x4FF, 0x1E00...0x1EFF,
    0x1100...0x11FF, 0x3041...0x30FF, 0x3131...0x318E, 0x3300...0x33FF, 0x4E00...0x4E80,
    0xAC00...0xD7A3, 0xFB00...0xFB06, 0xFF01...0xFFEE,
  ]

  static func randomString(using rng: inout SplitMix64, from ranges: [ClosedRange<UInt32>]) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
      let range = ranges.randomElement(using: &rng)!
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { scalars.append(scalar) }
    }
    return String(scalars)
  }

  @Test func foldIsIdempotentAndIgnoresNormalisationForm() {
    var rng = SplitMix64(state: 12)
    for _ in 0..<3000 {
      let text = Self.randomString(using: &rng, from: Self.ranges)
      let folded = SearchKey.fold(text)
      #expect(SearchKey.fold(folded) == folded, "\(text.unicodeScalars.map { $0.value })")
      #expect(SearchKey.fold(text.decomposedStringWithCanonicalMapping) == folded, "\(text.unicodeScalars.map { $0.value })")
      #expect(SearchKey.fold(text.precomposedStringWithCanonicalMapping) == folded, "\(text.unicodeScalars.map { $0.value })")
    }
  }

  @Test func asciiFastPathEqualsGeneralPath() {
    var rng = SplitMix64(state: 7)
    for _ in 0..<3000 {
      let text = Self.randomString(using: &rng, from: [0x00...0x7F])
      #expect(SearchKey.foldASCII(text) == SearchKey.foldUnicode(text), "\(text.unicodeScalars.map { $0.value })")
    }
  }
}
