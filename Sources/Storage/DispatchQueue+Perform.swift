import Dispatch

extension DispatchQueue {
  /// Runs `body` on this queue while the calling task waits suspended. SQLite calls block (for as long as the
  /// busy timeout while another process writes); run on Swift's few cooperative threads, enough of them would
  /// starve every other task of the process.
  func perform<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    try await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, E>, Never>) in
      self.async { continuation.resume(returning: Result(catching: body)) }
    }.get()
  }
}
