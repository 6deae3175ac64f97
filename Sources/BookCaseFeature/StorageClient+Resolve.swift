import Storage

extension StorageClient {
  /// The bookcase a person means by `reference`, as typed on a command line: its name (as
  /// `StorageRules.nameKey` compares names) or its id as `TypedID` reads it. A name wins over an id, so a
  /// bookcase named "2024" stays reachable by its name even when another bookcase has the id 2024.
  public func resolveBookCase(_ reference: String) async throws -> BookCase {
    do {
      return try await findBookCase(named: reference)
    } catch StorageError.bookCaseNamedNotFound(let name) {
      guard let id = TypedID.parse(reference) else { throw StorageError.bookCaseNamedNotFound(name) }
      return try await fetchBookCase(id: id)
    }
  }
}
