import Foundation
import Testing

@testable import AnkiPackage

struct ZstdDecoderTests {
  static let compressed = { () -> [UInt8] in
    [UInt8]((try? entry("collection.anki21b", of: Fixtures.url("anki21b.apkg"))) ?? Data())
  }()

  static func decode(_ bytes: [UInt8], pieces: Int) throws -> [UInt8] {
    let decoder = try ZstdDecoder()
    var output: [UInt8] = []
    for start in stride(from: 0, to: bytes.count, by: pieces) {
      try bytes[start..<min(start + pieces, bytes.count)].withUnsafeBytes { piece in
        try decoder.decode(piece) { output.append(contentsOf: $0) }
      }
    }
    try decoder.finish()
    return output
  }

  /// However the input is cut up, the output is the same whole SQLite file, larger than zstd's output buffer.
  @Test(arguments: [1, 7, 4096, Int.max])
  func decodesAStreamHandedOverInPieces(_ pieces: Int) throws {
    let whole = try Self.decode(Self.compressed, pieces: Int.max)
    #expect(whole.starts(with: Array("SQLite format 3\0".utf8)))
    #expect(whole.count > 128 * 1024)
    #expect(try Self.decode(Self.compressed, pieces: pieces) == whole)
  }

  @Test func aStreamCutAnywhereIsAnError() throws {
    for length in [0, 1, 5, Self.compressed.count / 3, Self.compressed.count - 1] {
      #expect(throws: AnkiPackageError.badCompression("the zstd stream ends early")) {
        try Self.decode(Array(Self.compressed.prefix(length)), pieces: 100)
      }
    }
  }
}
