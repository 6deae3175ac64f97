import Storage

import ArgumentParser

/// A request vocab could not carry out. `VocabMain` prints it as `error: <message>` and exits with `exitCode`:
/// 1, or 64 for wrong usage that ArgumentParser cannot see (an environment variable).
struct Failure: Error {
  var message: String
  var exitCode: ExitCode = .failure

  init(_ message: String) {
    self.message = message
  }

  static func usage(_ message: String) -> Failure {
    var failure = Failure(message)
    failure.exitCode = .validationFailure
    return failure
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
