import Storage

/// A request vocab could not carry out. `VocabMain` prints it as `error: <message>` and exits with code 1.
struct Failure: Error {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}

/// A storage error as the command line reports it, with a hint where one helps.
extension Failure {
  init(_ error: StorageError) {
    switch error {
    case .bookCaseNotFound, .bookCaseNamedNotFound:
      self.init("\(error); `vocab list` shows the bookcases")
    case .wordNotFound:
      self.init("\(error); `vocab list BOOKCASE` shows a bookcase's words and their ids")
    default:
      self.init(String(describing: error))
    }
  }
}
