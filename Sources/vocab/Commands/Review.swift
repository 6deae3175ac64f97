import ArgumentParser
import Composable
import ReviewFeature
import Storage

struct Review: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "review",
    abstract: "Review the cards due, one at a time, on the terminal.",
    discussion: """
      Learning cards due now, review cards due now up to the day's review limit, then new cards in the order
      they were added up to the day's new-card limit (per bookcase; the day starts at 04:00). Learning cards
      come back in the same session when due.

      KEYS: Space or Enter shows the answer; 1 Again, 2 Hard, 3 Good, 4 Easy grade it (each labelled with the
      interval it gives); u takes back the last grade; q or Ctrl-C quits; Ctrl-Z suspends.

      Needs a terminal on stdin and stdout; scripts grade with `vocab grade`.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "A bookcase's name or id; without it, every bookcase.", completion: Completions.bookCase)
  var bookcase: String?

  @Option(help: "New cards in this session, in place of what today's new-card limit leaves.")
  var new: Int?

  @Option(help: "Review cards in this session, in place of what today's review limit leaves.")
  var limit: Int?

  @Flag(help: "Show the meaning and ask for the term.")
  var reverse = false

  func validate() throws {
    for (name, value) in [("--new", new), ("--limit", limit)] {
      if let value, value < 0 { throw ValidationError("\(name) must be 0 or more, not \(value)") }
    }
  }

  @MainActor
  func run() async throws {
    let terminal = Terminal.current(environment: Environment.current())
    guard terminal.stdinIsTerminal, terminal.stdoutIsTerminal else {
      throw Failure("review needs a terminal on stdin and stdout; to grade from a script, use `vocab grade WORD_ID again|hard|good|easy`")
    }
    let session = try Session.open(global)
    var bookCase: BookCase?
    if let bookcase { bookCase = try await session.bookCase(bookcase) }
    let store = Store(initialState: ReviewReducer.State(
      bookCaseID: bookCase?.id, newLimit: new, reviewLimit: limit, reverse: reverse)
    ) {
      ReviewReducer()
    } withDependencies: {
      $0.storageClient = session.storage
    }
    await store.send(.task).finish()
    if let error = store.state.error { throw Failure(error) }
    let title = bookCase?.name ?? "All bookcases"
    guard !store.state.isFinished else { return Streams.out("\(title): nothing is due now.\n") }
    try await ReviewTerminal(store: store, title: title).run()
  }
}
