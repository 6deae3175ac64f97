import Composable

/// Captures the issues a TestStore reports instead of failing the test, so a test can assert that
/// a failure was reported and what it said. (Linux has no XCTExpectFailure.)
final class IssueRecorder: IssueReporter {
  struct Issue: Equatable {
    var message: String
    var severity: IssueSeverity
    var line: UInt
  }

  private let recorded = LockIsolated<[Issue]>([])

  var issues: [Issue] { recorded.value }
  var messages: [String] { issues.map(\.message) }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let issue = Issue(message: message() ?? "", severity: severity, line: line)
    recorded.withValue { $0.append(issue) }
  }

  func reportIssue(
    _ error: any Error, _ message: @autoclosure () -> String?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    let issue = Issue(message: "\(error)", severity: .error, line: line)
    recorded.withValue { $0.append(issue) }
  }

  func expectIssue(
    _ message: @autoclosure () -> String?,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {}
}

/// Runs `operation` with every reported issue captured, and returns them.
@MainActor
func recordIssues(_ operation: @MainActor () async -> Void) async -> IssueRecorder {
  let recorder = IssueRecorder()
  await withIssueReporters([recorder]) {
    await operation()
  }
  return recorder
}
