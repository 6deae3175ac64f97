import Dependencies
import DependenciesMacros

/// A file being read for an import: its bytes a chunk at a time, and its size when it has one (a regular
/// file; not a pipe), for an estimate of the time left.
public struct InputFile: Sendable {
  public var size: Int?
  /// The next chunk, nil at the end. A read that waits for input (from a terminal, or a pipe whose writer is
  /// slow) asks `isStopped` every tenth of a second, and ends with `CancellationError` once it says yes.
  public var read: @Sendable (_ isStopped: () -> Bool) throws -> [UInt8]?

  public init(size: Int?, read: @escaping @Sendable (_ isStopped: () -> Bool) throws -> [UInt8]?) {
    self.size = size
    self.read = read
  }
}

/// A file being written by an export: nothing is at its path until `commit`, and `discard` leaves no trace.
public struct OutputFile: Sendable {
  public var write: @Sendable ([UInt8]) throws -> Void
  public var commit: @Sendable () throws -> Void
  public var discard: @Sendable () -> Void

  public init(
    write: @escaping @Sendable ([UInt8]) throws -> Void, commit: @escaping @Sendable () throws -> Void,
    discard: @escaping @Sendable () -> Void
  ) {
    self.write = write
    self.commit = commit
    self.discard = discard
  }
}

/// A file that could not be opened, read or written, in one line naming it.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// The files imports read and exports write.
@DependencyClient
public struct TransferFiles: Sendable {
  /// The file at `path`, or standard input for `-`.
  public var open: @Sendable (_ path: String) throws -> InputFile
  /// A new file at `path` (standard output when nil), written atomically: an existing file is refused unless
  /// `overwrite`, and replaced only once the new one is complete.
  public var create: @Sendable (_ path: String?, _ overwrite: Bool) throws -> OutputFile
}

extension TransferFiles: TestDependencyKey {
  public static let testValue = TransferFiles()
}

extension DependencyValues {
  public var transferFiles: TransferFiles {
    get { self[TransferFiles.self] }
    set { self[TransferFiles.self] = newValue }
  }
}
