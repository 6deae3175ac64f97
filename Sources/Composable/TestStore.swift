/// A store for tests that asserts, step by step, how a reducer changes state and which actions its
/// effects send back, as TCA's `TestStore` does.
///
/// Failures are reported with IssueReporting's `reportIssue` at the `send`/`receive`/`finish` that
/// found them, so they fail XCTest and Swift Testing tests alike. While a test store is alive, effects
/// run on the main serial executor, so a test interleaves them the same way every time.
@MainActor
public final class TestStore<State: Equatable, Action> {
  /// The dependencies the reducer and its effects see; may be changed between steps.
  public var dependencies: DependencyValues
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait by default.
  public var timeout: Duration = .seconds(1)

  /// The state as far as the test has asserted it.
  public private(set) var state: State

  /// The state after every action processed so far, asserted or not.
  private var currentState: State
  /// The state right after the last sent action, before the actions its effects fed back.
  private var stateAfterSend: State
  private var receivedActions: [(action: Action, state: State)] = []
  private let reducer: Reduce<State, Action>
  private let runtime = EffectRuntime<Action>()
  private let site: CallSite
  /// The reporters in force where the store was created: a deinit does not inherit task-locals, so
  /// the end-of-test checks it makes report through these.
  private let issueReporters = IssueReporters.current
  private var hasFinished = false

  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let (state, reducer, dependencies) = prepare(initialState, reducer, prepareDependencies)
    self.state = state
    self.currentState = state
    self.stateAfterSend = state
    self.reducer = reducer
    self.dependencies = dependencies
    self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    MainSerialExecutorLease.acquire()
    runtime.reduce = { [unowned self] action, origin in
      let effect = withDependencies {
        $0 = self.dependencies
      } operation: {
        self.reducer.reduce(into: &self.currentState, action: action)
      }
      if origin.isReceived {
        receivedActions.append((action, currentState))
      } else {
        stateAfterSend = currentState
      }
      return effect
    }
  }

  isolated deinit {
    if !hasFinished {
      withIssueReporters(issueReporters) { checkCompleted(at: site) }
    }
    runtime.cancelAll()
    MainSerialExecutorLease.release()
  }

  private var isExhaustive: Bool { exhaustivity == .on }

  private var showsSkippedAssertions: Bool { exhaustivity == .off(showSkippedAssertions: true) }

  // MARK: - Sending

  /// Sends an action and asserts the state it leads to: `assert` receives the state before the
  /// action and must turn it into the state after it. Omit it when the state must not change.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if !receivedActions.isEmpty {
      if isExhaustive {
        report(
          """
          Must handle \(count: receivedActions.count, "received action") before sending an action: …

          Unhandled actions: \(dumped(receivedActions.map(\.action)))
          """,
          at: callSite
        )
      }
      // Continue from the state they led to, so this send is judged on its own change.
      skipReceived(at: callSite)
    }
    let previousState = state
    let group = EffectGroup()
    runtime.send(action, origin: .init(isReceived: false, site: callSite), group: group)
    let isFinished = LockIsolated(false)
    let task = Task {
      await group.wait()
      isFinished.setValue(true)
    }
    assertState(
      from: previousState, to: stateAfterSend, updateStateToExpectedResult, at: callSite)
    state = stateAfterSend
    // Lets the effects just started run as far as they can without waiting on anything, so the
    // next step sees what they did (and an effect that is done is no longer in flight).
    await Task.megaYield()
    return TestStoreTask(rawValue: task, timeout: timeout, isFinished: isFinished)
  }

  // MARK: - Receiving

  /// Asserts that the next action an effect sent is `expectedAction`, and the state it led to.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      matching: { $0 == expectedAction },
      describedAs: dumped(expectedAction),
      mismatch: { received in
        """
        \(diff(expectedAction, received, format: .testStore) ?? dumped(received))

        (Expected: −, Received: +)
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that the next action an effect sent is in the case `actionCase`, whatever it holds.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receive(
      matching: { casePath.extract(from: $0) != nil },
      describedAs: "an action in the expected case",
      mismatch: { received in
        """
        Expected an action in the case of the given case key path, but received:

        \(dumped(received).indented(by: 2))
        """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that the next action an effect sent is in the case `actionCase` and holds `value`.
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((_ state: inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePath = AnyCasePath(actionCase)
    await receive(
      matching: { casePath.extract(from: $0) == value },
      describedAs: "an action in the expected case holding \(dumped(value))",
      mismatch: { received in
        if let receivedValue = casePath.extract(from: received) {
          return """
            \(diff(value, receivedValue, format: .testStore) ?? dumped(receivedValue))

            (Expected: −, Received: +)
            """
        }
        return """
          Expected an action in the case of the given case key path, but received:

          \(dumped(received).indented(by: 2))
          """
      },
      timeout: timeout,
      updateStateToExpectedResult,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  private func receive(
    matching matches: (Action) -> Bool,
    describedAs description: @autoclosure () -> String,
    mismatch: (Action) -> String,
    timeout: Duration?,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at callSite: CallSite
  ) async {
    let timeout = timeout ?? self.timeout
    if isExhaustive {
      guard await waitUntil(timeout: timeout, { !receivedActions.isEmpty }) else {
        report(noActionMessage(timeout), at: callSite)
        return
      }
      let (receivedAction, receivedState) = receivedActions.removeFirst()
      if !matches(receivedAction) {
        report("Received unexpected action: …\n\n\(mismatch(receivedAction))", at: callSite)
      }
      assertState(from: state, to: receivedState, updateStateToExpectedResult, at: callSite)
      state = receivedState
    } else {
      // Skips, without failing, the actions before the first one that matches.
      guard await waitUntil(timeout: timeout, { receivedActions.contains { matches($0.action) } })
      else {
        report(
          receivedActions.isEmpty
            ? noActionMessage(timeout)
            : """
              Expected to receive \(description()), but received none after \(describe(timeout)). \
              Received instead: …

              \(dumped(receivedActions.map(\.action)))
              """,
          at: callSite
        )
        return
      }
      let index = receivedActions.firstIndex { matches($0.action) }!
      if showsSkippedAssertions && index > 0 {
        report(
          """
          Skipped receiving \(dumped(receivedActions[..<index].map(\.action)))
          """,
          at: callSite,
          severity: .warning
        )
      }
      if index > 0 { state = receivedActions[index - 1].state }
      let receivedState = receivedActions[index].state
      receivedActions.removeFirst(index + 1)
      assertState(from: state, to: receivedState, updateStateToExpectedResult, at: callSite)
      state = receivedState
    }
    await Task.megaYield()
  }

  private func noActionMessage(_ timeout: Duration) -> String {
    "Expected to receive an action, but received none after \(describe(timeout))."
  }

  // MARK: - Ending and skipping

  /// Waits for every effect to finish, then fails on actions never received and effects still
  /// running. Call it at the end of a test whose effects may still be working.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    if await !waitUntil(timeout: timeout, { runtime.inFlight.isEmpty }), isExhaustive {
      report(
        """
        Expected effects to finish, but \(count: runtime.inFlight.count, "effect") \
        \(runtime.inFlight.count == 1 ? "was" : "were") still running after \(describe(timeout)).
        """,
        at: callSite
      )
    }
    hasFinished = true
    checkCompleted(at: callSite)
  }

  /// Drops the actions received but not asserted. With `strict`, fails if there were none.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !receivedActions.isEmpty else {
      if strict { report("There were no received actions to skip.", at: callSite) }
      return
    }
    skipReceived(at: callSite)
  }

  /// Cancels the effects still running, so the test may end without waiting for them. With
  /// `strict`, fails if there were none.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await Task.yield()
    let inFlight = runtime.inFlight
    guard !inFlight.isEmpty else {
      if strict {
        report(
          "There were no in-flight effects to skip.",
          at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
      }
      return
    }
    runtime.cancelAll()
    await Task.yield()
  }

  /// Asserts the current state without sending anything: `updateStateToExpectedResult` describes
  /// it, starting from the state asserted so far.
  public func assert(
    _ updateStateToExpectedResult: (_ state: inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let callSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = isExhaustive ? state : currentState
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      assertState(from: state, to: actual, update, at: callSite, changeIsExpected: false)
    }
  }

  // MARK: - Checks

  private func skipReceived(at callSite: CallSite) {
    if showsSkippedAssertions {
      report(
        "Skipped receiving \(dumped(receivedActions.map(\.action)))", at: callSite, severity: .warning)
    }
    state = receivedActions.last!.state
    receivedActions.removeAll()
  }

  /// The end-of-test checks: no action left unreceived, no effect left running.
  private func checkCompleted(at callSite: CallSite) {
    guard isExhaustive else {
      if showsSkippedAssertions && !receivedActions.isEmpty {
        report(
          "Skipped receiving \(dumped(receivedActions.map(\.action)))",
          at: callSite, severity: .warning)
      }
      return
    }
    if !receivedActions.isEmpty {
      report(
        """
        The store received \(count: receivedActions.count, "unexpected action") by the end of \
        the test: …

        Unhandled actions: \(dumped(receivedActions.map(\.action)))
        """,
        at: callSite
      )
    }
    for effect in runtime.inFlight {
      report(
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test. …

          Action:
        \(dumped(effect.action).indented(by: 4))

        Make it finish (advance the test clock it waits on, or "await store.finish()" to give it \
        time), cancel it (a long-living effect should be ".cancellable(id:)" and cancelled by \
        another action, or by cancelling the task "send" returned), or end the test with \
        "await store.skipInFlightEffects()". A non-exhaustive store ("store.exhaustivity = .off") \
        does not require it.
        """,
        at: effect.origin.site ?? callSite
      )
    }
    receivedActions.removeAll()
  }

  /// Compares the state an assertion describes with the actual one, as exhaustivity demands.
  private func assertState(
    from previous: State,
    to actual: State,
    _ updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at callSite: CallSite,
    changeIsExpected: Bool = true
  ) {
    do {
      if isExhaustive {
        var expected = previous
        try updateStateToExpectedResult?(&expected)
        if expected != actual {
          let heading =
            updateStateToExpectedResult == nil
            ? "State was not expected to change, but a change occurred"
            : "A state change does not match expectation"
          report(
            """
            \(heading): …

            \((diff(expected, actual, format: .testStore) ?? "").indented(by: 4))

            (Expected: −, Actual: +)
            """,
            at: callSite
          )
        } else if changeIsExpected, updateStateToExpectedResult != nil, expected == previous {
          report(
            """
            Expected state to change, but no change occurred.

            The assertion closure left the state as it was. Leave the closure out when an action \
            is not expected to change the state.
            """,
            at: callSite
          )
        }
      } else {
        // Only what the closure asserts is checked: applied to the actual state, it must not
        // change it.
        var expected = actual
        try updateStateToExpectedResult?(&expected)
        if expected != actual {
          report(
            """
            A state change does not match expectation: …

            \((diff(expected, actual, format: .testStore) ?? "").indented(by: 4))

            (Expected: −, Actual: +)
            """,
            at: callSite
          )
        } else if showsSkippedAssertions {
          var asserted = previous
          try updateStateToExpectedResult?(&asserted)
          if asserted != actual {
            report(
              """
              Skipped assertions: …

              \((diff(asserted, actual, format: .testStore) ?? "").indented(by: 4))

              (Expected: −, Actual: +)
              """,
              at: callSite,
              severity: .warning
            )
          }
        }
      }
    } catch {
      report("The assertion closure threw an error: \(dumped(error))", at: callSite)
    }
  }

  private func report(_ message: String, at site: CallSite, severity: IssueSeverity = .error) {
    reportIssue(
      message, severity: severity,
      fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
  }
}

extension DiffFormat {
  /// `−` for what the test expected, `+` for what happened, plain spaces for the rest so messages
  /// read the same in any font.
  static let testStore = DiffFormat(first: "\u{2212}", second: "+", both: " ")
}

func dumped(_ value: Any) -> String {
  String(customDumping: value)
}

extension String.StringInterpolation {
  /// "1 received action", "2 received actions".
  mutating func appendInterpolation(count: Int, _ noun: String) {
    appendLiteral("\(count) \(noun)\(count == 1 ? "" : "s")")
  }
}

/// Keeps the main serial executor on while any test store is alive, and restores the previous
/// setting after the last one goes away (Swift Testing may run several tests' stores at once).
@MainActor
enum MainSerialExecutorLease {
  private static var holders = 0
  private static var previousSetting = false

  static func acquire() {
    if holders == 0 {
      previousSetting = uncheckedUseMainSerialExecutor
      uncheckedUseMainSerialExecutor = true
    }
    holders += 1
  }

  static func release() {
    holders -= 1
    if holders == 0 { uncheckedUseMainSerialExecutor = previousSetting }
  }
}
