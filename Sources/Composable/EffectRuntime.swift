/// Interprets effects for a `Store` or a `TestStore`: processes actions one at a time in order,
/// feeds back the actions effects send, and keeps the registry of running (cancellable) effects.
@MainActor
final class EffectRuntime<Action> {
  /// Why an action is being reduced: sent by the user of the store, or received from an effect.
  /// `site` is where the chain began (a TestStore's `send`), so failures can point there.
  struct Origin {
    let isReceived: Bool
    let site: CallSite?
  }

  /// An effect whose task has not finished yet.
  struct RunningEffect {
    let task: Task<Void, Never>
    let keys: [CancelKey]
    let action: Action
    let origin: Origin
    /// Part of a concatenated effect, which is itself tracked.
    let isNested: Bool
    var isCancelled = false
  }

  /// Reduces one action against the owner's state.
  var reduce: (Action, Origin) -> Effect<Action> = { _, _ in .none }

  private var queue: [(action: Action, origin: Origin, group: EffectGroup)] = []
  private var isProcessing = false
  private var nextEffectID = 0
  private(set) var running: [Int: RunningEffect] = [:]

  /// Effects still running that nobody cancelled, oldest first.
  var inFlight: [RunningEffect] {
    running.sorted { $0.key < $1.key }.map(\.value).filter { !$0.isNested && !$0.isCancelled }
  }

  /// Processes `action`, and every action its effects send synchronously, before returning. The
  /// tasks of the effects started are added to `group`.
  func send(_ action: Action, origin: Origin, group: EffectGroup) {
    queue.append((action, origin, group))
    drain()
  }

  private func drain() {
    guard !isProcessing else { return }
    isProcessing = true
    defer { isProcessing = false }
    while !queue.isEmpty {
      let (action, origin, group) = queue.removeFirst()
      let effect = reduce(action, origin)
      start(effect, action: action, origin: origin, keys: [], isNested: false, group: group)
    }
  }

  private func start(
    _ effect: Effect<Action>,
    action: Action,
    origin: Origin,
    keys: [CancelKey],
    isNested: Bool,
    group: EffectGroup
  ) {
    let received = Origin(isReceived: true, site: origin.site)
    switch effect.operation {
    case .none:
      break
    case let .send(sent):
      queue.append((sent, received, group))
    case let .run(priority, operation):
      let id = takeEffectID()
      let send = Send<Action> { [weak self] sent in
        self?.send(sent, origin: received, group: group)
      }
      let task = Task(priority: priority) { [weak self] in
        await operation(send)
        self?.finish(id)
      }
      track(id, task: task, keys: keys, action: action, origin: origin, isNested: isNested, group: group)
    case let .merge(effects):
      for effect in effects {
        start(effect, action: action, origin: origin, keys: keys, isNested: isNested, group: group)
      }
    case let .concatenate(effects):
      let id = takeEffectID()
      let task = Task { [weak self] in
        for effect in effects {
          guard let self, !Task.isCancelled else { break }
          let step = EffectGroup()
          self.start(effect, action: action, origin: origin, keys: keys, isNested: true, group: step)
          self.drain()
          await step.wait()
        }
        self?.finish(id)
      }
      track(id, task: task, keys: keys, action: action, origin: origin, isNested: isNested, group: group)
    case let .cancellable(key, cancelInFlight, effect):
      if cancelInFlight { cancel(.key(key)) }
      start(effect, action: action, origin: origin, keys: keys + [key], isNested: isNested, group: group)
    case let .cancel(target):
      cancel(target)
    }
  }

  private func takeEffectID() -> Int {
    defer { nextEffectID += 1 }
    return nextEffectID
  }

  private func track(
    _ id: Int, task: Task<Void, Never>, keys: [CancelKey], action: Action, origin: Origin,
    isNested: Bool, group: EffectGroup
  ) {
    // The task cannot have finished yet: it needs the main actor, which this code holds.
    running[id] = RunningEffect(task: task, keys: keys, action: action, origin: origin, isNested: isNested)
    group.add(task)
  }

  private func finish(_ id: Int) {
    running[id] = nil
  }

  func cancel(_ target: CancelTarget) {
    for (id, effect) in running where effect.keys.contains(where: target.matches) {
      running[id]?.isCancelled = true
      effect.task.cancel()
    }
  }

  /// Cancels every running effect, e.g. when the owner goes away.
  func cancelAll() {
    for (id, effect) in running {
      running[id]?.isCancelled = true
      effect.task.cancel()
    }
  }
}

/// The tasks of the effects one `send` started, including those of actions the effects sent back.
final class EffectGroup: Sendable {
  private let tasks = LockIsolated<[Task<Void, Never>]>([])

  func add(_ task: Task<Void, Never>) {
    tasks.withValue { $0.append(task) }
  }

  func cancel() {
    for task in tasks.value { task.cancel() }
  }

  /// Waits for every task, including ones added while waiting; cancelling the waiter cancels them.
  func wait() async {
    await withTaskCancellationHandler {
      var index = 0
      while let task = tasks.withValue({ [index] in index < $0.count ? $0[index] : nil }) {
        await task.value
        index += 1
      }
    } onCancel: {
      cancel()
    }
  }
}
