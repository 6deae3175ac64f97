import Foundation
import Testing

import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// The reader hands on what arrives, says when input ends, and once stopped reads nothing more: bytes written
/// afterwards are still there for the next reader (the shell, after a review session).
@Suite struct InputReaderTests {
  /// A pipe standing in for the terminal, and the chunks a reader has handed on.
  final class Fixture: @unchecked Sendable {
    let input: Int32
    let output: Int32
    private let lock = NSLock()
    private var received: [InputReader.Chunk] = []
    private let arrived = DispatchSemaphore(value: 0)
    private var inputIsOpen = true

    init() throws {
      var ends: [Int32] = [-1, -1]
      try #require(pipe(&ends) == 0)
      (output, input) = (ends[0], ends[1])
    }

    deinit {
      closeInput()
      close(output)
    }

    /// The end of input, as a terminal's hang-up would be.
    func closeInput() {
      if inputIsOpen { close(input) }
      inputIsOpen = false
    }

    func reader() throws -> InputReader {
      let reader = InputReader(reading: output) { [self] chunk in
        lock.withLock { received.append(chunk) }
        arrived.signal()
      }
      return try #require(reader)
    }

    func type(_ text: String) {
      let bytes = Array(text.utf8)
      #expect(write(input, bytes, bytes.count) == bytes.count)
    }

    /// The chunks handed on, once `count` have arrived (or after five seconds, with what there is).
    func chunks(count: Int) -> [InputReader.Chunk] {
      for _ in 0..<count { _ = arrived.wait(timeout: .now() + 5) }
      return lock.withLock { received }
    }

    /// What is waiting in the pipe, unread.
    func unread() -> String {
      var flags = fcntl(output, F_GETFL)
      flags |= O_NONBLOCK
      _ = fcntl(output, F_SETFL, flags)
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = read(output, &buffer, buffer.count)
      return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
  }

  @Test func whatArrivesIsHandedOnAndNothingIsReadOnceStopped() throws {
    let fixture = try Fixture()
    let reader = try fixture.reader()
    fixture.type("q")
    #expect(fixture.chunks(count: 1) == [.bytes(Array("q".utf8))])
    reader.stop()
    fixture.type("echo typed ahead\n")
    // Time a reader still waiting would need to take it.
    usleep(100_000)
    #expect(fixture.unread() == "echo typed ahead\n")
    #expect(fixture.chunks(count: 0) == [.bytes(Array("q".utf8))])
    // Again, as a session's way out may: it returns at once.
    reader.stop()
  }

  @Test func theEndOfInputIsHandedOnAndStoppingAfterItReturns() throws {
    let fixture = try Fixture()
    let reader = try fixture.reader()
    fixture.closeInput()
    #expect(fixture.chunks(count: 1) == [.end])
    reader.stop()
  }
}
