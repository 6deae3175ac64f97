import Foundation
import Testing

/// The tool the build runs to embed `migrations/`. It lists the directory itself, because SwiftPM hands the
/// plugin's file list to the build only when it re-plans, which a new migration file does not cause. And it
/// leaves an unchanged output alone: a rewritten file, even identical, recompiles Storage and all above it.
@Suite struct MigrationEmbedderTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// Built beside the test runner, as SwiftPM builds every plugin tool before the targets that use it.
  static let tool: String = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    while !FileManager.default.isExecutableFile(atPath: folder.appending(path: "MigrationEmbedder-tool").path),
      folder.path != "/"
    {
      folder = folder.deletingLastPathComponent()
    }
    return folder.appending(path: "MigrationEmbedder-tool").path
  }()

  func embed() throws -> (source: String, inode: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.tool)
    process.arguments = [directory.path("Embedded.swift"), directory.path("migrations")]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.path("Embedded.swift"))
    let inode = try #require(attributes[.systemFileNumber] as? Int)
    return (try String(contentsOfFile: directory.path("Embedded.swift"), encoding: .utf8), inode)
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: directory.path("migrations/\(name)")))
  }

  @Test func embedsWhatTheDirectoryHoldsAndRewritesOnlyAChange() throws {
    try FileManager.default.createDirectory(atPath: directory.path("migrations"), withIntermediateDirectories: false)
    try write("0001_a.sql", "CREATE TABLE a (x);\n")
    try write("notes.txt", "not a migration")
    let first = try embed()
    // With the checksum `sha256sum` prints for the file.
    #expect(
      first.source.contains(
        #"(fileName: "0001_a.sql", sql: "CREATE TABLE a (x);\n", sha256: "7d862b9d7b6880c11d236645cb0091f2fa70c6157b8e83a2a9af420a96135098"),"#))
    #expect(!first.source.contains("notes.txt"))

    // Nothing changed: the very same file (same inode), so the compiler sees nothing new.
    #expect(try embed().inode == first.inode)

    // A file added, with characters a Swift literal must escape: embedded in order, file replaced.
    try write("0002_b.sql", "INSERT INTO a VALUES ('\"\\');\n")
    let second = try embed()
    #expect(second.inode != first.inode)
    let a = try #require(second.source.range(of: #""0001_a.sql""#))
    let b = try #require(
      second.source.range(of: #"(fileName: "0002_b.sql", sql: "INSERT INTO a VALUES ('\"\\');\n", sha256: "97b3a4a594201dca006f72082af9aad1094a9194c413a8bc261496d825465c1e"),"#))
    #expect(a.upperBound < b.lowerBound)
  }
}
