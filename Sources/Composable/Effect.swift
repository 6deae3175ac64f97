/// Work a reducer asks the store to do after it has changed state: actions to feed back, async
/// operations, and cancellation. Effects are values; the store interprets them.
public struct Effect<Action>: Sendable {
  // `@unchecked` because `.send` holds an action; the store only ever reads it on the main actor.
  indirect enum Operation: @unchecked Sendable {
    case none
    case send(Action)
    case run(TaskPriority?, @Sendable (Send<Action>) async -> Void)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(CancelKey, cancelInFlight: Bool, Effect)
    case cancel(CancelTarget)
  }

  let operation: Operation

  init(_ operation: Operation) {
    self.operation = operation
  }
}

extension Effect {
  /// An effect that does nothing.
  public static var none: Self { Self(.none) }

  /// Feeds an action back into the store right away, before `send` returns.
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs an async operation that may send actions back into the store.
  ///
  /// An error thrown by `operation` goes to `handler`; without one, it is reported as an issue naming
  /// where this effect was created. Cancellation is not an error.
  public static func run(
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // The dependencies in force where the reducer created the effect are the ones it runs with.
    withEscapedDependencies { dependencies in
      Self(
        .run(priority) { send in
          await dependencies.yield {
            do {
              try await operation(send)
            } catch is CancellationError {
              return
            } catch {
              guard let handler else {
                reportIssue(
                  """
                  An "Effect.run" created at "\(fileID):\(line)" threw an unhandled error: …

                  \(String(customDumping: error).indented(by: 4))

                  Handle every error that is not a cancellation with the "catch:" parameter of \
                  "Effect.run" or a "do" block inside the operation.
                  """,
                  fileID: fileID,
                  filePath: filePath,
                  line: line,
                  column: column
                )
                return
              }
              await handler(error, send)
            }
          }
        }
      )
    }
  }

  /// Runs the given effects at the same time.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the given effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    combine(effects, as: Operation.merge)
  }

  /// Runs the given effects one after another, each starting when the previous one finished.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the given effects one after another, each starting when the previous one finished.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    combine(effects, as: Operation.concatenate)
  }

  /// Leaves out `.none`s so that composed reducers don't build trees of empty effects.
  private static func combine(_ effects: some Sequence<Self>, as operation: ([Self]) -> Operation)
    -> Self
  {
    let effects = effects.filter { if case .none = $0.operation { false } else { true } }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Self(operation(effects))
    }
  }

  /// Merges this effect with another.
  public func merge(with other: Self) -> Self { .merge(self, other) }

  /// Concatenates another effect after this one.
  public func concatenate(with other: Self) -> Self { .concatenate(self, other) }

  /// Transforms the actions this effect sends, e.g. to embed a child's actions in its parent's.
  public func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> Effect<T> {
    switch operation {
    case .none:
      return .none
    case let .send(action):
      return .send(transform(action))
    case let .run(priority, operation):
      return Effect<T>(
        .run(priority) { send in
          await operation(Send { action in send(transform(action)) })
        }
      )
    case let .merge(effects):
      return Effect<T>(.merge(effects.map { $0.map(transform) }))
    case let .concatenate(effects):
      return Effect<T>(.concatenate(effects.map { $0.map(transform) }))
    case let .cancellable(key, cancelInFlight, effect):
      return Effect<T>(.cancellable(key, cancelInFlight: cancelInFlight, effect.map(transform)))
    case let .cancel(target):
      return Effect<T>(.cancel(target))
    }
  }
}

/// The handle an `Effect.run` operation uses to send actions back into the store.
///
/// Actions sent after the effect was cancelled are dropped.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }
}

extension String {
  func indented(by count: Int) -> String {
    let indent = String(repeating: " ", count: count)
    return split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indent + $0 }
      .joined(separator: "\n")
  }
}
