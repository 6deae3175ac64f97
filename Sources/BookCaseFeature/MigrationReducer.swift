import Composable
import Storage

/// `vocab migrate [--status] [--dry-run]`: one request to the migration client, and its outcome kept in state
/// for the front end to show. The three requests are kept apart so that a status or a dry run can never write.
public struct MigrationReducer: Reducer {
  public struct State: Equatable, Sendable {
    public enum Request: Equatable, Sendable {
      /// Apply the pending migrations (after a backup when the database holds a schema).
      case migrate
      /// Show applied and pending migrations; change nothing.
      case status
      /// Show what `migrate` would apply; change nothing.
      case dryRun
    }

    public var request: Request
    public var isRunning = false
    public var status: MigrationStatus?
    public var plan: MigrationPlan?
    public var report: MigrationReport?
    public var error: MigrationError?

    public init(request: Request) {
      self.request = request
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case started
    case statusLoaded(MigrationStatus)
    case planned(MigrationPlan)
    case migrated(MigrationReport)
    case failed(MigrationError)
  }

  @Dependency(\.migrationClient) var migrationClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .started:
        // A migration must not be started twice at once; the second would only wait for the first's lock.
        guard !state.isRunning else { return .none }
        state.isRunning = true
        state.status = nil
        state.plan = nil
        state.report = nil
        state.error = nil
        return .run { [request = state.request, migrationClient] send in
          switch request {
          case .status: await send(.statusLoaded(try await migrationClient.status()))
          case .dryRun: await send(.planned(try await migrationClient.dryRun()))
          case .migrate: await send(.migrated(try await migrationClient.migrate()))
          }
        } catch: { error, send in
          await send(.failed(MigrationError(error)))
        }

      case let .statusLoaded(status):
        state.isRunning = false
        state.status = status
        return .none

      case let .planned(plan):
        state.isRunning = false
        state.plan = plan
        return .none

      case let .migrated(report):
        state.isRunning = false
        state.report = report
        return .none

      case let .failed(error):
        state.isRunning = false
        state.error = error
        return .none
      }
    }
  }
}

extension MigrationError {
  /// The migration client throws only `MigrationError`; anything else (a bug, or a client a test made up) is
  /// kept as a database failure with its description, so state has one error type to show.
  init(_ error: any Error) {
    self = error as? MigrationError ?? .database(
      path: "the database", failure: DatabaseFailure(kind: .other, message: String(describing: error)))
  }
}
