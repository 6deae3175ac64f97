import Composable
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// `refresh` and `refresh --watch`: print a feature's state after a refresh, then, when watching, print it again
/// whenever it changes, until SIGINT, which ends the watch and the command with exit code 0.
@MainActor
enum Watch {
  /// - Parameter render: the text for a state, or nil while it is still loading; throws for a state holding an
  ///   error (which ends a plain refresh, and is reported on stderr while watching).
  static func show<State, Action>(
    _ run: FeatureRun<State, Action>, refresh: Action, watch: Action?,
    render: @escaping @MainActor (State) throws(Failure) -> String?
  ) async throws(Failure) {
    guard let watch else {
      if let text = try render(await run.send(refresh)) { Streams.out(text) }
      return
    }
    // Ctrl-C from the very start ends the watch with 0, even before the watching effect runs.
    let interruption = Interruption()
    let source = onInterrupt { interruption.interrupt() }
    defer { source.cancel() }

    var last = try render(await run.send(refresh))
    if let last { Streams.out(last) }
    // Print only what differs from the last print: the state passes through loading on every refresh.
    let observation = run.store.observe { state in
      do throws(Failure) {
        guard let text = try render(state), text != last else { return }
        last = text
        Streams.out(text)
      } catch {
        Streams.err("error: \(error.message)\n")
      }
    }
    defer { observation.cancel() }

    let task = run.store.send(watch)
    interruption.cancelling(task)
    await task.finish()
  }

  /// Whether SIGINT came, and the task it must cancel once there is one.
  private final class Interruption: Sendable {
    private let state = LockIsolated<(interrupted: Bool, task: StoreTask?)>((false, nil))

    func interrupt() {
      state.withValue {
        $0.interrupted = true
        $0.task?.cancel()
      }
    }

    func cancelling(_ task: StoreTask) {
      state.withValue {
        $0.task = task
        if $0.interrupted { task.cancel() }
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
