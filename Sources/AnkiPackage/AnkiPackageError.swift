/// What went wrong reading or writing a deck package, as one line a person can act on.
public enum AnkiPackageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file is not a zip archive, or one of its entries is damaged.
  case notAPackage(String)
  /// The archive holds none of `collection.anki21b`, `collection.anki21`, `collection.anki2`.
  case missingCollection
  /// The package says it was written by a newer Anki, in a version this reader does not know.
  case tooNew(Int)
  /// The zstd stream of `collection.anki21b` is damaged or cut short.
  case badCompression(String)
  /// The collection inside is not an SQLite database of a shape Anki writes.
  case badCollection(String)
  /// Writing the package failed (the temporary collection or the zip).
  case cannotWrite(String)

  public var description: String {
    switch self {
    case .notAPackage(let why): "not an Anki package (.apkg): \(why)"
    case .missingCollection:
      "not an Anki package (.apkg): it holds no collection.anki21b, collection.anki21 or collection.anki2"
    case .tooNew(let version): "the package was written by a newer Anki (package version \(version)); update vocab"
    case .badCompression(let why): "the package's collection.anki21b is damaged: \(why)"
    case .badCollection(let why): "the package's collection is damaged: \(why)"
    case .cannotWrite(let why): "cannot write the package: \(why)"
    }
  }
}
