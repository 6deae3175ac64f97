import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A progress line on stderr for an import or export that takes more than a moment: words so far, the rate,
/// and (when the file's size is known) the time left, redrawn in place. Only on a terminal: nothing in pipes.
@MainActor
final class ProgressLine {
  private let verb: String
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private let start = ContinuousClock.now
  private var lastShown: ContinuousClock.Instant?
  private var isShowing = false

  /// Runs shorter than this show nothing; redrawing more often than `interval` would only cost time.
  private let delay = Duration.seconds(1)
  private let interval = Duration.milliseconds(250)

  init(verb: String) {
    self.verb = verb
  }

  /// `fraction`: how much of the work is done (0…1), when known.
  func show(words: Int, fraction: Double?) {
    guard isTerminal else { return }
    let now = ContinuousClock.now
    let elapsed = now - start
    guard elapsed >= delay, lastShown.map({ now - $0 >= interval }) ?? true else { return }
    lastShown = now
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    var line = "\(verb): \(TransferListings.count(words, "word")), \(TransferListings.grouped(Int(Double(words) / seconds))) words/s"
    if let fraction, fraction > 0, fraction <= 1 {
      line += ", about \(Int((seconds * (1 - fraction) / fraction).rounded(.up))) s left"
    }
    Streams.err("\r\u{1B}[K" + line)
    isShowing = true
  }

  /// Removes the line, so what follows starts on a clean line.
  func clear() {
    if isShowing { Streams.err("\r\u{1B}[K") }
    isShowing = false
  }
}

/// Ctrl-C (SIGINT) while a long command runs: instead of killing vocab, it calls `handler` on the main actor, so
/// the command can cancel and roll back cleanly.
final class Interruption {
  nonisolated(unsafe) private let source: DispatchSourceSignal

  init(_ handler: @escaping @MainActor () -> Void) {
    // Ignored, so it no longer kills the process; the source still sees it.
    signal(SIGINT, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { handler() } }
    source.resume()
  }

  /// Ctrl-C kills again, as it does for every other command.
  func end() {
    source.cancel()
    signal(SIGINT, SIG_DFL)
  }
}
