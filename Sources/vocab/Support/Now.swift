import Dependencies
import Foundation
import Storage

/// The clock every command reads: the system's, or the fixed moment `VOCAB_NOW` names (ISO 8601), so a script or
/// a test can replay a day of reviews at the times it chooses.
enum Now {
  static func dateGenerator(environment: [String: String]) throws(Failure) -> DateGenerator {
    guard let text = environment["VOCAB_NOW"] else { return DateGenerator { Date() } }
    guard let now = UTCTime.parse(text) else {
      throw Failure.usage(
        "VOCAB_NOW is \(String(reflecting: text)), not an ISO 8601 date and time such as 2026-03-01T08:00:00Z or 2026-03-01T17:00:00+09:00")
    }
    return DateGenerator { now }
  }
}
