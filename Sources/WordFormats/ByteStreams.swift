/// Where a reader takes its bytes from: a closure handing out the next chunk, or nil at the end.
/// Readers pull one chunk at a time, so a file of any size is read in the memory of a few chunks.
public struct ByteSource {
  let nextChunk: () throws -> [UInt8]?

  /// `next` returns the next chunk (an empty chunk is skipped), nil at the end; what it throws passes through.
  public init(_ next: @escaping () throws -> [UInt8]?) {
    nextChunk = next
  }

  /// Bytes already in memory, handed out `chunkSize` at a time (tests use tiny chunks to split every token).
  public static func bytes(_ bytes: [UInt8], chunkSize: Int = 64 * 1024) -> ByteSource {
    var offset = 0
    let size = max(1, chunkSize)
    return ByteSource {
      guard offset < bytes.count else { return nil }
      let end = min(offset + size, bytes.count)
      defer { offset = end }
      return Array(bytes[offset..<end])
    }
  }

  public static func string(_ text: String, chunkSize: Int = 64 * 1024) -> ByteSource {
    bytes(Array(text.utf8), chunkSize: chunkSize)
  }
}

/// Collects a writer's output and hands it to `sink` in large chunks, so a million rows cost few writes.
struct BufferedOutput {
  private let sink: ([UInt8]) throws -> Void
  private var buffer: [UInt8] = []
  private let flushSize = 64 * 1024

  init(sink: @escaping ([UInt8]) throws -> Void) {
    self.sink = sink
    buffer.reserveCapacity(flushSize + 4096)
  }

  mutating func append(_ text: String) {
    text.withUTF8Bytes { append($0) }
  }

  /// Copied in one piece (appending a string's UTF-8 view steps it a byte at a time).
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  mutating func append(_ byte: UInt8) {
    buffer.append(byte)
  }

  /// Hands the buffer to the sink once it is big enough; call after each row.
  mutating func flushIfFull() throws {
    if buffer.count >= flushSize { try flush() }
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try sink(buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

extension String {
  /// Runs `body` over the string's UTF-8 in one buffer: a native string lends its own storage (no copy, not even
  /// of the string), only a bridged one is copied first. Several times faster than stepping `utf8`, which the
  /// writers would do for every byte of every field of an export.
  func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
    return try Array(utf8).withUnsafeBufferPointer(body)
  }
}
