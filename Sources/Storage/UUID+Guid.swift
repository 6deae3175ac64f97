import Foundation

extension UUID {
  /// The UUID as a new word's guid: `uuidString.lowercased()`, written straight from its bytes, since an import
  /// makes one per word and Foundation's formatting with Unicode-aware lowercasing cost more than the word's insert.
  var guidString: String {
    withUnsafeBytes(of: uuid) { bytes in
      String(unsafeUninitializedCapacity: 36) { buffer in
        let digits: StaticString = "0123456789abcdef"
        var count = 0
        for (index, byte) in bytes.enumerated() {
          if index == 4 || index == 6 || index == 8 || index == 10 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
          }
          buffer[count] = digits.utf8Start[Int(byte >> 4)]
          buffer[count + 1] = digits.utf8Start[Int(byte & 0x0F)]
          count += 2
        }
        return count
      }
    }
  }
}
