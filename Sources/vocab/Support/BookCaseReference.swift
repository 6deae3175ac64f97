import BookCaseFeature
import Storage

/// A bookcase named on the command line (by name or id), resolved by the feature's lookup reducer.
extension Session {
  @MainActor
  func bookCase(_ reference: String) async throws(Failure) -> BookCase {
    let lookup = await FeatureRun(
      BookCaseLookupReducer(), state: .init(reference: reference), storage: storage
    ).send(.lookUp)
    if let error = lookup.error { throw Failure(error) }
    guard let bookCase = lookup.bookCase else { throw Failure("no bookcase matches “\(reference)”") }
    return bookCase
  }

  /// The id of the bookcase a command is limited to, or nil (every bookcase) when none is named.
  @MainActor
  func bookCaseID(_ reference: String?) async throws(Failure) -> BookCase.ID? {
    guard let reference else { return nil }
    return try await bookCase(reference).id
  }
}
