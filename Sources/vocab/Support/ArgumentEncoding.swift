#if canImport(Glibc)
  import Glibc
#endif

/// On Linux, `CommandLine.arguments` decodes argv with `String(cString:)`, which replaces invalid UTF-8 with
/// U+FFFD without telling anyone. A term typed in a mis-set locale would be stored damaged, so vocab reads the
/// raw bytes itself and refuses such an argument instead.
enum ArgumentEncoding {
  /// The arguments after the program name, each checked to be valid UTF-8.
  static func validatedArguments() throws(Failure) -> [String] {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { continue }
      guard let argument = String(validatingCString: raw) else {
        let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw))
          .map { String(UInt8(bitPattern: $0), radix: 16, uppercase: true) }
          .map { $0.count == 1 ? "0" + $0 : $0 }
          .joined(separator: " ")
        throw Failure(
          "argument \(index) is not valid UTF-8 (bytes: \(bytes)); check your terminal's locale and encoding"
        )
      }
      arguments.append(argument)
    }
    return arguments
  }
}
