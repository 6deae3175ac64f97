import BookCaseFeature
import Composable
import Storage
import Testing

@MainActor
@Suite struct BackupReducerTests {
  let database = "/data/vocab.sqlite3"
  let backup = "/data/vocab.sqlite3.v2-20261123T090000Z.bak"

  var report: RestoreReport {
    RestoreReport(
      path: database, restoredFrom: backup, previousBackupPath: "/data/vocab.sqlite3.v4-20261123T091500Z.bak",
      migration: MigrationReport(path: database, fromVersion: 2, toVersion: 4, applied: [], backupPath: nil))
  }

  var confirmation: ConfirmationState<BackupReducer.RestoreConfirmation> {
    ConfirmationState(
      title: "Replace the database \(database) with the backup \(backup)?",
      message: "The database as it is now is backed up first.",
      buttons: [.destructive("Restore", action: .restoreTapped(from: backup)), .cancel("Cancel")])
  }

  @Test func backsUpAndSaysWhere() async {
    let store = TestStore(initialState: BackupReducer.State(databasePath: database)) {
      BackupReducer()
    } withDependencies: { [backup] in
      $0.backupClient.backup = { to in
        #expect(to == nil)
        return backup
      }
    }

    await store.send(.backupRequested(to: nil)) {
      $0.isWorking = true
    }
    await store.receive(.backedUp(backup)) {
      $0.isWorking = false
    }
    await store.receive(.delegate(.backedUp(backup)))
  }

  @Test func aFailedBackupKeepsItsError() async {
    let refused = MigrationError.backupFailed(path: "/x.bak", message: "a file is already there")
    let store = TestStore(initialState: BackupReducer.State(databasePath: database)) {
      BackupReducer()
    } withDependencies: {
      $0.backupClient.backup = { _ in throw refused }
    }

    await store.send(.backupRequested(to: "/x.bak")) {
      $0.isWorking = true
    }
    await store.receive(.failed(refused)) {
      $0.isWorking = false
      $0.error = refused
    }
  }

  @Test func aRestoreAsksFirstAndRestoresWhenConfirmed() async {
    let (backup, report) = (backup, report)
    let store = TestStore(initialState: BackupReducer.State(databasePath: database)) {
      BackupReducer()
    } withDependencies: {
      $0.backupClient.restore = { from in
        #expect(from == backup)
        return report
      }
    }

    await store.send(.restoreRequested(from: backup)) {
      $0.destination = .confirmRestore(confirmation)
    }
    await store.send(.destination(.presented(.confirmRestore(.restoreTapped(from: backup))))) {
      $0.destination = nil
      $0.isWorking = true
    }
    await store.receive(.restored(report)) {
      $0.isWorking = false
    }
    await store.receive(.delegate(.restored(report)))
  }

  @Test func dismissingTheQuestionRestoresNothing() async {
    // The client is unimplemented: a call would fail the test.
    let store = TestStore(initialState: BackupReducer.State(databasePath: database)) {
      BackupReducer()
    }

    await store.send(.restoreRequested(from: backup)) {
      $0.destination = .confirmRestore(confirmation)
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }

  @Test func aRefusedBackupFileKeepsTheError() async {
    let refused = MigrationError.notABackup(path: "/etc/passwd", reason: "it is not a SQLite database")
    let store = TestStore(initialState: BackupReducer.State(databasePath: database)) {
      BackupReducer()
    } withDependencies: {
      $0.backupClient.restore = { _ in throw refused }
    }

    await store.send(.restoreRequested(from: "/etc/passwd")) {
      $0.destination = .confirmRestore(
        ConfirmationState(
          title: "Replace the database \(database) with the backup /etc/passwd?",
          message: "The database as it is now is backed up first.",
          buttons: [.destructive("Restore", action: .restoreTapped(from: "/etc/passwd")), .cancel("Cancel")]))
    }
    await store.send(.destination(.presented(.confirmRestore(.restoreTapped(from: "/etc/passwd"))))) {
      $0.destination = nil
      $0.isWorking = true
    }
    await store.receive(.failed(refused)) {
      $0.isWorking = false
      $0.error = refused
    }
  }

  @Test func aSecondRequestWhileOneIsOpenIsIgnored() async {
    var state = BackupReducer.State(databasePath: database)
    state.destination = .confirmRestore(confirmation)
    let store = TestStore(initialState: state) {
      BackupReducer()
    }

    await store.send(.restoreRequested(from: "/elsewhere.bak"))
  }
}
