import Composable
import ConcurrencyExtras
import Foundation
import Storage
import Testing
import TransferFeature

@MainActor
struct ExportReducerTests {
  /// An output file collecting what is written, and whether it was committed or discarded.
  final class Written: Sendable {
    let bytes = LockIsolated<[UInt8]>([])
    let ending = LockIsolated<String?>(nil)

    var output: OutputFile {
      OutputFile(
        write: { bytes in self.bytes.withValue { $0 += bytes } }, commit: { self.ending.setValue("committed") },
        discard: { self.ending.setValue("discarded") })
    }

    var text: String { String(decoding: bytes.value, as: UTF8.self) }
  }

  static func storage() async throws -> StorageClient {
    try await withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
      $0.uuid = .incrementing
    } operation: {
      let storage = StorageClient.inMemory()
      let toefl = try await storage.createBookCase(BookCaseDraft(name: "TOEFL"))
      for term in ["abate", "benign", "candid"] {
        _ = try await storage.addWord(toefl.id, WordDraft(term: term, meaning: "m"))
      }
      _ = try await storage.createBookCase(BookCaseDraft(name: "Empty"))
      return storage
    }
  }

  @Test func writesEveryBookcaseReportingProgressAndCommitsTheFile() async throws {
    let written = Written()
    let storage = try await Self.storage()
    let store = TestStore(
      initialState: ExportReducer.State(request: .init(format: .csv, path: "out.csv", progressInterval: 2))
    ) {
      ExportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.transferFiles.create = { path, overwrite in
        #expect(path == "out.csv" && !overwrite)
        return written.output
      }
    }
    await store.send(.startButtonTapped) { $0.isExporting = true }
    await store.receive(.counted(words: 3)) { $0.totalWords = 3 }
    await store.receive(.progressed(words: 2)) { $0.wordsWritten = 2 }
    await store.receive(.finished(words: 3, bookCases: 2)) {
      $0.isExporting = false
      $0.wordsWritten = 3
      $0.bookCasesWritten = 2
    }
    #expect(written.text == "term,meaning,reading,example,note,tags\r\nabate,m,,,,\r\nbenign,m,,,,\r\ncandid,m,,,,\r\n")
    #expect(written.ending.value == "committed")
  }

  @Test func aFailureDiscardsTheFile() async throws {
    let written = Written()
    let store = TestStore(initialState: ExportReducer.State(request: .init(bookCaseIDs: [9], format: .tsv, path: "o.tsv"))) {
      ExportReducer()
    } withDependencies: {
      $0.storageClient = .inMemory()
      $0.transferFiles.create = { _, _ in written.output }
    }
    await store.send(.startButtonTapped) { $0.isExporting = true }
    await store.receive(.failed(.storage(.bookCaseNotFound(id: 9)))) {
      $0.isExporting = false
      $0.failure = .storage(.bookCaseNotFound(id: 9))
    }
    #expect(written.ending.value == "discarded")
  }

  @Test func aFileThatExistsIsRefusedBeforeAnythingIsRead() async {
    let store = TestStore(initialState: ExportReducer.State(request: .init(format: .tsv, path: "o.tsv"))) {
      ExportReducer()
    } withDependencies: {
      $0.transferFiles.create = { _, _ in throw FileError("o.tsv already exists; use --force to replace it") }
    }
    await store.send(.startButtonTapped) { $0.isExporting = true }
    await store.receive(.failed(.file("o.tsv already exists; use --force to replace it"))) {
      $0.isExporting = false
      $0.failure = .file("o.tsv already exists; use --force to replace it")
    }
  }
}
