import Composable
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// `refresh` and `refresh --watch`: print a feature's state after a refresh, then, when watching, print it again
/// whenever it changes, until SIGINT, which ends the watch and the command with exit code 0, or until what it
/// shows is gone, which ends them with that error.
@MainActor
enum Watch {
  /// - Parameters:
  ///   - render: the text for a state, or nil while it is still loading; throws for a state holding an error
  ///     (which ends a plain refresh, and is reported on stderr while watching).
  ///   - isGone: whether a state's error means there is nothing left to watch, which ends the watch with it.
  static func show<State, Action>(
    _ run: FeatureRun<State, Action>, refresh: Action, watch: Action?,
    render: @escaping @MainActor (State) throws(Failure) -> String?,
    isGone: @escaping @MainActor (State) -> Bool = { _ in false }
  ) async throws(Failure) {
    guard let watch else {
      if let text = try render(await run.send(refresh)) { Streams.out(text) }
      return
    }
    // Ctrl-C from the very start ends the watch with 0, even before the watching effect runs.
    let interruption = Interruption()
    let source = onInterrupt { interruption.stop() }
    defer { source.cancel() }

    var last = try render(await run.send(refresh))
    if let last { Streams.out(last) }
    var ending: Failure?
    // Print only what differs from the last print: the state passes through loading on every refresh.
    let observation = run.store.observe { state in
      do throws(Failure) {
        guard let text = try render(state), text != last else { return }
        last = text
        Streams.out(text)
      } catch {
        if isGone(state) {
          ending = error
          interruption.stop()
        } else {
          Streams.err("error: \(error.message)\n")
        }
      }
    }
    defer { observation.cancel() }

    let task = run.store.send(watch)
    interruption.cancelling(task)
    await task.finish()
    if let ending { throw ending }
  }

  /// Whether the watch was stopped (by SIGINT, or by what it watched going away), and the task it must cancel
  /// once there is one.
  private final class Interruption: Sendable {
    private let state = LockIsolated<(stopped: Bool, task: StoreTask?)>((false, nil))

    func stop() {
      state.withValue {
        $0.stopped = true
        $0.task?.cancel()
      }
    }

    func cancelling(_ task: StoreTask) {
      state.withValue {
        $0.task = task
        if $0.stopped { task.cancel() }
      }
    }
  }

  /// Ctrl-C runs `handler` instead of killing the process. The handler runs on a global queue, so it must not be
  /// isolated to the main actor.
  nonisolated private static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    return source
  }
}
