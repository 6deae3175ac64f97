import Foundation

/// A value only reached while holding a lock. Storage's closures are called from any task; this is what
/// makes their shared state (a SQLite connection, the in-memory arrays, the observers) safe to share.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
