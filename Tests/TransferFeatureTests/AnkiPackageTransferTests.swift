import AnkiPackage
import Composable
import ConcurrencyExtras
import Foundation
import Storage
import Testing
import TransferFeature

/// The package format through the import and export reducers: what Anki exported comes in with its decks as
/// bookcases and a notice of what stayed out; what vocab exports reads back as the same words.
@MainActor
struct AnkiPackageTransferTests {
  nonisolated static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
    .appending(path: "../AnkiPackageTests/Fixtures").standardized

  nonisolated static func file(_ bytes: [UInt8]) -> InputFile {
    let chunks = LockIsolated([bytes])
    return InputFile(size: bytes.count) { _ in chunks.withValue { $0.popLast() } }
  }

  @Test func importsAnAnkiPackageWithNoticesOfWhatStayedOut() async throws {
    let package = [UInt8](try Data(contentsOf: Self.fixtures.appending(path: "anki21b.apkg")))
    let storage = StorageClient.inMemory()
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "deck.apkg", format: .apkg))) {
      ImportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.transferFiles.open = { _ in Self.file(package) }
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
      $0.uuid = .incrementing
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: package.count)) { $0.totalBytes = package.count }
    let notices = [
      "skipped 1 note of the note type “Cloze”, which vocab does not import",
      "the words refer to 2 media files, kept as text but not imported: haus.jpg, haus.mp3",
    ]
    await store.receive(.noticed(notices)) { $0.notices = notices }
    let report = ImportReport(
      bookCases: [
        .init(name: "Languages::German", id: 1, created: true, added: 2),
        .init(name: "Languages::German::Nouns", id: 2, created: true, added: 1),
      ], read: 3)
    await store.receive(.finished(report)) {
      $0.isImporting = false
      $0.wordsRead = 3
      $0.report = report
    }
    let german = try await storage.fetchWords(1, .all)
    #expect(german.map(\.term) == ["Hund", "Haus [sound:haus.mp3]"])
    #expect(german.map(\.guid) == ["vocabHund1", "vocabHaus01"])
    #expect(german.first?.tags == ["animals::mammals", "noun"])
    #expect(try await storage.fetchWords(2, .all).map(\.meaning) == ["cat\nfeline"])
  }

  @Test func aDamagedPackageEndsTheImportWithNothingImported() async throws {
    let storage = StorageClient.inMemory()
    let store = TestStore(initialState: ImportReducer.State(request: .init(path: "bad.apkg", format: .apkg))) {
      ImportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.transferFiles.open = { _ in Self.file(Array("PK but not a zip".utf8)) }
      $0.date.now = Date(timeIntervalSince1970: 1_700_000_000)
    }
    await store.send(.startButtonTapped) { $0.isImporting = true }
    await store.receive(.fileOpened(size: 16)) { $0.totalBytes = 16 }
    let failure = ImportFailure.unreadable(AnkiPackageError.notAPackage("it is not a zip archive").description)
    await store.receive(.failed(failure)) {
      $0.isImporting = false
      $0.failure = failure
    }
    #expect(try await storage.fetchBookCases().isEmpty)
  }

  @Test func exportsAPackageThatReadsBackAsTheSameWords() async throws {
    let written = ExportReducerTests.Written()
    let storage = try await ExportReducerTests.storage()
    let store = TestStore(initialState: ExportReducer.State(request: .init(format: .apkg, path: "out.apkg"))) {
      ExportReducer()
    } withDependencies: {
      $0.storageClient = storage
      $0.transferFiles.create = { _, _ in written.output }
      $0.date.now = Date(timeIntervalSince1970: 1_800_000_000)
    }
    await store.send(.startButtonTapped) { $0.isExporting = true }
    await store.receive(.counted(words: 3)) { $0.totalWords = 3 }
    await store.receive(.finished(words: 3, bookCases: 2)) {
      $0.isExporting = false
      $0.wordsWritten = 3
      $0.bookCasesWritten = 2
    }
    #expect(written.ending.value == "committed")
    let url = FileManager.default.temporaryDirectory.appending(path: "vocab-transfer-test-\(UUID().uuidString).apkg")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(written.bytes.value).write(to: url)
    let words = try AnkiPackageReader(url: url).readAll()
    let stored = try await storage.fetchWords(1, .all)
    #expect(words.map(\.term) == ["abate", "benign", "candid"])
    #expect(words.map(\.guid) == stored.map(\.guid))
    #expect(words.allSatisfy { $0.deck == "TOEFL" && $0.meaning == "m" && $0.notetype == "vocab" })
  }
}
