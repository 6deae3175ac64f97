import Dependencies

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TransferFiles: DependencyKey {
  public static let liveValue = TransferFiles(
    open: { path in
      let descriptor = path == "-" ? STDIN_FILENO : Glibc.open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileError("cannot open \(path): \(String(cString: strerror(errno)))") }
      var status = stat()
      fstat(descriptor, &status)
      if status.st_mode & S_IFMT == S_IFDIR {
        close(descriptor)
        throw FileError("cannot import \(path): it is a directory")
      }
      let size = status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
      let reader = ChunkReader(descriptor: descriptor, name: path)
      return InputFile(size: size, read: reader.next(isStopped:))
    },
    create: { path, overwrite in
      guard let path else { return .standardOutput }
      return try AtomicFile(path: path, overwrite: overwrite).output
    }
  )
}

/// Reads a descriptor in 64 KiB chunks; closes it at the end (unless it is standard input).
private final class ChunkReader: @unchecked Sendable {
  private let descriptor: Int32
  private let name: String
  private var isOpen = true

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  deinit { finish() }

  func next(isStopped: () -> Bool) throws -> [UInt8]? {
    guard isOpen else { return nil }
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      // Waits in `poll` rather than `read`, so that Ctrl-C (seen on another thread) stops an import waiting for
      // input; a regular file is always ready.
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 100)
      if polled < 0, errno == EINTR { continue }
      if polled == 0 {
        if isStopped() { throw CancellationError() }
        continue
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw FileError("cannot read \(name): \(String(cString: strerror(errno)))") }
      if count == 0 {
        finish()
        return nil
      }
      chunk.removeSubrange(count...)
      return chunk
    }
  }

  private func finish() {
    if isOpen, descriptor != STDIN_FILENO { close(descriptor) }
    isOpen = false
  }
}

/// Writes all of `bytes` to `descriptor`, returning 0 or the errno of the write that failed.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0, errno == EINTR { continue }
      if written < 0 { return errno }
      offset += written
    }
    return 0
  }
}

extension OutputFile {
  /// Standard output. A reader that went away (`| head`) wanted no more: the rest is dropped quietly.
  static var standardOutput: OutputFile {
    OutputFile(
      write: { bytes in
        let error = writeAll(bytes, to: STDOUT_FILENO)
        guard error == 0 || error == EPIPE else {
          throw FileError("could not write the output: \(String(cString: strerror(error)))")
        }
      },
      commit: {}, discard: {})
  }
}

/// A file written under a temporary name in its directory, flushed, and only then given its name (by `link`,
/// which never replaces a file, or by `rename` when overwriting), so a crash leaves the old file or the new one.
private final class AtomicFile: @unchecked Sendable {
  private let path: String
  private let temporary: String
  private let directory: String
  private let overwrite: Bool
  private var descriptor: Int32

  init(path: String, overwrite: Bool) throws {
    var status = stat()
    if lstat(path, &status) == 0 {
      // A device, a FIFO, a directory or a link is never replaced by a file, even when asked to.
      guard status.st_mode & S_IFMT == S_IFREG else {
        throw FileError("\(path) is not a regular file; nothing was written")
      }
      guard overwrite else { throw FileError("\(path) already exists; use --force to replace it") }
    }
    let slash = path.lastIndex(of: "/")
    directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    self.path = path
    self.overwrite = overwrite
    temporary = "\(directory)/.\(name).\(getpid()).partial"
    descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw FileError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
  }

  var output: OutputFile {
    OutputFile(write: write, commit: commit, discard: discard)
  }

  private func write(_ bytes: [UInt8]) throws {
    let error = writeAll(bytes, to: descriptor)
    guard error == 0 else { throw failure(error) }
  }

  private func commit() throws {
    guard fsync(descriptor) == 0 else { throw failure(errno) }
    close(descriptor)
    descriptor = -1
    if overwrite {
      guard rename(temporary, path) == 0 else { throw failure(errno) }
    } else {
      // `link` fails when a file took the name meanwhile, where `rename` would replace it.
      guard link(temporary, path) == 0 else {
        let error = errno
        unlink(temporary)
        throw error == EEXIST ? FileError("\(path) already exists; use --force to replace it") : failure(error)
      }
      unlink(temporary)
    }
    let directoryDescriptor = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  private func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    unlink(temporary)
  }

  private func failure(_ error: Int32) -> FileError {
    discard()
    return FileError("cannot write \(path): \(String(cString: strerror(error)))")
  }
}
