import ConcurrencyExtras
import Foundation
import Storage

// Values the unit tests share. Dates are fixed so states compare equal; storage stamps real ones.

extension Date {
  static let t0 = Date(timeIntervalSince1970: 1_767_225_600)
  static let t1 = Date(timeIntervalSince1970: 1_767_229_200)
}

extension BookCase {
  static let a = BookCase(id: 1, name: "JLPT N3", description: "Japanese, intermediate", wordCount: 2, createdAt: .t0, updatedAt: .t0)
  static let b = BookCase(id: 2, name: "TOEFL", wordCount: 0, createdAt: .t0, updatedAt: .t0)
  static let c = BookCase(id: 3, name: "토픽 중급", wordCount: 1, createdAt: .t1, updatedAt: .t1)
}

extension BookCase {
  /// This bookcase with another word count, as a change made to its words leaves it.
  func counting(_ wordCount: Int) -> BookCase {
    var counted = self
    counted.wordCount = wordCount
    return counted
  }
}

extension Word {
  /// A word the tests add to `BookCase.a`.
  static let ame = Word(id: 12, bookCaseID: 1, term: "雨", meaning: "rain", createdAt: .t1, updatedAt: .t1)
  /// `kaze` as an edit leaves it.
  static let breeze = Word(id: 11, bookCaseID: 1, term: "風", meaning: "breeze", createdAt: .t0, updatedAt: .t1)
  static let sakura = Word(id: 10, bookCaseID: 1, term: "桜", meaning: "cherry blossom", example: "桜が咲いた。", createdAt: .t0, updatedAt: .t0)
  static let kaze = Word(id: 11, bookCaseID: 1, term: "風", meaning: "wind", createdAt: .t0, updatedAt: .t0)
  static let sarang = Word(id: 20, bookCaseID: 3, term: "사랑", meaning: "love", note: "noun", createdAt: .t1, updatedAt: .t1)
}

/// A storage failure as SQLite would report it.
let diskFull = StorageError.database(
  DatabaseFailure(kind: .diskFull, code: 13, message: "database or disk is full", sql: "INSERT INTO word …"))
let ioError = StorageError.database(
  DatabaseFailure(kind: .io, code: 10, message: "disk I/O error", sql: "SELECT … FROM bookcase"))

/// Holds storage calls back until the test opens it, so the test can act while they are in flight.
struct Gate: Sendable {
  private let opened: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() {
    (opened, continuation) = AsyncStream.makeStream(of: Void.self)
  }

  /// Returns once the gate is open (or the waiting task is cancelled).
  func wait() async {
    for await _ in opened {}
  }

  func open() {
    continuation.finish()
  }
}

/// A read that took its snapshot before a write and has not answered yet: the first call opens `started`
/// and then waits until its load is cancelled (answering `stale`, which a cancelled effect cannot send);
/// every later call answers `current()`. A reducer that let the first load land would show `stale`.
func readStaleFirst<Value: Sendable>(
  _ stale: Value, started: Gate, then current: @escaping @Sendable () -> Value
) -> @Sendable () async -> Value {
  let calls = LockIsolated(0)
  let neverOpened = Gate()
  return {
    guard calls.withValue({ $0 += 1; return $0 }) == 1 else { return current() }
    started.open()
    await neverOpened.wait()
    return stale
  }
}
