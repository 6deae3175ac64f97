import BookCaseFeature
import Composable
import ConcurrencyExtras
import Storage
import XCTest

@MainActor
final class BookCaseLookupReducerTests: XCTestCase {
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

  func testFindsByName() async {
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "toefl")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client([.a, .b], calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.found(.b)) {
      $0.isLoading = false
      $0.bookCase = .b
    }
    XCTAssertEqual(calls.value, ["find toefl"])
  }

  func testFindsByIDWhenNoNameMatches() async {
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "2")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client([.a, .b], calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.found(.b)) {
      $0.isLoading = false
      $0.bookCase = .b
    }
    XCTAssertEqual(calls.value, ["find 2", "fetch 2"])
  }

  func testAnExactNameWinsOverAnID() async {
    let named2 = BookCase(id: 7, name: "2", createdAt: .t0, updatedAt: .t0)
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "2")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client([.a, .b, named2], calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.found(named2)) {
      $0.isLoading = false
      $0.bookCase = named2
    }
    XCTAssertEqual(calls.value, ["find 2"])
  }

  func testUnknownNameIsNotFoundWithoutTryingAnID() async {
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "GRE")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client([.a, .b], calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.failed(.bookCaseNamedNotFound("GRE"))) {
      $0.isLoading = false
      $0.error = .bookCaseNamedNotFound("GRE")
    }
    XCTAssertEqual(calls.value, ["find GRE"])
  }

  func testUnknownIDIsNotFound() async {
    let calls = LockIsolated<[String]>([])
    let store = TestStore(initialState: BookCaseLookupReducer.State(reference: "42")) {
      BookCaseLookupReducer()
    } withDependencies: {
      $0.storageClient = client([.a, .b], calls: calls)
    }

    await store.send(.lookUp) {
      $0.isLoading = true
    }
    await store.receive(.failed(.bookCaseNotFound(id: 42))) {
      $0.isLoading = false
      $0.error = .bookCaseNotFound(id: 42)
    }
  }

  func testOnlyPlainASCIIDigitsAreIDs() async throws {
    let calls = LockIsolated<[String]>([])
    let storage = client([.a, .b], calls: calls)
    for reference in ["+2", " 2", "2 ", "٢", "", "99999999999999999999"] {
      do {
        _ = try await storage.resolveBookCase(reference)
        XCTFail("\(reference.debugDescription) resolved")
      } catch let error as StorageError {
        XCTAssertEqual(error, .bookCaseNamedNotFound(reference), reference.debugDescription)
      }
    }
    XCTAssertFalse(calls.value.contains { $0.hasPrefix("fetch") }, "\(calls.value)")
  }

  func testStorageFailureIsShown() async {
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

  func testLookingUpAgainClearsTheLastResult() async {
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
