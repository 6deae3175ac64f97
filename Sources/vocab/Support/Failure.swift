/// A request vocab could not carry out. `VocabMain` prints it as `error: <message>` and exits with code 1.
struct Failure: Error, Equatable {
  var message: String

  init(_ message: String) {
    self.message = message
  }
}
