import Foundation
import Testing

/// vocab against the real Anki: scripts/anki-interchange drives Anki's own backend (installed in .venv by
/// scripts/setup) and the built vocab binary both ways, checking every word and note (see the script).
struct AnkiInterchangeTests {
  static let repository = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../..").standardized

  @Test func ankiAndVocabImportEachOthersExports() async throws {
    let python = Self.repository.appending(path: ".venv/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: python) else {
      Issue.record("Anki's backend is not installed: \(python) is missing; run scripts/setup")
      return
    }
    let sandbox = try Sandbox()
    let child = try ChildProcess(
      executable: python,
      arguments: [Self.repository.appending(path: "scripts/anki-interchange").path, "check", Sandbox.vocabBinary]
        .map { Array($0.utf8) },
      environment: sandbox.environment(["TMPDIR": sandbox.directory]), outputDirectory: sandbox.directory)
    let status = await child.exited()
    let output = try String(contentsOfFile: child.stdoutPath, encoding: .utf8)
    let errors = try String(contentsOfFile: child.stderrPath, encoding: .utf8)
    #expect(status == 0, "\(output)\(errors)")
    // The script's own count: every check it makes ran and passed.
    let summary = output.split(separator: "\n").last.map(String.init) ?? ""
    let passed = Int(summary.split(separator: " ").first ?? "") ?? 0
    #expect(summary.hasSuffix(" passed, 0 failed") && passed == 16, "\(output)\(errors)")
  }
}
