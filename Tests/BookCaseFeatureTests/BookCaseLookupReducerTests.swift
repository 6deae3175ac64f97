import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import Testing

@MainActor
@Suite struct BookCaseLookupReducerTests {
  /// A client that knows `bookCases` by name (ignoring case) and by id, and records which endpoints ran.
  private func client(_ bookCases: [BookCase], calls: LockIsolated<[String]>) -> StorageClient {
    var client = StorageClient()
    client.findBookCase = { name in
      calls.withValue { $0.append("find \(name)") }
      guard let found = bookCases.first(where: { $0.name.lowercased() == name.lowercased() }) else {
        throw StorageError.bookCaseNamedNotFound(name)
      }
      return found
    }
    client.fetchBookCase = { id in
      calls.withValue { $0.append("fetch \(id)") }
      guard let found = bookCases.first(where: { $0.id == id }) else { throw StorageError.bookCaseNotFound(id: id) }
      return found
    }
    return client
  }

  /// Looks `reference` up among `bookCases`, asserting every step up to `outcome` and the state it shows, and
  /// returns the storage endpoints the lookup called, in order.
  private func lookUp(
    _ reference: String, among bookCases: [BookCase], ending outcome: BookCaseLookupReducer.Action,
    showing shown: @escaping (inout BookCaseLookupReducer.State) -> Void
  ) async -> [String] {
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: reference)) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client(bookCases, calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(outcome) {
      $0.isLoading = false
      shown(&$0)
    }
    return calls.value
  }

  @Test func findsByName() async {
    let calls = await lookUp("toefl", among: [.a, .b], ending: .found(.b)) { $0.bookCase = .b }
    #expect(calls == ["find toefl"])
  }

  @Test func findsByIDWhenNoNameMatches() async {
    let calls = await lookUp("2", among: [.a, .b], ending: .found(.b)) { $0.bookCase = .b }
    #expect(calls == ["find 2", "fetch 2"])
  }

  @Test func anExactNameWinsOverAnID() async {
    let named2 = BookCase(id: 7, name: "2", createdAt: .t0, updatedAt: .t0)
    let calls = await lookUp("2", among: [.a, .b, named2], ending: .found(named2)) { $0.bookCase = named2 }
    #expect(calls == ["find 2"])
  }

  @Test func unknownNameIsNotFoundWithoutTryingAnID() async {
    let calls = await lookUp("GRE", among: [.a, .b], ending: .failed(.bookCaseNamedNotFound("GRE"))) {
      $0.error = .bookCaseNamedNotFound("GRE")
    }
    #expect(calls == ["find GRE"])
  }

  @Test func unknownIDIsNotFound() async {
    let calls = await lookUp("42", among: [.a, .b], ending: .failed(.bookCaseNotFound(id: 42))) {
      $0.error = .bookCaseNotFound(id: 42)
    }
    #expect(calls == ["find 42", "fetch 42"])
  }

  @Test func onlyPlainASCIIDigitsAreIDs() async throws {
    let calls = LockIsolated<[String]>([])
    let storage = client([.a, .b], calls: calls)
    for reference in ["+2", " 2", "2 ", "٢", "", "99999999999999999999"] {
      do {
        _ = try await storage.resolveBookCase(reference)
        Issue.record("\(reference.debugDescription) resolved")
      } catch let error as StorageError {
        #expect(error == .bookCaseNamedNotFound(reference), "\(reference.debugDescription)")
      }
    }
    #expect(!(calls.value.contains { $0.hasPrefix("fetch") }), "\(calls.value)")
  }

  @Test func storageFailureIsShown() async {
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "TOEFL")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient.findBookCase = { _ in throw ioError }
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.failed(ioError)) {
      $0.isLoading = false
      $0.error = ioError
    }
  }

  @Test func lookingUpAgainClearsTheLastResult() async {
    var initial = BookCaseLookupReducer.State(reference: "JLPT N3")
    initial.error = ioError
    let store = TestStore(initialState: initial) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient.findBookCase = { _ in .a }
    }

    await store.send(.lookUp) {
      $0.isLoading = true
      $0.error = nil
    }
    await store.receive(.found(.a)) {
      $0.isLoading = false
      $0.bookCase = .a
    }
  }
}
