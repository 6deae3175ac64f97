import FSRS
import Foundation
import Testing

/// The Swift scheduler against py-fsrs 6.3.2 itself: every review of random histories must leave the same
/// state, step, stability, difficulty (1e-6 relative) and due time.
@Suite struct SchedulerReferenceTests {
  @Test func replaysTheCommittedPyFSRSFixtures() throws {
    let file = PyFSRSHistories.repository.appending(path: "Tests/FSRSTests/Fixtures/py-fsrs-histories.json")
    let fixtures = try PyFSRSHistories.decode(Data(contentsOf: file))
    #expect(fixtures.histories.count == 200)
    let compared = try fixtures.replay(context: "fixtures (seed \(fixtures.seed))")
    #expect(compared > 1_000)
    // The fixtures reach every branch the comparison is meant to cover.
    let reviews = fixtures.histories.flatMap(\.reviews)
    #expect(Set(reviews.map(\.card.state)) == ["learning", "review", "relearning"])
    #expect(reviews.contains { $0.fuzz != nil })
    #expect(fixtures.histories.contains { $0.scheduler.parameters != Parameters.default.values })
  }

  /// Runs py-fsrs from the virtualenv scripts/setup makes on histories it has never seen: a new seed each run.
  @Test func agreesWithPyFSRSOnFreshRandomHistories() throws {
    let python = PyFSRSHistories.repository.appending(path: ".venv/bin/python")
    guard FileManager.default.isExecutableFile(atPath: python.path) else {
      Issue.record("py-fsrs is not installed: \(python.path) is missing; run scripts/setup")
      return
    }
    let seed = Int.random(in: 0..<1_000_000_000)
    let process = Process()
    process.executableURL = python
    process.arguments = [PyFSRSHistories.repository.appending(path: "scripts/fsrs-histories.py").path, "\(seed)", "200"]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "py-fsrs failed (seed \(seed)): \(message)")
    let histories = try PyFSRSHistories.decode(data)
    #expect(histories.seed == seed)
    let compared = try histories.replay(context: "live py-fsrs, seed \(seed)")
    #expect(compared > 1_000, "seed \(seed)")
  }
}
