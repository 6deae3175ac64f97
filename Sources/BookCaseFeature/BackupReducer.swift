import Composable
import Storage

/// `vocab backup` and `vocab restore`: a copy of the database made on request, and the database replaced by a
/// copy after the person confirms (the database as it was is backed up first, so a restore can be undone by
/// restoring that). The front end learns the outcome from `delegate(.backedUp)` or `delegate(.restored)`.
public struct BackupReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    /// The database the backups are of, as the confirmation names it.
    public var databasePath: String
    public var isWorking = false
    public var destination: Destination.State?
    public var error: MigrationError?

    public init(databasePath: String) {
      self.databasePath = databasePath
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Back up to `path`, or beside the database under a name with its version and the time when nil.
    case backupRequested(to: String?)
    case backedUp(String)
    /// Asks whether to replace the database with the backup at `from`.
    case restoreRequested(from: String)
    case destination(PresentationAction<Destination.Action>)
    case restored(RestoreReport)
    case failed(MigrationError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      /// The path of the new backup.
      case backedUp(String)
      case restored(RestoreReport)
    }
  }

  /// What the feature presents: only the restore confirmation.
  public struct Destination: Reducer, Sendable {
    @CasePathable @dynamicMemberLookup
    public enum State: Equatable, Sendable {
      case confirmRestore(ConfirmationState<RestoreConfirmation>)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case confirmRestore(RestoreConfirmation)
    }

    public var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  /// What the restore confirmation sends when the person goes ahead.
  public enum RestoreConfirmation: Equatable, Sendable {
    case restoreTapped(from: String)
  }

  @Dependency(\.backupClient) var backupClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .backupRequested(path):
        guard !state.isWorking else { return .none }
        state.isWorking = true
        state.error = nil
        return .run { [backupClient] send in
          await send(.backedUp(try await backupClient.backup(to: path)))
        } catch: { error, send in
          await send(.failed(MigrationError(error)))
        }

      case let .backedUp(path):
        state.isWorking = false
        return .send(.delegate(.backedUp(path)))

      case let .restoreRequested(backup):
        guard !state.isWorking, state.destination == nil else { return .none }
        state.destination = .confirmRestore(.restore(state.databasePath, from: backup))
        return .none

      case let .destination(.presented(.confirmRestore(.restoreTapped(backup)))):
        state.isWorking = true
        state.error = nil
        return .run { [backupClient] send in
          await send(.restored(try await backupClient.restore(from: backup)))
        } catch: { error, send in
          await send(.failed(MigrationError(error)))
        }

      case .destination:
        return .none

      case let .restored(report):
        state.isWorking = false
        return .send(.delegate(.restored(report)))

      case .delegate:
        return .none

      case let .failed(error):
        state.isWorking = false
        state.error = error
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination()
    }
  }
}

extension ConfirmationState where Action == BackupReducer.RestoreConfirmation {
  /// `Replace the database <path> with the backup <backup>? …`, with a destructive Restore button and a Cancel
  /// button that only dismisses.
  static func restore(_ database: String, from backup: String) -> Self {
    ConfirmationState(
      title: "Replace the database \(database) with the backup \(backup)?",
      message: "The database as it is now is backed up first.",
      buttons: [.destructive("Restore", action: .restoreTapped(from: backup)), .cancel("Cancel")]
    )
  }
}
