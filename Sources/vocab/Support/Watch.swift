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
    var last = try render(await run.send(refresh))
    if let last { Streams.out(last) }
    guard let watch else { return }

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
    let interrupt = onInterrupt { task.cancel() }
    defer { interrupt.cancel() }
    await task.finish()
  }

  /// Ctrl-C runs `handler` instead of killing the process, so a watch ends cleanly with 0. The handler runs on a
  /// global queue, so it must not be isolated to the main actor.
  nonisolated private static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    return source
  }
}
