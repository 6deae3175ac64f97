import Composable
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// `refresh` and `refresh --watch`: print a feature's state after a refresh, then, when watching, print it again
/// whenever it changes, until SIGINT, SIGTERM or SIGHUP, or until stdout's reader goes away, which end the watch
/// and the command with exit code 0, or until what it shows is gone, which ends them with that error. On a
/// terminal each print replaces the last one in place.
@MainActor
enum Watch {
  /// Call as early as possible when watching: from then on, the signals and a departed reader end the watch
  /// (with exit code 0) even when they come while the database is still being opened.
  static func listenForTheEnd() {
    _ = Ending.shared
  }

  /// - Parameters:
  ///   - terminal: where the text goes; on a terminal a new print is drawn over the last one.
  ///   - render: the text for a state, or nil while it is still loading; throws for a state holding an error
  ///     (which ends a plain refresh, and is reported on stderr while watching).
  ///   - isGone: whether a state's error means there is nothing left to watch, which ends the watch with it.
  static func show<State, Action>(
    _ run: FeatureRun<State, Action>, refresh: Action, watch: Action?, terminal: Terminal,
    render: @escaping @MainActor (State) throws(Failure) -> String?,
    isGone: @escaping @MainActor (State) -> Bool = { _ in false }
  ) async throws(Failure) {
    guard let watch else {
      if let text = try render(await run.send(refresh)) { Streams.out(text) }
      return
    }
    let ending = Ending.shared
    var screen = Screen(terminal: terminal)
    var last = try render(await run.send(refresh))
    if let last { screen.draw(last) }
    var failure: Failure?
    // Print only what differs from the last print: the state passes through loading on every refresh.
    let observation = run.store.observe { state in
      do throws(Failure) {
        guard let text = try render(state), text != last else { return }
        last = text
        screen.draw(text)
      } catch {
        if isGone(state) {
          failure = error
          ending.stop()
        } else {
          Streams.err("error: \(error.message)\n")
        }
      }
    }
    defer { observation.cancel() }

    let task = run.store.send(watch)
    ending.cancelling(task)
    await task.finish()
    if let failure { throw failure }
  }

  /// Draws each text over the previous one on a terminal (moving up over its lines and clearing below), and
  /// appends it anywhere else, where every print must stay readable.
  private struct Screen {
    let terminal: Terminal
    var linesShown = 0

    mutating func draw(_ text: String) {
      guard terminal.stdoutIsTerminal else { return Streams.out(text) }
      var erase = ""
      if linesShown > 0 {
        // Taller than the screen, the top of the last print has scrolled away: start from a clear screen.
        let fits = terminal.lines.map { linesShown < $0 } ?? true
        erase = fits ? "\u{1B}[\(linesShown)F\u{1B}[J" : "\u{1B}[H\u{1B}[2J"
      }
      Streams.out(erase + text)
      linesShown = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    }
  }

  /// What ends a watch with exit code 0: SIGINT, SIGTERM, SIGHUP, or stdout's reader going away. It remembers
  /// an ending that came before the watch started, and cancels the watching task once there is one.
  private final class Ending: Sendable {
    static let shared = Ending()

    private let state = LockIsolated<(stopped: Bool, task: StoreTask?)>((false, nil))
    // Kept for the life of the process; written once, in init.
    nonisolated(unsafe) private let sources: [DispatchSourceSignal]

    private init() {
      sources = [SIGINT, SIGTERM, SIGHUP].map { signalNumber in
        // The signal is ignored so that it no longer kills the process; the source still sees it.
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        return source
      }
      for source in sources {
        source.setEventHandler { [self] in stop() }
        source.resume()
      }
      watchForReaderHangUp()
    }

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

    /// A pipe or terminal on stdout reports its reader's departure (POLLERR, POLLHUP) without anything being
    /// written: `vocab refresh --watch | head -1` ends when `head` does, not at the next change.
    private func watchForReaderHangUp() {
      var status = stat()
      guard fstat(STDOUT_FILENO, &status) == 0 else { return }
      let kind = status.st_mode & S_IFMT
      guard kind == S_IFIFO || kind == S_IFSOCK || kind == S_IFCHR else { return }
      DispatchQueue(label: "vocab.stdout-hang-up").async { [self] in
        var watched = pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)
        while poll(&watched, 1, -1) < 0, errno == EINTR {}
        if watched.revents & Int16(POLLERR | POLLHUP) != 0 { stop() }
      }
    }
  }
}
