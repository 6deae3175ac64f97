import Composable
import Dispatch
import FSRS
import Foundation
import ReviewFeature
import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a review session on the terminal: it reads keys and sends the actions they stand for, and redraws the
/// screen from the state after every action. Ctrl-Z (or SIGTSTP) suspends with the terminal restored, and
/// SIGCONT takes the screen back; SIGTERM, SIGHUP and SIGINT end the session, terminal restored, by the signal.
@MainActor
final class ReviewTerminal {
  fileprivate enum Event: Sendable {
    case input([UInt8])
    case endOfInput
    case signal(Int32)
  }

  private let store: Store<ReviewReducer.State, ReviewReducer.Action>
  private let title: String
  @Dependency(\.date) private var date
  private var decoder = KeyDecoder()
  /// Grades and undos under way, finished before the session ends.
  private var work: [StoreTask] = []
  private var reader: InputReader?

  init(store: Store<ReviewReducer.State, ReviewReducer.Action>, title: String) {
    self.store = store
    self.title = title
  }

  private static let signals = [SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT, SIGWINCH]

  func run() async throws(Failure) {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let sources = Self.listen(to: Self.signals, into: continuation)
    defer { sources.forEach { $0.cancel() } }
    guard RawTerminal.enter() else { throw Failure("could not put the terminal in raw mode") }
    defer { RawTerminal.restore() }
    guard let reader = InputReader(reading: STDIN_FILENO, handle: { chunk in
      switch chunk {
      case let .bytes(bytes): continuation.yield(.input(bytes))
      case .end: continuation.yield(.endOfInput)
      }
    }) else { throw Failure("could not read the terminal: out of file descriptors") }
    self.reader = reader
    // Before the terminal is restored (defers run last first): from then on, keys are the shell's.
    defer { reader.stop() }
    draw()
    let observation = store.observe { [unowned self] _ in draw() }
    defer { observation.cancel() }

    for await event in events {
      switch event {
      case let .input(bytes):
        for key in decoder.decode(bytes) { press(key) }
      case .endOfInput:
        store.send(.quitTapped)
      case SIGTSTP:
        suspend()
      case SIGCONT:
        _ = RawTerminal.enter()
        draw()
      case SIGWINCH:
        draw()
      case let .signal(number):
        end(by: number)
      }
      if store.state.hasQuit { break }
    }
    // Keys typed while the last grades are saved are left for the shell.
    reader.stop()
    for task in work { await task.finish() }
  }

  private func press(_ key: Key) {
    switch key {
    case .character(" "), .enter:
      store.send(.revealTapped)
    case let .character(digit) where ("1"..."4").contains(digit):
      guard let rating = digit.wholeNumberValue.flatMap(Rating.init(rawValue:)) else { return }
      work.append(store.send(.rated(rating)))
    case .character("u"):
      work.append(store.send(.undoTapped))
    case .character("q"), .control("c"), .control("d"):
      store.send(.quitTapped)
    case .control("z"):
      suspend()
    default:
      break
    }
  }

  private func draw() {
    let lines = ReviewScreen.lines(store.state, title: title, now: date.now)
    // Home, each line over the old one (cleared to its end), then everything below cleared: no flicker.
    Streams.out("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\n") + "\u{1B}[J")
  }

  /// Stops the process as Ctrl-Z does in a shell, with the terminal as the shell expects it; back in raw mode
  /// and redrawn when continued. SIGSTOP, because the signal source keeps SIGTSTP blocked; raised on this thread
  /// so that it stops before going on (the main actor's thread is not the process's first, which `kill` would
  /// leave to stop some time later, perhaps after raw mode is back).
  private func suspend() {
    RawTerminal.restore()
    raise(SIGSTOP)
    _ = RawTerminal.enter()
    draw()
  }

  /// Ends the process by `number`, as if unhandled, once the terminal is restored.
  private func end(by number: Int32) -> Never {
    reader?.stop()
    RawTerminal.restore()
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(number)
    exit(128 + number)
  }

  /// Passes on each of `signals`, which no longer do what they would by default.
  nonisolated private static func listen(
    to signals: [Int32], into continuation: AsyncStream<Event>.Continuation
  ) -> [DispatchSourceSignal] {
    signals.map { number in
      // Ignored, so that only the source sees it (as in `Watch`).
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(.signal(number)) }
      source.resume()
      return source
    }
  }
}

/// `case SIGTSTP:` over events.
private func ~= (signal: Int32, event: ReviewTerminal.Event) -> Bool {
  if case .signal(signal) = event { return true }
  return false
}
