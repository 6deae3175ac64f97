import Dependencies
import Foundation
import Testing

@testable import Storage

/// Several connections writing one file at once, as several `vocab` processes would.
@Suite struct ConcurrencyTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("vocab.sqlite3")
  }

  @Test func concurrentWritersLoseNothing() async throws {
    let writers = 4
    let clients = try (0..<writers).map { _ in try at(0) { try StorageClient.live(path: path).client } }
    let bookCase = try await at(0) { try await clients[0].createBookCase(BookCaseDraft(name: "Shared")) }

    // Each writer adds words on its own connection for about two seconds (no assertion on how many).
    let deadline = ContinuousClock.now + .seconds(2)
    let added = try await withThrowingTaskGroup(of: [Word.ID].self) { group in
      for (writer, client) in clients.enumerated() {
        group.addTask {
          var ids: [Word.ID] = []
          try await at(writer) {
            while ContinuousClock.now < deadline || ids.isEmpty {
              let word = try await client.addWord(bookCase.id, WordDraft(term: "w\(writer)-\(ids.count)", meaning: "m"))
              ids.append(word.id)
            }
          }
          return ids
        }
      }
      return try await group.reduce(into: [Word.ID]()) { $0 += $1 }
    }

    let stored = try await clients[1].fetchWords(bookCase.id, .all)
    #expect(Set(stored.map(\.id)) == Set(added))
    #expect(stored.count == added.count)
    #expect(try await clients[2].fetchBookCase(bookCase.id).wordCount == added.count)
    let db = try Connection(path: path, mode: .readOnly)
    #expect(try db.rows("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
    #expect(try db.rows("PRAGMA foreign_key_check") { $0.text(0) } == [])
  }

  /// A writer waiting for another process's lock must not hold one of Swift's few cooperative threads:
  /// if it did, more waiting writers than cores would starve the task that releases the lock, and every
  /// writer would fail with SQLITE_BUSY after the busy timeout.
  @Test func writersWaitingForTheLockLeaveTheTaskPoolFree() async throws {
    let client = try at(0) { try StorageClient.live(path: path).client }
    let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "Shared")) }
    let otherProcess = Locked(try Connection(path: path, mode: .existing))
    try otherProcess.withLock { try $0.execute("BEGIN IMMEDIATE") }
    let writers = ProcessInfo.processInfo.activeProcessorCount + 2
    let added = try await withThrowingTaskGroup(of: Int.self) { group in
      for writer in 0..<writers {
        group.addTask {
          _ = try await at(writer) { try await client.addWord(bookCase.id, WordDraft(term: "w\(writer)", meaning: "m")) }
          return 1
        }
      }
      // Not a timing assertion: the pause only lets the writers start waiting before the lock is released.
      group.addTask {
        try await Task.sleep(for: .milliseconds(300))
        try otherProcess.withLock { try $0.execute("COMMIT") }
        return 0
      }
      return try await group.reduce(0, +)
    }
    #expect(added == writers)
    #expect(try await client.fetchBookCase(bookCase.id).wordCount == writers)
  }

  @Test func aClientLetGoClosesItsConnection() async throws {
    do {
      let client = try at(0) { try StorageClient.live(path: path).client }
      let bookCase = try await at(0) { try await client.createBookCase(BookCaseDraft(name: "TOEFL")) }
      _ = try await at(0) { try await client.addWord(bookCase.id, WordDraft(term: "abate", meaning: "lessen")) }
      #expect(try files(in: directory).contains("vocab.sqlite3-wal"))
    }
    // SQLite removes the WAL and its index when the last connection closes with every statement finalized.
    #expect(try files(in: directory) == ["vocab.sqlite3"])
  }

  @Test func anotherConnectionsCommitIsObserved() async throws {
    let watcher = try at(0) { try StorageClient.live(path: path).client }
    let writer = try at(0) { try StorageClient.live(path: path).client }
    let changes = watcher.observeChanges()
    _ = try await at(1) { try await writer.createBookCase(BookCaseDraft(name: "Written elsewhere")) }
    #expect(await next(changes))
    #expect(try await watcher.fetchBookCases().map(\.name) == ["Written elsewhere"])
  }

  @Test func anotherProcesssCommitIsObserved() async throws {
    let watcher = try at(0) { try StorageClient.live(path: path).client }
    let changes = watcher.observeChanges()
    let sqlite3 = Process()
    sqlite3.executableURL = URL(filePath: "/usr/bin/env")
    sqlite3.arguments = [
      "sqlite3", path,
      "INSERT INTO bookcases (name, name_key, created_at, updated_at) VALUES ('From sqlite3', 'from sqlite3', 0, 0)",
    ]
    try sqlite3.run()
    sqlite3.waitUntilExit()
    #expect(sqlite3.terminationStatus == 0)
    #expect(await next(changes))
    #expect(try await watcher.findBookCase("FROM SQLITE3").name == "From sqlite3")
  }

  @Test func pollingStopsWhenNobodyObserves() async throws {
    let broadcaster = ChangeBroadcaster(pollInterval: .milliseconds(1))
    let polls = Locked(0)
    broadcaster.poll {
      polls.withLock { $0 += 1 }
      return true
    }
    let received = Locked(0)
    let observer = Task {
      for await _ in broadcaster.stream() { received.withLock { $0 += 1 } }
    }
    while received.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(5)) }
    observer.cancel()
    await observer.value
    // The observer is gone: once its termination has cancelled the poller, the count stays put.
    var settled = polls.withLock { $0 }
    for _ in 0..<100 {
      try await Task.sleep(for: .milliseconds(20))
      let now = polls.withLock { $0 }
      if now == settled { break }
      settled = now
    }
    try await Task.sleep(for: .milliseconds(50))
    #expect(polls.withLock { $0 } == settled)
  }
}
