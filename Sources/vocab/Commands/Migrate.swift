import ArgumentParser
import BookCaseFeature
import Composable
import Storage

struct Migrate: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "migrate",
    abstract: "Apply pending schema migrations (after a backup), show their status, or show what would run."
  )

  @OptionGroup var global: GlobalOptions

  /// What to do instead of migrating; ArgumentParser refuses both at once (exit 64).
  enum Inspection: String, EnumerableFlag {
    case status, dryRun

    static func help(for value: Inspection) -> ArgumentHelp? {
      switch value {
      case .status: "Show applied and pending migrations and whether their checksums match; change nothing."
      case .dryRun: "Show which migrations would be applied; change nothing."
      }
    }
  }

  @Flag var inspection: Inspection?

  @MainActor
  func run() async throws {
    let environment = Environment.current()
    let location = try DatabaseLocation.resolve(option: global.db, environment: environment)
    try location.prepare()
    let request: MigrationReducer.State.Request =
      switch inspection {
      case .status: .status
      case .dryRun: .dryRun
      case nil: .migrate
      }
    let store = Store(initialState: MigrationReducer.State(request: request)) {
      MigrationReducer()
    } withDependencies: {
      $0.migrationClient = .live(path: location.path)
    }
    await store.send(.started).finish()
    let state = store.state
    if let error = state.error { throw location.failure(error) }
    let terminal = Terminal.current(environment: environment)
    if let status = state.status { Streams.out(MigrationListings.status(status, terminal: terminal)) }
    if let plan = state.plan { Streams.out(MigrationListings.plan(plan)) }
    if let report = state.report { Streams.out(MigrationListings.report(report)) }
  }
}
