/// Where a cancellable effect is registered: its id, within the navigation path of the child
/// reducer that created it, so two children of the same type never cancel each other's effects.
struct CancelKey: Hashable, Sendable {
  let id: AnyHashableSendable?
  let path: NavigationIDPath
}

enum CancelTarget: Sendable {
  /// The effects registered under exactly this key.
  case key(CancelKey)
  /// Every effect of a child and its descendants: used when the child's state goes away.
  case descendants(of: NavigationIDPath)

  func matches(_ key: CancelKey) -> Bool {
    switch self {
    case let .key(target): target == key
    case let .descendants(path): key.path.hasPrefix(path)
    }
  }
}

extension Effect {
  /// Makes this effect cancellable by `Effect.cancel(id:)` with the same id.
  ///
  /// With `cancelInFlight`, effects already running under that id are cancelled before this one
  /// starts (e.g. a search that restarts on every keystroke).
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    @Dependency(\.navigationIDPath) var path
    return Self(
      .cancellable(
        CancelKey(id: AnyHashableSendable(id), path: path),
        cancelInFlight: cancelInFlight,
        self
      )
    )
  }

  /// An effect that cancels the running effects marked `cancellable(id:)` with this id.
  public static func cancel(id: some Hashable & Sendable) -> Self {
    @Dependency(\.navigationIDPath) var path
    return Self(.cancel(.key(CancelKey(id: AnyHashableSendable(id), path: path))))
  }

  /// Registers this effect as belonging to the child at `path`.
  func cancellable(navigationPath path: NavigationIDPath) -> Self {
    Self(.cancellable(CancelKey(id: nil, path: path), cancelInFlight: false, self))
  }

  /// Cancels every effect of the child at `path` and of its descendants.
  static func cancel(navigationPath path: NavigationIDPath) -> Self {
    Self(.cancel(.descendants(of: path)))
  }
}

/// Identifies one presented child: the key path of its state and, where it has one, its identity.
struct NavigationID: Hashable, Sendable {
  let parts: [AnyHashableSendable]

  init(_ parts: AnyHashableSendable...) {
    self.parts = parts
  }

  init(parts: [AnyHashableSendable]) {
    self.parts = parts
  }
}

/// The chain of children from the root store down to the reducer currently running.
struct NavigationIDPath: Hashable, Sendable {
  var ids: [NavigationID] = []

  func appending(_ id: NavigationID) -> Self {
    Self(ids: ids + [id])
  }

  func hasPrefix(_ other: Self) -> Bool {
    ids.starts(with: other.ids)
  }
}

private enum NavigationIDPathKey: DependencyKey {
  static let liveValue = NavigationIDPath()
  static let testValue = NavigationIDPath()
}

extension DependencyValues {
  var navigationIDPath: NavigationIDPath {
    get { self[NavigationIDPathKey.self] }
    set { self[NavigationIDPathKey.self] = newValue }
  }
}
