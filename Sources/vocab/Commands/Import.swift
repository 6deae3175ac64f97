import ArgumentParser
import Composable
import Storage
import TransferFeature

struct Import: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import words from a file (Anki's text format, TSV, CSV, vocab's JSON, an Anki package), all or nothing.",
    discussion: """
      The words go to --into BOOKCASE (created if missing), else to the deck or bookcase the file names for
      each word. A word already there (the same guid anywhere, else the same term and reading in its bookcase)
      is skipped, updated or added anyway, as --on-duplicate says. The import is one transaction: a malformed
      file or a word breaking a rule stops it with FILE:LINE and nothing is imported; so does Ctrl-C.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The file to import; - reads standard input (then --format is needed).", completion: .file())
  var file: String

  @Option(help: "tsv, csv, json or apkg; by default the file's extension decides (.tsv and .txt are tsv).")
  var format: WordFileFormat?

  @Option(help: "The bookcase every word goes to, created if missing.", completion: Completions.bookCase)
  var into: String?

  @Option(name: .customLong("on-duplicate"), help: "skip (default), update or keep-both.")
  var onDuplicate: DuplicatePolicy = .skip

  @Flag(help: "Say what would be added, updated and skipped per bookcase, and write nothing.")
  var dryRun = false

  @Flag(help: "Print the counts as JSON.")
  var json = false

  func validate() throws {
    _ = try resolvedFormat()
  }

  private func resolvedFormat() throws -> WordFileFormat {
    if let format { return format }
    if file == "-" { throw ValidationError("Standard input has no extension: give its format with --format.") }
    guard let format = WordFileFormat(path: file) else {
      throw ValidationError("Cannot tell the format of \(file) from its extension: give it with --format.")
    }
    return format
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    var destination = into
    if let into, let existing = try? await session.bookCase(into) { destination = existing.name }
    let request = ImportReducer.Request(
      path: file, format: try resolvedFormat(), into: destination, onDuplicate: onDuplicate, dryRun: dryRun)
    let progress = ProgressLine(verb: dryRun ? "Checking" : "Importing")
    let run = FeatureRun(
      CombineReducers {
        ImportReducer()
        Reduce<ImportReducer.State, ImportReducer.Action> { state, action in
          if case .progressed = action {
            progress.show(words: state.wordsRead, fraction: state.totalBytes.map { Double(state.bytesRead) / Double(max(1, $0)) })
          }
          return .none
        }
      }, state: .init(request: request), storage: session.storage)
    let interrupt = Interruption { run.store.send(.cancelButtonTapped) }
    await run.send(.startButtonTapped)
    interrupt.end()
    progress.clear()
    let state = run.store.state
    if state.wasCancelled {
      Streams.err("vocab: interrupted; nothing was imported\n")
      throw ExitCode(130)
    }
    if let failure = state.failure { throw Failure(failure, file: file == "-" ? "stdin" : file) }
    guard let report = state.report else { throw Failure("nothing was imported") }
    for notice in state.notices { Streams.err("vocab: note: \(notice)\n") }
    Streams.out(json ? JSONShapes.importReport(report) : TransferListings.importSummary(report))
  }
}

extension WordFileFormat: ExpressibleByArgument {}
extension DuplicatePolicy: ExpressibleByArgument {}

extension Failure {
  /// An import's failure, naming the file and line where the file is to blame.
  init(_ failure: ImportFailure, file: String) {
    switch failure {
    case let .file(message): self.init(message)
    case let .malformed(line, message): self.init("\(file):\(line): \(message)")
    case let .unreadable(message): self.init("\(file): \(message)")
    case let .refused(line, error): self.init("\(file):\(line): \(error)")
    case let .storage(error): self.init(error)
    }
  }
}
