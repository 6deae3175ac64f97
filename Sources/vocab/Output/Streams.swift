#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unbuffered writes to stdout and stderr: `refresh --watch` output reaches a pipe at once, and error
/// messages interleave correctly with normal output. Output that cannot be written (a full disk, a closed
/// stdout) is remembered, so that the command ends with an error instead of exit 0 and a missing listing.
enum Streams {
  /// Why stdout could not be written, if it could not; `VocabMain` reports it and exits with 1.
  nonisolated(unsafe) private(set) static var outputFailure: String?
  nonisolated(unsafe) private static var stdoutWasClosed = false

  /// Run first: a closed stdin, stdout or stderr is opened on /dev/null, so no file vocab opens later takes its
  /// number and receives output meant for the terminal. A closed stdout is then reported when written to.
  static func guardStandardDescriptors() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", O_RDWR)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
      if descriptor == STDOUT_FILENO { stdoutWasClosed = true }
    }
  }

  static func out(_ text: String) {
    guard outputFailure == nil else { return }
    if stdoutWasClosed {
      outputFailure = "standard output is closed"
      return
    }
    let error = write(text, to: STDOUT_FILENO)
    // A reader that went away (`| head`) wanted no more: that ends the output quietly, as for `cat`.
    if error != 0, error != EPIPE {
      outputFailure = String(cString: strerror(error))
    }
  }

  static func err(_ text: String) {
    _ = write(text, to: STDERR_FILENO)
  }

  /// Writes all of `text`, returning 0 or the `errno` of the write that failed.
  private static func write(_ text: String, to descriptor: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        if written < 0 { return errno }
        if written == 0 { return EIO }
        offset += written
      }
      return 0
    }
  }
}
