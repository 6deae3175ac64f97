import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The processes the end-to-end tests start get the signal mask a shell would give them, whatever thread starts them.
@Suite struct ChildProcessTests {
  @Test func aChildStartsWithNoSignalBlockedEvenFromAThreadBlockingThemAll() throws {
    let sandbox = try Sandbox()
    var all = sigset_t()
    var previous = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, &previous)
    let child = Result {
      try ChildProcess(
        executable: "/bin/cat", arguments: [Array("/proc/self/status".utf8)], environment: [:],
        outputDirectory: sandbox.directory)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)

    let cat = try child.get()
    #expect(cat.wait() == 0)
    let blocked = cat.stdout.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
    #expect(blocked == "SigBlk:\t0000000000000000", "\(cat.stdout)")
  }
}
