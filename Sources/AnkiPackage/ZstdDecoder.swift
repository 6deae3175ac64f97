import CZstd

/// Decompresses one zstd stream handed over in pieces, passing the output on as it comes, so a large
/// collection never sits whole in memory.
final class ZstdDecoder {
  private let stream: OpaquePointer
  private var output = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
  /// zstd's hint after the last call: 0 once a frame has been decoded to its end and flushed.
  private var pending = 1

  init() throws {
    guard let stream = ZSTD_createDStream() else { throw AnkiPackageError.badCompression("out of memory") }
    self.stream = stream
    ZSTD_initDStream(stream)
  }

  deinit { ZSTD_freeDStream(stream) }

  func decode(_ bytes: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) throws -> Void) throws {
    var input = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
    let capacity = output.count
    var filled = false
    // Go on while input is left, or while the last call filled the buffer (zstd may hold more back).
    while input.pos < input.size || filled {
      let (result, produced) = output.withUnsafeMutableBytes { buffer in
        var out = ZSTD_outBuffer(dst: buffer.baseAddress, size: capacity, pos: 0)
        let result = ZSTD_decompressStream(stream, &out, &input)
        return (result, out.pos)
      }
      if ZSTD_isError(result) != 0 { throw AnkiPackageError.badCompression(String(cString: ZSTD_getErrorName(result))) }
      pending = result
      filled = produced == capacity
      try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[..<produced])) }
    }
  }

  /// Throws unless the stream ended where a frame ends: a stream cut short is an error, never a short file.
  func finish() throws {
    if pending != 0 { throw AnkiPackageError.badCompression("the zstd stream ends early") }
  }
}
