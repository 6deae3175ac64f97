import Dependencies
import Foundation
import Testing

@testable import Storage

/// A fresh directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appending(path: "vocab-storage-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appending(path: name).path }
}

/// A point in time for the `date` dependency: `time(0)` is 2023-11-14 22:13:20 UTC.
func time(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(seconds)) }

/// Runs `operation` with `date.now` fixed at `time(seconds)`. New words get random guids, as in use.
func at<T>(_ seconds: Int, _ operation: () async throws -> T) async rethrows -> T {
  try await withDependencies {
    $0.date.now = time(seconds)
    $0.uuid = UUIDGenerator { UUID() }
  } operation: {
    try await operation()
  }
}

func at<T>(_ seconds: Int, _ operation: () throws -> T) rethrows -> T {
  try withDependencies {
    $0.date.now = time(seconds)
    $0.uuid = UUIDGenerator { UUID() }
  } operation: {
    try operation()
  }
}

/// The error `operation` throws, recorded as a failure when it throws none.
func thrownError<T>(
  _ operation: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> (any Error)? {
  do {
    let value = try await operation()
    Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// The bytes of a file, to prove a refused file was left exactly as it was.
func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

/// The names of the files in a directory, sorted.
func files(in directory: TemporaryDirectory) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
}

/// Waits for the next element, failing after `seconds` instead of hanging the suite when none comes.
func next(
  _ stream: AsyncStream<Void>, within seconds: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
  let received = await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      var iterator = stream.makeAsyncIterator()
      return await iterator.next() != nil
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(seconds))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
  if !received { Issue.record("observeChanges() did not yield within \(seconds) s", sourceLocation: sourceLocation) }
  return received
}
