import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The test terminal cleans up after itself: releasing it stops its tmux server, so no test run leaves servers
/// (and the shells on them) behind.
@Suite(.enabled(if: Tmux.isAvailable, "needs tmux")) struct TmuxTests {
  @Test func releasingATerminalStopsItsServer() throws {
    let sandbox = try Sandbox()
    var terminal: Tmux? = try Tmux(sandbox, command: "sleep 600")
    let server = try #require(try terminal?.serverPID())
    #expect(Self.isRunning(server))
    terminal = nil

    let deadline = Date().addingTimeInterval(30)
    while Self.isRunning(server) && Date() < deadline { usleep(50_000) }
    #expect(!Self.isRunning(server), "tmux server \(server) is still running")
  }

  /// Whether `pid` is a live process: a zombie (state Z in /proc/PID/stat) has ended.
  private static func isRunning(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let afterName = stat.range(of: ") ", options: .backwards)
    else { return false }
    return stat[afterName.upperBound...].first != "Z"
  }
}
