#if canImport(Glibc)
  import Glibc
#endif

/// The process environment as a dictionary, read from `environ` (cheaper at start-up than Foundation's
/// `ProcessInfo`).
enum Environment {
  static func current() -> [String: String] {
    var values: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let pair = String(cString: pointer)
      if let equals = pair.firstIndex(of: "=") {
        values[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      entry += 1
    }
    return values
  }
}
