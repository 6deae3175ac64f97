import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The backup made before a migration: complete or absent after a crash at any moment, and as private as the
/// database it copies.
@Suite struct BackupTests {
  static let strace = "/usr/bin/strace"

  /// A version-1 database holding "JLPT N3" with `words` words, big enough that copying it takes many writes.
  static func behind(words: Int) throws -> Sandbox {
    let sandbox = try MigrateTests.behind()
    _ = try sandbox.sqlite(
      """
      WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(words))
      INSERT INTO words (bookcase_id, term, meaning, created_at, updated_at)
        SELECT 1, 'w' || i, printf('%.200c', 'm'), 0, 0 FROM n;
      """)
    return sandbox
  }

  /// What `sqlite3` says of a backup: integrity, version and number of words.
  func summary(_ path: String, in sandbox: Sandbox) throws -> String {
    try sandbox.sqlite("PRAGMA integrity_check; PRAGMA user_version; SELECT count(*) FROM words;", path: path)
  }

  func names(in sandbox: Sandbox) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sandbox.directory).filter { $0.hasPrefix("vocab.sqlite3.") }
  }

  /// `vocab migrate` killed at chosen system calls (strace's fault injection): every write of the copy, the
  /// flushes, the rename and the removals. Whatever the moment, each `.bak` present is a complete copy of version 1,
  /// no SQLite journal of a backup is left to roll it back, and the next `vocab migrate` cleans up the temporary
  /// and succeeds.
  @Test func aKillAtAnyChosenSystemCallLeavesNoBackupOrACompleteOne() async throws {
    // Installed by scripts/setup; a missing strace fails the test rather than skipping it.
    try #require(FileManager.default.isExecutableFile(atPath: Self.strace), "run scripts/setup to install strace")
    let template = try Self.behind(words: 3_000)
    let points = [1, 10, 40, 80, 120, 160, 200, 240].map { ("pwrite64", $0) }
      + [("fdatasync", 1), ("fsync", 1), ("fsync", 2), ("link", 1)] + (1...6).map { ("unlink", $0) }
    var killed = 0
    for (call, when) in points {
      let sandbox = try Sandbox()
      try FileManager.default.copyItem(atPath: template.database, toPath: sandbox.database)
      let child = try ChildProcess(
        executable: Self.strace,
        arguments: ["-f", "-o", "/dev/null", "-e", "inject=\(call):signal=KILL:when=\(when)", Sandbox.vocabBinary,
          "migrate"].map { Array($0.utf8) },
        environment: sandbox.environment(), outputDirectory: sandbox.directory)
      let status = await child.exited()
      // Fewer calls than `when`: the migration ran to its end, which proves nothing about a crash.
      guard status != 0 else { continue }
      killed += 1
      let point = "\(call) #\(when)"
      let left = try names(in: sandbox)
      #expect(!left.contains { $0.hasSuffix(".bak-journal") }, "\(point): \(left)")
      for backup in left where backup.hasSuffix(".bak") {
        #expect(try summary(sandbox.directory + "/" + backup, in: sandbox) == "ok\n1\n3000\n", "\(point): \(backup)")
      }
      let again = try await sandbox.run(["migrate"])
      #expect(again.status == 0, "\(point): \(again.stderr)")
      let after = try names(in: sandbox)
      #expect(!after.contains { $0.contains(".partial") }, "\(point): \(after)")
      #expect(after.contains { $0.hasSuffix(".bak") }, "\(point): \(after)")
      for backup in after where backup.hasSuffix(".bak") {
        #expect(try summary(sandbox.directory + "/" + backup, in: sandbox) == "ok\n1\n3000\n", "\(point): \(backup)")
      }
      #expect(
        try sandbox.sqlite("PRAGMA user_version; SELECT count(*) FROM words;") == "\(MigrateTests.latest)\n3000\n",
        "\(point)")
    }
    // The points must reach into the backup, or the test tested nothing.
    #expect(killed >= 12)
  }

  @Test(arguments: [0o600, 0o640, 0o664])
  func aBackupKeepsTheDatabasesPermissionBits(mode: Int) throws {
    let sandbox = try MigrateTests.behind()
    chmod(sandbox.database, mode_t(mode))
    let migrate = try sandbox.vocab(["migrate"])
    #expect(migrate.status == 0, "stderr: \(migrate.stderr)")
    let backup = try #require(try names(in: sandbox).first { $0.hasSuffix(".bak") })
    let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.directory + "/" + backup)
    #expect((attributes[.posixPermissions] as? Int) == mode)
  }
}
