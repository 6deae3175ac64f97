/// Identifies an element of a `StackState`. Ids are generations: each element pushed gets the next
/// one, and they are never reused, even after the stack is emptied. Tests write them as literals.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
  public let generation: Int

  public init(integerLiteral generation: Int) {
    self.generation = generation
  }

  init(generation: Int) {
    self.generation = generation
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.generation < rhs.generation }
}

extension StackElementID: CustomDumpStringConvertible, CustomStringConvertible {
  public var customDumpDescription: String { "#\(generation)" }
  public var description: String { "#\(generation)" }
}

/// The state of a navigation stack: its elements in order, each with a `StackElementID`.
public struct StackState<Element> {
  public private(set) var ids: [StackElementID] = []
  private var elements: [StackElementID: Element] = [:]
  /// The generation the next pushed element gets; it lives in the value so that copies of a state
  /// (the actual one and the one a test expects) hand out the same ids.
  private var nextGeneration = 0

  public init() {}

  public init(_ elements: some Sequence<Element>) {
    for element in elements { append(element) }
  }

  /// The element with this id, if it is on the stack. Setting `nil` removes it.
  public subscript(id id: StackElementID) -> Element? {
    get { elements[id] }
    set {
      if let newValue {
        guard elements[id] != nil else { return }
        elements[id] = newValue
      } else {
        ids.removeAll { $0 == id }
        elements[id] = nil
      }
    }
  }

  /// One case of the element with this id, e.g. `path[id: 0, case: \.detail]?.title = "x"`.
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case? {
    get { self[id: id].flatMap { AnyCasePath(path).extract(from: $0) } }
    set {
      let casePath = AnyCasePath(path)
      guard let newValue, let element = self[id: id], casePath.extract(from: element) != nil
      else { return }
      self[id: id] = casePath.embed(newValue)
    }
  }

  /// Pushes an element with the next generation's id.
  public mutating func append(_ element: Element) {
    insert(element, id: StackElementID(generation: nextGeneration))
  }

  /// Pushes an element with a given id (what a `.push(id:state:)` action carries).
  mutating func insert(_ element: Element, id: StackElementID) {
    ids.append(id)
    elements[id] = element
    nextGeneration = Swift.max(nextGeneration, id.generation + 1)
  }

  @discardableResult
  public mutating func removeLast() -> Element {
    let id = ids.removeLast()
    return elements.removeValue(forKey: id)!
  }

  public mutating func popLast() -> Element? {
    ids.isEmpty ? nil : removeLast()
  }

  public mutating func removeAll() {
    ids.removeAll()
    elements.removeAll()
  }

  /// Removes the element with this id and every element above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = ids.firstIndex(of: id) else { return }
    for removed in ids[index...] { elements[removed] = nil }
    ids.removeSubrange(index...)
  }
}

extension StackState: RandomAccessCollection {
  public var startIndex: Int { ids.startIndex }
  public var endIndex: Int { ids.endIndex }
  public subscript(position: Int) -> Element { elements[ids[position]]! }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    for id in ids { hasher.combine(elements[id]) }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ids.map { (label: "\($0)" as String?, value: elements[$0]! as Any) },
      displayStyle: .struct
    )
  }
}
