import Storage

extension StorageClient {
  /// The bookcase a person means by `reference`, as typed on a command line: its name (ignoring case and
  /// Unicode normalisation) or its numeric id. A name wins over an id, so a bookcase named "2024" stays
  /// reachable by its name even when another bookcase has the id 2024.
  public func resolveBookCase(_ reference: String) async throws -> BookCase {
    do {
      return try await findBookCase(named: reference)
    } catch StorageError.bookCaseNamedNotFound(let name) {
      guard let id = Self.numericID(reference) else { throw StorageError.bookCaseNamedNotFound(name) }
      return try await fetchBookCase(id: id)
    }
  }

  /// `reference` as an id when it is nothing but ASCII digits ("+7", " 7" and "٧" are names, not ids).
  static func numericID(_ reference: String) -> BookCase.ID? {
    guard !reference.isEmpty, reference.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return BookCase.ID(reference)
  }
}
