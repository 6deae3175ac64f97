import Foundation
import WordFormats
import ZIPFoundation

/// Reads the words of a deck package Anki exported, one note at a time.
///
/// The package is a zip. Its collection is `collection.anki21b` (zstd-compressed, Anki 2.1.50 and later),
/// else `collection.anki21`, else `collection.anki2`; newer Anki puts a stub `collection.anki2` beside the
/// real one, so the newest present wins, as in Anki. The collection is copied out to a temporary directory
/// (removed again by `close()` or when the reader goes) and read with SQLite.
///
/// Notes of Anki's Basic note types and of vocab's own become words (see `ImportableNotetype`); others are
/// counted in `skipped`. Fields turn from HTML into text; the deck of a note's first card is its deck.
public final class AnkiPackageReader {
  /// Notes not imported, counted by the name of their note type.
  public private(set) var skipped: [String: Int] = [:]
  private var mediaFiles: Set<String> = []
  /// The media files the words read so far refer to (`[sound:…]`, `<img src=…>`), each once, sorted. The
  /// files themselves are not read.
  public var media: [String] { mediaFiles.sorted() }

  /// The temporary directory holding the collection, while it is open.
  let directory: URL
  private var database: SQLiteFile?
  private var notes: SQLiteStatement?
  private let catalog: CollectionCatalog
  private var position = 0

  public init(url: URL) throws {
    directory = FileManager.default.temporaryDirectory.appending(path: "vocab-apkg-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      let file = directory.appending(path: "collection")
      try Self.extractCollection(from: url, to: file)
      let database = try SQLiteFile(path: file.path, readOnly: true) { AnkiPackageError.badCollection($0) }
      catalog = try CollectionCatalog(database)
      // A filtered deck holds a card away from its home deck (`odid`); the home deck is the note's deck.
      notes = try database.prepare(
        """
        SELECT n.guid, n.mid, n.tags, n.flds,
          (SELECT CASE WHEN c.odid != 0 THEN c.odid ELSE c.did END FROM cards c WHERE c.nid = n.id
           ORDER BY c.ord LIMIT 1)
        FROM notes n ORDER BY n.id
        """)
      self.database = database
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  deinit { close() }

  /// The next word, nil after the last note. Its `line` is the note's position in the package (from 1).
  public func next() throws -> WordRecord? {
    guard let notes else { return nil }
    while try notes.step() {
      position += 1
      let notetype = catalog.notetypes[notes.integer(1)]
      guard let notetype, let fieldMap = notetype.fieldMap else {
        skipped[notetype?.name ?? "(missing note type)", default: 0] += 1
        continue
      }
      var word = WordRecord(
        term: "", meaning: "",
        tags: notes.text(2).split(whereSeparator: \.isWhitespace).map(String.init),
        guid: notes.text(0), deck: notes.isNull(4) ? nil : catalog.decks[notes.integer(4)],
        notetype: notetype.name, line: position)
      for (field, html) in zip(fieldMap, notes.text(3).split(separator: "\u{1F}", omittingEmptySubsequences: false)) {
        guard let field else { continue }
        let converted = HTMLText.text(fromHTML: String(html))
        word[field] = converted.text
        mediaFiles.formUnion(converted.media)
      }
      return word
    }
    close()
    return nil
  }

  /// Every word to the end: for small packages and tests; imports should call `next()`.
  public func readAll() throws -> [WordRecord] {
    var words: [WordRecord] = []
    while let word = try next() { words.append(word) }
    return words
  }

  /// Closes the collection and removes its temporary copy; `next()` then returns nil.
  public func close() {
    notes = nil
    database = nil
    try? FileManager.default.removeItem(at: directory)
  }

  private static func extractCollection(from url: URL, to file: URL) throws {
    let archive: Archive
    do {
      archive = try Archive(url: url, accessMode: .read)
    } catch {
      throw AnkiPackageError.notAPackage(Self.describe(error))
    }
    // `meta` (a protobuf: field 1, the version) is absent from packages older than Anki 2.1.50.
    if let meta = archive["meta"] {
      var bytes: [UInt8] = []
      try extract(meta, from: archive, limit: 1 << 16) { bytes.append(contentsOf: $0) }
      if let version = ProtobufVarints(bytes)[1], version > 3 { throw AnkiPackageError.tooNew(Int(version)) }
    }
    guard FileManager.default.createFile(atPath: file.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: file)
    else {
      throw AnkiPackageError.cannotWrite("cannot create a temporary file in \(file.deletingLastPathComponent().path)")
    }
    defer { try? handle.close() }
    let write: (UnsafeRawBufferPointer) throws -> Void = { bytes in
      do { try handle.write(contentsOf: Data(bytes)) } catch {
        throw AnkiPackageError.cannotWrite("cannot write a temporary file: \(error.localizedDescription)")
      }
    }
    if let entry = archive["collection.anki21b"] {
      let decoder = try ZstdDecoder()
      try extract(entry, from: archive) { try decoder.decode($0, into: write) }
      try decoder.finish()
    } else if let entry = archive["collection.anki21"] ?? archive["collection.anki2"] {
      try extract(entry, from: archive, write)
    } else {
      throw AnkiPackageError.missingCollection
    }
  }

  /// An entry's bytes, checked against its CRC; damage in the zip is the package's fault, not a crash.
  private static func extract(
    _ entry: Entry, from archive: Archive, limit: Int = .max, _ consume: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    var total = 0
    do {
      _ = try archive.extract(entry) { data in
        total += data.count
        if total > limit { throw AnkiPackageError.notAPackage("its \(entry.path) is too large") }
        try data.withUnsafeBytes { try consume($0) }
      }
    } catch let error as AnkiPackageError {
      throw error
    } catch {
      throw AnkiPackageError.notAPackage("its \(entry.path) cannot be read (\(describe(error)))")
    }
  }

  private static func describe(_ error: Error) -> String {
    switch error {
    case Archive.ArchiveError.missingEndOfCentralDirectoryRecord: "it is not a zip archive"
    case Archive.ArchiveError.unreadableArchive: "it cannot be read"
    case Archive.ArchiveError.invalidCRC32: "a checksum does not match"
    default: "\(error)"
    }
  }
}
