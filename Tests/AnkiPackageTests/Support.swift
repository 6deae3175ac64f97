import Foundation
import ZIPFoundation

enum Fixtures {
  static let directory = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Fixtures")
  static func url(_ name: String) -> URL { directory.appending(path: name) }
}

/// A temporary directory for one test, removed when it ends.
final class Scratch {
  let directory = FileManager.default.temporaryDirectory.appending(path: "vocab-apkg-test-\(UUID().uuidString)")
  init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
  deinit { try? FileManager.default.removeItem(at: directory) }
  func url(_ name: String) -> URL { directory.appending(path: name) }

  /// A zip at `name` holding the given entries, stored as written.
  func zip(_ name: String, _ entries: [(String, Data)]) throws -> URL {
    let url = url(name)
    let archive = try Archive(url: url, accessMode: .create)
    for (path, data) in entries {
      try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return url
  }
}

/// The bytes of one entry of a zip.
func entry(_ path: String, of url: URL) throws -> Data? {
  let archive = try Archive(url: url, accessMode: .read)
  guard let entry = archive[path] else { return nil }
  var data = Data()
  _ = try archive.extract(entry) { data.append($0) }
  return data
}

/// SplitMix64: the same sequence on every machine, so a failing seed replays anywhere.
struct Random: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
