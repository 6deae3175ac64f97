import AnkiPackage
import Composable
import Foundation
import Storage
import WordFormats

/// An import of one file: read it in the chosen format, hand its words to storage's bulk import, report
/// progress as it goes, and end with what was added, updated and skipped, or with the one error that stopped
/// it (nothing is then imported). Cancelling asks the import to stop: it rolls back and says so (`cancelled`),
/// unless every word was already committed, when it finishes as if not asked.
public struct ImportReducer: Reducer, Sendable {
  public struct Request: Equatable, Sendable {
    /// The file to read; `-` is standard input.
    public var path: String
    public var format: WordFileFormat
    /// The bookcase every word goes to; when nil, the one the file names for it.
    public var into: String?
    public var onDuplicate: DuplicatePolicy
    public var dryRun: Bool
    /// Progress is reported every this many words.
    public var progressInterval: Int

    public init(
      path: String, format: WordFileFormat, into: String? = nil, onDuplicate: DuplicatePolicy = .skip,
      dryRun: Bool = false, progressInterval: Int = 10_000
    ) {
      self.path = path
      self.format = format
      self.into = into
      self.onDuplicate = onDuplicate
      self.dryRun = dryRun
      self.progressInterval = progressInterval
    }
  }

  public struct State: Equatable, Sendable {
    public var request: Request
    public var isImporting = false
    /// The file's size when it has one, and how much of it has been read, for an estimate of the time left.
    public var totalBytes: Int?
    public var bytesRead = 0
    public var wordsRead = 0
    public var report: ImportReport?
    /// What the file held that did not become words (a package's other note types, its media files).
    public var notices: [String] = []
    public var failure: ImportFailure?
    public var wasCancelled = false

    public init(request: Request) {
      self.request = request
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case startButtonTapped
    case fileOpened(size: Int?)
    case progressed(words: Int, bytes: Int)
    /// Sent before `finished` when the file held something the words do not carry.
    case noticed([String])
    case finished(ImportReport)
    case failed(ImportFailure)
    case cancelButtonTapped
    /// The import stopped when asked, and nothing of it was kept.
    case cancelled
  }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.transferFiles) var transferFiles

  public init() {}

  private enum CancelID { case stopRequest }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        guard !state.isImporting else { return .none }
        state.isImporting = true
        state.failure = nil
        state.report = nil
        state.wasCancelled = false
        let (request, storage, files) = (state.request, storageClient, transferFiles)
        let stop = StopRequest()
        let importing = Effect<Action>.run { send in
          let file = try files.open(request.path)
          await send(.fileOpened(size: file.size))
          let reader = SharedReader(request.format, file, stop: stop)
          let (progress, progressed) = AsyncStream<Int>.makeStream()
          let report: ImportReport
          do {
            report = try await withTaskCancellationHandler {
              try await withThrowingTaskGroup(of: ImportReport.self) { group in
                group.addTask {
                  defer { progressed.finish() }
                  return try await storage.importWords(
                    WordImport(
                      onDuplicate: request.onDuplicate, dryRun: request.dryRun,
                      progressInterval: request.progressInterval, progress: { progressed.yield($0) },
                      isStopped: { stop.isRequested }
                    ) {
                      try reader.next().map {
                        try ImportedWord($0, into: request.into, details: reader.bookCase(named:), reviews: reader.reviews)
                      }
                    })
                }
                for await words in progress { await send(.progressed(words: words, bytes: reader.bytesRead)) }
                return try await group.next()!
              }
            } onCancel: {
              stop.request()
            }
          } catch is CancellationError where stop.isRequested {
            await send(.cancelled)
            return
          }
          let notices = reader.notices
          if !notices.isEmpty { await send(.noticed(notices)) }
          await send(.finished(report))
        } catch: { error, send in
          await send(.failed(ImportFailure(error)))
        }
        // What Ctrl-C cancels: this effect, whose cancellation asks the import to stop. The import itself is not
        // cancelled, so that it can still say how it ended: rolled back, or committed before it was asked.
        let stopOnCancel = Effect<Action>.run { _ in
          try await withTaskCancellationHandler {
            try await Task.sleep(nanoseconds: .max)
          } onCancel: {
            stop.request()
          }
        }
        return .merge(importing, stopOnCancel.cancellable(id: CancelID.stopRequest))

      case let .fileOpened(size):
        state.totalBytes = size
        return .none

      case let .progressed(words, bytes):
        state.wordsRead = words
        state.bytesRead = bytes
        return .none

      case let .noticed(notices):
        state.notices = notices
        return .none

      case let .finished(report):
        state.isImporting = false
        state.wordsRead = report.read
        state.report = report
        return .cancel(id: CancelID.stopRequest)

      case let .failed(failure):
        state.isImporting = false
        state.failure = failure
        return .cancel(id: CancelID.stopRequest)

      case .cancelButtonTapped:
        guard state.isImporting else { return .none }
        return .cancel(id: CancelID.stopRequest)

      case .cancelled:
        state.isImporting = false
        state.wasCancelled = true
        return .cancel(id: CancelID.stopRequest)
      }
    }
  }
}

/// Why an import stopped, with nothing imported.
public enum ImportFailure: Error, Equatable, Sendable {
  /// The file could not be opened or read.
  case file(String)
  /// The file is malformed at this line (or names no bookcase for a word there).
  case malformed(line: Int, message: String)
  /// The file is malformed as a whole (a damaged package), at no one line.
  case unreadable(String)
  /// The word at this line breaks a storage rule.
  case refused(line: Int, StorageError)
  case storage(StorageError)

  init(_ error: any Error) {
    switch error {
    case let error as FileError: self = .file(error.message)
    case let error as FormatError: self = .malformed(line: error.line, message: error.message)
    case let error as AnkiPackageError: self = .unreadable(error.description)
    case let error as ImportRowError: self = .refused(line: error.line, error.error)
    case let error as StorageError: self = .storage(error)
    default: self = .storage(.database(DatabaseFailure(kind: .other, message: "\(error)")))
    }
  }
}

/// Ctrl-C's request that an import stop: made on one thread, read on the storage client's.
private final class StopRequest: Sendable {
  private let requested = Protected(false)

  func request() { requested.withLock { $0 = true } }

  var isRequested: Bool { requested.withLock { $0 } }
}

/// The file's reader, shared with the storage client's thread, which alone calls `next` (one call at a time);
/// the count of bytes read is read from elsewhere, under a lock.
private final class SharedReader: @unchecked Sendable {
  private var reader: any WordFileReader
  private let bytes = Protected(0)
  private let stop: StopRequest

  init(_ format: WordFileFormat, _ file: InputFile, stop: StopRequest) {
    let bytes = bytes
    reader = format.reader {
      let chunk = try file.read { stop.isRequested }
      bytes.withLock { $0 += chunk?.count ?? 0 }
      return chunk
    }
    self.stop = stop
  }

  var bytesRead: Int { bytes.withLock { $0 } }

  /// Asked once the storage client is done with the reader.
  var notices: [String] { reader.notices }

  func bookCase(named name: String) -> ImportedBookCase? { reader.bookCase(named: name) }

  /// The card and review log of the word `next` returned last, if the file gives them.
  var reviews: ReviewHistory? { reader.reviews }

  /// The next word; an import asked to stop stops at the next word with `CancellationError`, which rolls it back.
  func next() throws -> WordRecord? {
    if stop.isRequested { throw CancellationError() }
    return try reader.next()
  }
}

/// A value reached only under its lock.
final class Protected<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
