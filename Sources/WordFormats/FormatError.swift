/// A file that cannot be read as the format says: where (the 1-based line) and what, in one line.
/// The command line prints it as `FILE:LINE: message`.
public struct FormatError: Error, Equatable, Sendable, CustomStringConvertible {
  public var line: Int
  public var message: String

  public init(line: Int, _ message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)" }
}

/// A word that cannot be written without changing it on the way back in.
public enum FormatWriteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Tags travel space-separated, so a tag with whitespace would come back as several.
  case tagWithWhitespace(String)

  public var description: String {
    switch self {
    case .tagWithWhitespace(let tag): "the tag \"\(tag)\" contains whitespace"
    }
  }
}
