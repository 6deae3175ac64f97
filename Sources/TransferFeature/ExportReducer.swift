import AnkiPackage
import Composable
import Storage
import WordFormats

/// An export of bookcases to a file (or standard output) in the chosen format, one word at a time from one
/// consistent read. The file appears complete or not at all: a failure discards what was written.
public struct ExportReducer: Reducer, Sendable {
  public struct Request: Equatable, Sendable {
    /// The bookcases to export, in this order; every one, in list order, when empty.
    public var bookCaseIDs: [BookCase.ID]
    public var format: WordFileFormat
    /// The file to write; standard output when nil.
    public var path: String?
    /// Whether an existing file at `path` may be replaced.
    public var overwrite: Bool
    public var progressInterval: Int

    public init(
      bookCaseIDs: [BookCase.ID] = [], format: WordFileFormat, path: String? = nil, overwrite: Bool = false,
      progressInterval: Int = 10_000
    ) {
      self.bookCaseIDs = bookCaseIDs
      self.format = format
      self.path = path
      self.overwrite = overwrite
      self.progressInterval = progressInterval
    }
  }

  public struct State: Equatable, Sendable {
    public var request: Request
    public var isExporting = false
    public var wordsWritten = 0
    /// How many words the bookcases hold, for an estimate of the time left.
    public var totalWords: Int?
    /// How many bookcases the finished export wrote.
    public var bookCasesWritten: Int?
    public var failure: ExportFailure?

    public init(request: Request) {
      self.request = request
    }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case startButtonTapped
    case counted(words: Int)
    case progressed(words: Int)
    case finished(words: Int, bookCases: Int)
    case failed(ExportFailure)
  }

  @Dependency(\.storageClient) var storageClient
  @Dependency(\.transferFiles) var transferFiles

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startButtonTapped:
        guard !state.isExporting else { return .none }
        state.isExporting = true
        state.failure = nil
        let (request, storage, files) = (state.request, storageClient, transferFiles)
        return .run { send in
          let output = try files.create(request.path, request.overwrite)
          do {
            let bookCases =
              request.bookCaseIDs.isEmpty
              ? try await storage.fetchBookCases() : try await request.bookCaseIDs.asyncMap(storage.fetchBookCase)
            await send(.counted(words: bookCases.reduce(0) { $0 + $1.wordCount }))
            // The clock is asked only by a format that dates what it writes (a package), so only its tests set it.
            let now = {
              @Dependency(\.date.now) var now
              return now
            }
            let writer = SharedWriter(
              request.format.writer(now: now, output.write), progressInterval: request.progressInterval)
            let (progress, progressed) = AsyncStream<Int>.makeStream()
            let counts = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
              group.addTask {
                defer { progressed.finish() }
                try await storage.exportWords(request.bookCaseIDs, request.format.carriesReviews) { item in
                  if let words = try writer.write(item) { progressed.yield(words) }
                }
                return try writer.finish()
              }
              for await words in progress { await send(.progressed(words: words)) }
              return try await group.next()!
            }
            try output.commit()
            await send(.finished(words: counts.0, bookCases: counts.1))
          } catch {
            output.discard()
            throw error
          }
        } catch: { error, send in
          await send(.failed(ExportFailure(error)))
        }

      case let .counted(words):
        state.totalWords = words
        return .none

      case let .progressed(words):
        state.wordsWritten = words
        return .none

      case let .finished(words, bookCases):
        state.isExporting = false
        state.wordsWritten = words
        state.bookCasesWritten = bookCases
        return .none

      case let .failed(failure):
        state.isExporting = false
        state.failure = failure
        return .none
      }
    }
  }
}

extension Array where Element: Sendable {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var result: [T] = []
    for element in self { result.append(try await transform(element)) }
    return result
  }
}

/// Why an export stopped, leaving no file behind.
public enum ExportFailure: Error, Equatable, Sendable {
  /// The file could not be created or written, or already exists.
  case file(String)
  /// A word cannot be written in the format without changing on the way back.
  case unwritable(String)
  case storage(StorageError)

  init(_ error: any Error) {
    switch error {
    case let error as FileError: self = .file(error.message)
    case let error as FormatWriteError: self = .unwritable(error.description)
    case let error as AnkiPackageError: self = .unwritable(error.description)
    case let error as StorageError: self = .storage(error)
    default: self = .storage(.database(DatabaseFailure(kind: .other, message: "\(error)")))
    }
  }
}

/// The format's writer, used only from the storage client's thread, one item at a time, counting as it goes.
private final class SharedWriter: @unchecked Sendable {
  private var writer: any WordFileWriter
  private let progressInterval: Int
  private var words = 0
  private var bookCases = 0

  init(_ writer: any WordFileWriter, progressInterval: Int) {
    self.writer = writer
    self.progressInterval = max(1, progressInterval)
  }

  /// Writes the item; returns the count of words written when it is time to report progress.
  func write(_ item: ExportItem) throws -> Int? {
    try writer.write(item)
    guard case .word = item else {
      bookCases += 1
      return nil
    }
    words += 1
    return words % progressInterval == 0 ? words : nil
  }

  /// Ends the file; returns how many words and bookcases it holds.
  func finish() throws -> (Int, Int) {
    try writer.finish()
    return (words, bookCases)
  }
}
