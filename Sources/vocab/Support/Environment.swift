#if canImport(Glibc)
  import Glibc
#endif

/// The environment variables vocab reads, as a dictionary. Only these names are looked up (with `getenv`):
/// copying the whole environment into a dictionary, or asking Foundation's `ProcessInfo`, costs more start-up
/// time than the rest of resolving the database location. A variable vocab starts to read must be added here.
enum Environment {
  static let names = ["VOCAB_DB", "XDG_DATA_HOME", "HOME", "NO_COLOR", "TERM", "VOCAB_NOW"]

  static func current() -> [String: String] {
    var values: [String: String] = [:]
    for name in names {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }
}
