import Composable
import ConcurrencyExtras
import Foundation
import Storage
import Testing
import TransferFeature

@MainActor
struct ImportReducerTests {
  nonisolated static let tsv = "term\tmeaning\nabate\tlessen\nbenign\tkind\ncandid\tfrank\ndaunt\tintimidate\nabate\tlessen\n"

  /// A file holding `text`, handed out in one chunk.
  nonisolated static func file(_ text: String) -> InputFile {
    let chunks = LockIsolated([Array(text.utf8)])
    return InputFile(size: text.utf8.count) { _ in chunks.withValue { $0.popLast() } }
  }

  @Test func importsTheFileReportingProgressThenWhatItDid() async throws {
    let storage = StorageClient.inMemory()
    let store = TestStore(
      initialState: ImportReducer.State(request: .init(path: "w.tsv", format: .tsv, into: "TOEFL", progressInterval: 2))
    ) {
      ImportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.transferFiles.open = { path in
        #expect(path == "w.tsv")
        return Self.file(Self.tsv)
      }
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
      $0.uuid = .incrementing
    }
    let size = Self.tsv.utf8.count
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: size)) { $0.totalBytes = size }
    await store.receive(.progressed(words: 2, bytes: size)) {
      $0.wordsRead = 2
      $0.bytesRead = size
    }
    await store.receive(.progressed(words: 4, bytes: size)) { $0.wordsRead = 4 }
    let report = ImportReport(
      bookCases: [.init(name: "TOEFL", id: 1, created: true, added: 4, skippedSameTerm: 1)], read: 5)
    await store.receive(.finished(report)) {
      $0.isImporting = false
      $0.wordsRead = 5
      $0.report = report
    }
    #expect(try await storage.fetchWords(1, .all).map(\.term) == ["abate", "benign", "candid", "daunt"])
  }

  /// A JSON word with a card and one review, the second word's review rated `rating`.
  nonisolated static func json(rating: String) -> String {
    let card = #"{"state":"review","due":"2026-03-03T08:00:00Z","stability":2.5,"difficulty":4,"lastReview":"2026-03-01T08:00:00Z","reps":1}"#
    let review = #"{"rating":RATING,"reviewedAt":"2026-03-01T08:00:00Z","before":{"state":"new","due":"2026-03-01T07:00:00Z"},"after":{"state":"review","due":"2026-03-03T08:00:00Z","stability":2.5,"difficulty":4},"intervalAfter":2}"#
      .replacingOccurrences(of: "RATING", with: rating)
    return #"{"bookcase":{"name":"TOEFL"},"words":["# + "\n"
      + #"{"term":"abate","meaning":"lessen","card":\#(card),"reviews":[\#(review.replacingOccurrences(of: rating, with: "3"))]},"# + "\n"
      + #"{"term":"benign","meaning":"kind","card":\#(card),"reviews":[\#(review)]}]}"# + "\n"
  }

  @Test func aJSONWordsCardAndReviewsReachStorageAndABadRatingEndsAtItsLine() async throws {
    let storage = StorageClient.inMemory()
    for (rating, failure) in [("9", ImportFailure.refused(line: 3, .invalidRating(9))), ("\"easy\"", nil)] {
      let text = Self.json(rating: rating)
      let store = TestStore(initialState: ImportReducer.State(request: .init(path: "w.json", format: .json))) {
        ImportReducer()
      } withDependencies: {
        $0.storageClient = storage
        $0.transferFiles.open = { _ in Self.file(text) }
        $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
        $0.uuid = .incrementing
      }
      await store.send(.startButtonTapped) { $0.isImporting = true }
      await store.receive(.fileOpened(size: text.utf8.count)) { $0.totalBytes = text.utf8.count }
      if let failure {
        await store.receive(.failed(failure)) {
          $0.isImporting = false
          $0.failure = failure
        }
        #expect(try await storage.fetchBookCases() == [])
        continue
      }
      let report = ImportReport(bookCases: [.init(name: "TOEFL", id: 1, created: true, added: 2)], read: 2)
      await store.receive(.finished(report)) {
        $0.isImporting = false
        $0.wordsRead = 2
        $0.report = report
      }
    }
    let due = Date(timeIntervalSince1970: 1_772_524_800)
    #expect(try await storage.fetchCard(1) == StoredCard(
      wordID: 1, state: .review, stability: 2.5, difficulty: 4, due: due, lastReview: Date(timeIntervalSince1970: 1_772_352_000), reps: 1))
    let log = try await storage.fetchReviewLog(nil, .distantPast)
    #expect(log.map(\.wordID) == [1, 2] && log.map(\.rating) == [3, 4] && log.map(\.intervalAfter) == [2, 2])
  }

  @Test func aMalformedFileEndsWithItsLineAndImportsNothing() async throws {
    let storage = StorageClient.inMemory()
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "w.csv", format: .csv, into: "X"))) {
      ImportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.uuid = .incrementing
      $0.transferFiles.open = { _ in Self.file("abate,lessen\n\"benign,kind\n") }
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: 26)) { $0.totalBytes = 26 }
    let failure = ImportFailure.malformed(line: 2, message: "a quoted field is never closed (its quote opens on line 2)")
    await store.receive(.failed(failure)) {
      $0.isImporting = false
      $0.failure = failure
    }
    #expect(try await storage.fetchBookCases() == [])
  }

  @Test func aWordBreakingARuleEndsWithItsLine() async {
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "w.csv", format: .csv, into: "X"))) {
      ImportReducer()
    } withDependencies: {
      $0.storageClient = .inMemory()
      $0.transferFiles.open = { _ in Self.file("abate,lessen\n,kind\n") }
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
      $0.uuid = .incrementing
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: 19)) { $0.totalBytes = 19 }
    await store.receive(.failed(.refused(line: 2, .emptyField(.term)))) {
      $0.isImporting = false
      $0.failure = .refused(line: 2, .emptyField(.term))
    }
  }

  @Test func aFileThatCannotBeOpenedEndsWithWhy() async {
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "gone.tsv", format: .tsv))) {
      ImportReducer()
    } withDependencies: {
      $0.transferFiles.open = { _ in throw FileError("cannot open gone.tsv: No such file or directory") }
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.failed(.file("cannot open gone.tsv: No such file or directory"))) {
      $0.isImporting = false
      $0.failure = .file("cannot open gone.tsv: No such file or directory")
    }
  }

  @Test func cancellingStopsTheWordsStorageIsReadingSoItRollsBack() async {
    let sawCancellation = LockIsolated(false)
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "-", format: .tsv, into: "X"))) {
      ImportReducer()
    } withDependencies: {
      // A file that never ends, read by a storage client that keeps asking for words until told to stop.
      $0.transferFiles.open = { _ in InputFile(size: nil) { _ in Array("abate\tlessen\n".utf8) } }
      $0.storageClient.importWords = { request in
        do {
          while try request.next() != nil { await Task.yield() }
        } catch is CancellationError {
          sawCancellation.setValue(true)
          throw CancellationError()
        }
        return ImportReport()
      }
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: nil))
    await store.send(.cancelButtonTapped)
    await store.receive(.cancelled) {
      $0.isImporting = false
      $0.wasCancelled = true
    }
    await store.finish()
    #expect(sawCancellation.value)
  }

  /// Whether the import is asked to stop within ten seconds.
  nonisolated static func askedToStop(_ request: WordImport) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while !request.isStopped(), ContinuousClock.now < deadline { await Task.yield() }
    return request.isStopped()
  }

  /// A store importing a one-word file through an `importWords` that reads every word and then waits to be asked
  /// to stop, ending as `outcome` says; cancel is tapped once the file is open.
  func cancelledAfterReading(
    _ outcome: @escaping @Sendable (_ askedToStop: Bool) throws -> ImportReport
  ) async -> TestStore<ImportReducer.State, ImportReducer.Action> {
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "w.tsv", format: .tsv, into: "X"))) {
      ImportReducer()
    } withDependencies: {
      $0.transferFiles.open = { _ in Self.file("abate\tlessen\n") }
      $0.storageClient.importWords = { request in
        while try request.next() != nil {}
        return try outcome(await Self.askedToStop(request))
      }
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: 13)) { $0.totalBytes = 13 }
    await store.send(.cancelButtonTapped)
    return store
  }

  @Test func cancellingAfterTheLastWordStillRollsBack() async {
    // Every word read, the client is writing the index when asked to stop; it asks before committing.
    let store = await cancelledAfterReading { askedToStop in
      guard askedToStop else { return ImportReport() }
      throw CancellationError()
    }
    await store.receive(.cancelled) {
      $0.isImporting = false
      $0.wasCancelled = true
    }
  }

  @Test func cancellingTooLateToStopFinishesWithWhatWasImported() async {
    let committed = ImportReport(read: 1)
    // The client has committed when the request to stop comes, so it returns its report anyway.
    let store = await cancelledAfterReading { askedToStop in
      #expect(askedToStop)
      return committed
    }
    await store.receive(.finished(committed)) {
      $0.isImporting = false
      $0.wordsRead = 1
      $0.report = committed
    }
  }
}
