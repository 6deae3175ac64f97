extension StorageError {
  /// The error a feature reducer records when an effect fails. Storage endpoints throw only `StorageError`; any other
  /// error (a bug, or a client a test made up) is kept as a database failure with its description, so a
  /// failure is never swallowed and state always has one error type to show.
  public init(_ error: any Error) {
    self = error as? StorageError ?? .database(DatabaseFailure(kind: .other, message: String(describing: error)))
  }
}
