import ArgumentParser
import Composable
import Storage
import TransferFeature

struct Export: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export bookcases as Anki's text format (tsv), CSV, vocab's JSON or an Anki package (apkg).",
    discussion: """
      Every bookcase when none is named. Without -o the file goes to standard output. -o never replaces an
      existing file without --force, and writes atomically: the file appears complete or not at all.

      vocab's JSON carries every field and date and each word's card and review log: it moves a whole \
      database.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "Bookcases (names or ids) to export; every one when none is named.", completion: Completions.bookCase)
  var bookcases: [String] = []

  @Option(
    help: """
      tsv (Anki's text format; the default), csv, json or apkg (needs -o); with -o, the file's extension decides \
      by default.
      """)
  var format: WordFileFormat?

  @Option(name: .shortAndLong, help: "The file to write instead of standard output.", completion: .file())
  var output: String?

  @Flag(help: "Replace the file -o names if it exists.")
  var force = false

  func validate() throws {
    if force, output == nil { throw ValidationError("--force replaces the file -o names: give -o FILE.") }
    if output == nil, format?.isText == false {
      throw ValidationError("An Anki package is a binary file, not for standard output: give -o FILE.")
    }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    var ids: [BookCase.ID] = []
    for reference in bookcases { ids.append(try await session.bookCase(reference).id) }
    let format = format ?? output.flatMap(WordFileFormat.init(path:)) ?? .tsv
    let progress = ProgressLine(verb: "Exporting")
    let run = FeatureRun(
      CombineReducers {
        ExportReducer()
        Reduce<ExportReducer.State, ExportReducer.Action> { state, action in
          if case .progressed = action {
            progress.show(words: state.wordsWritten, fraction: state.totalWords.map { Double(state.wordsWritten) / Double(max(1, $0)) })
          }
          return .none
        }
      },
      state: .init(request: .init(bookCaseIDs: ids, format: format, path: output, overwrite: force)),
      storage: session.storage)
    await run.send(.startButtonTapped)
    progress.clear()
    let state = run.store.state
    if let failure = state.failure {
      switch failure {
      case let .file(message): throw Failure(message)
      case let .unwritable(message): throw Failure("cannot export: \(message); nothing was written")
      case let .storage(error): throw Failure(error)
      }
    }
    if let output, let bookCases = state.bookCasesWritten {
      Streams.out(
        "Exported \(TransferListings.count(state.wordsWritten, "word")) of "
          + "\(TransferListings.count(bookCases, "bookcase")) to \(output).\n")
    }
  }
}
