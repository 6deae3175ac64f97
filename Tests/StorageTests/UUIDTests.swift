import Foundation
import Testing

@testable import Storage

@Suite struct UUIDTests {
  /// A new word's guid is the UUID's string in lower case, whatever its digits.
  @Test func guidStringIsTheLowerCasedUUIDString() throws {
    let fixed = try #require(UUID(uuidString: "00FF10AB-9C8D-4E7F-A0B1-C2D3E4F56789"))
    #expect(fixed.guidString == "00ff10ab-9c8d-4e7f-a0b1-c2d3e4f56789")
    for _ in 0..<100 {
      let uuid = UUID()
      #expect(uuid.guidString == uuid.uuidString.lowercased())
    }
  }
}
