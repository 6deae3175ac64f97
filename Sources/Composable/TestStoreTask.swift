/// The effects started by one `TestStore.send`.
public struct TestStoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>
  let timeout: Duration
  let isFinished: LockIsolated<Bool>

  /// Cancels the effects and waits for them to wind down.
  public func cancel() async {
    rawValue.cancel()
    await rawValue.value
  }

  /// Waits for the effects to finish; fails if they are still running after `timeout` (the store's
  /// timeout by default).
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let timeout = timeout ?? self.timeout
    let finished = await waitUntil(timeout: timeout) { isFinished.value }
    if !finished {
      reportIssue(
        "Expected the task to finish, but it was still running after \(describe(timeout)).",
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  public var isCancelled: Bool {
    rawValue.isCancelled
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
  public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}

/// Lets effects run (on the main serial executor, one yield runs every job queued before it) until
/// `condition` holds or `timeout` passes. Returns whether the condition held.
@MainActor
func waitUntil(timeout: Duration, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: timeout)
  var idleYields = 0
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    await Task.yield()
    idleYields += 1
    // An effect waiting on real time makes no progress by yielding; stop spinning a core for it.
    if idleYields % 100 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
  }
  return true
}

func describe(_ duration: Duration) -> String {
  let seconds = Double(duration.components.seconds)
    + Double(duration.components.attoseconds) / 1e18
  return "\(seconds) seconds"
}
