/// Hands out `observeChanges()` streams and yields to all of them after a change. When given a poll, it
/// runs it every `pollInterval` while at least one stream is observed, and yields when the poll says so.
final class ChangeBroadcaster: Sendable {
  private struct State {
    var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    var nextID = 0
    var poll: (@Sendable () async -> Bool)?
    var poller: Task<Void, Never>?
  }

  private let state = Locked(State())
  private let pollInterval: Duration

  init(pollInterval: Duration = .milliseconds(150)) {
    self.pollInterval = pollInterval
  }

  /// Sets the check for changes made elsewhere (by another connection or process).
  func poll(with check: @escaping @Sendable () async -> Bool) {
    state.withLock { $0.poll = check }
  }

  func stream() -> AsyncStream<Void> {
    // Changes that arrive while the observer is busy collapse into one.
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.observers[id] = continuation
      if state.poller == nil, state.poll != nil { state.poller = startPolling() }
      return id
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  func send() {
    for observer in state.withLock({ Array($0.observers.values) }) { observer.yield() }
  }

  private func remove(_ id: Int) {
    let poller: Task<Void, Never>? = state.withLock { state in
      state.observers[id] = nil
      guard state.observers.isEmpty else { return nil }
      defer { state.poller = nil }
      return state.poller
    }
    poller?.cancel()
  }

  private func startPolling() -> Task<Void, Never> {
    Task.detached { [weak self, pollInterval] in
      while !Task.isCancelled {
        try? await Task.sleep(for: pollInterval)
        guard let self, !Task.isCancelled else { return }
        if let poll = self.state.withLock({ $0.poll }), await poll() { self.send() }
      }
    }
  }
}
