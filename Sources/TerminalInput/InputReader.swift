import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a file descriptor (a terminal's input) on a thread of its own and hands on what arrives, until stopped.
///
/// The thread waits in `poll`, on the descriptor and on a pipe of its own, never in a blocking `read`: a read
/// left waiting after a session ends would take the next line typed to the shell (the terminal back in line
/// mode, the process still finishing). `stop()` wakes the thread through the pipe and returns once it has
/// ended, so nothing typed afterwards is read.
public final class InputReader {
  public enum Chunk: Equatable, Sendable {
    case bytes([UInt8])
    /// End of input, or the descriptor failed.
    case end
  }

  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let ended = DispatchSemaphore(value: 0)
  private var isStopped = false

  /// Starts reading `descriptor`, handing each chunk to `handle` on the reading thread. Nil when no pipe can
  /// be made (the process is out of descriptors).
  public init?(reading descriptor: Int32, handle: @escaping @Sendable (Chunk) -> Void) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    (wakeRead, wakeWrite) = (ends[0], ends[1])
    Thread.detachNewThread { [wakeRead, ended] in
      defer { ended.signal() }
      var buffer = [UInt8](repeating: 0, count: 256)
      var watched = [
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        if poll(&watched, 2, -1) < 0 {
          if errno == EINTR { continue }
          return handle(.end)
        }
        // Stopping wins over input that arrived at the same moment: that input is left for the next reader.
        if watched[1].revents != 0 { return }
        // Readable, hung up or failed: the read says which.
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else { return handle(.end) }
        handle(.bytes(Array(buffer[..<count])))
      }
    }
  }

  /// Ends the reading thread and returns once it has ended. Safe to call again.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    var byte: UInt8 = 0
    _ = write(wakeWrite, &byte, 1)
    ended.wait()
    close(wakeRead)
    close(wakeWrite)
  }

  deinit { stop() }
}
