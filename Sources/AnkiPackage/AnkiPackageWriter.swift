import Foundation
import WordFormats
import ZIPFoundation

/// Writes words as a deck package Anki imports: a zip holding `collection.anki2` (schema 11, which every Anki
/// reads) and an empty media list.
///
/// Each word is a note of vocab's own note type (`VocabNoteType`, defined as `VocabNotetype` says) with one new
/// card, in the deck named by its `deck` (a bookcase; `Default` when it has none). `A::B` is Anki's syntax for
/// deck B inside deck A, so such a bookcase becomes a nested deck, and its parents are written too. The word's guid is the note's guid and the
/// export time its modification time, so Anki updates the notes of an earlier export instead of adding them
/// again. Fields are HTML that shows the text unchanged.
public final class AnkiPackageWriter {
  private let directory: URL
  private let collection: URL
  private var database: SQLiteFile?
  private let insertNote: SQLiteStatement
  private let insertCard: SQLiteStatement
  private let seconds: Int64
  private let milliseconds: Int64
  private var decks: [String: Int64] = ["Default": 1]
  private var count: Int64 = 0

  /// Starts an empty package in a temporary directory; `now` stamps the notes and names their ids.
  public init(now: Date = Date()) throws {
    seconds = Int64(now.timeIntervalSince1970)
    milliseconds = Int64(now.timeIntervalSince1970 * 1000)
    directory = FileManager.default.temporaryDirectory.appending(path: "vocab-apkg-\(UUID().uuidString)")
    collection = directory.appending(path: "collection.anki2")
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
      let database = try SQLiteFile(path: collection.path, readOnly: false) { AnkiPackageError.cannotWrite($0) }
      // A scratch file, zipped and removed at the end: no journal needed.
      try database.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;")
      try database.execute(Schema11Collection.tables)
      insertNote = try database.prepare(Schema11Collection.insertNote)
      insertCard = try database.prepare(Schema11Collection.insertCard)
      self.database = database
    } catch let error as AnkiPackageError {
      try? FileManager.default.removeItem(at: directory)
      throw error
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw AnkiPackageError.cannotWrite("cannot create a temporary directory: \(error.localizedDescription)")
    }
  }

  deinit { try? FileManager.default.removeItem(at: directory) }

  public func write(_ word: WordRecord) throws {
    if let tag = word.tags.first(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) {
      throw AnkiPackageError.cannotWrite("the tag \"\(tag)\" of \"\(word.term)\" is empty or holds a space")
    }
    count += 1
    let id = milliseconds + count
    let fields = VocabNoteType.fields.map { HTMLText.html(fromText: word[$0]) }
    try insertNote.run([
      .integer(id), .text(word.guid ?? Self.newGuid()), .integer(VocabNotetype.id), .integer(seconds),
      .text(word.tags.isEmpty ? "" : " \(word.tags.joined(separator: " ")) "),
      .text(fields.joined(separator: "\u{1F}")), .text(word.term), .integer(SHA1.fieldChecksum(word.term)),
    ])
    try insertCard.run([.integer(id), .integer(id), .integer(deckID(word.deck)), .integer(seconds), .integer(count)])
  }

  /// Writes the package to `url` (replacing a file there) and removes the temporary directory.
  public func finish(to url: URL) throws {
    guard let database else { throw AnkiPackageError.cannotWrite("the package was already written") }
    var deckObjects: [String: Any] = [:]
    for (name, id) in decks { deckObjects[String(id)] = Schema11Collection.deck(id: id, name: name, modified: seconds) }
    let firstDeck = decks.values.filter { $0 != 1 }.min() ?? 1
    try database.prepare(Schema11Collection.insertCol).run([
      .integer(seconds - seconds % 86_400), .integer(milliseconds), .integer(milliseconds),
      .text(try Schema11Collection.json(Schema11Collection.settings(nextPosition: Int(count) + 1, deck: firstDeck))),
      .text(try Schema11Collection.json([String(VocabNotetype.id): Schema11Collection.notetype(deck: firstDeck)])),
      .text(try Schema11Collection.json(deckObjects)),
      .text("{}"),
    ])
    try database.execute("COMMIT")
    self.database = nil
    do {
      try? FileManager.default.removeItem(at: url)
      let archive = try Archive(url: url, accessMode: .create)
      try archive.addEntry(with: "collection.anki2", fileURL: collection, compressionMethod: .deflate)
      // The legacy media list: JSON mapping the numbered zip entries to file names; none here.
      let media = Data("{}".utf8)
      try archive.addEntry(with: "media", type: .file, uncompressedSize: Int64(media.count)) { position, size in
        media.subdata(in: Int(position)..<Int(position) + size)
      }
    } catch {
      throw AnkiPackageError.cannotWrite("\(url.path): \(error.localizedDescription)")
    }
    try? FileManager.default.removeItem(at: directory)
  }

  /// The deck's id, adding it and its parents (`A` for `A::B`) the first time.
  private func deckID(_ name: String?) -> Int64 {
    let name = name.flatMap { $0.isEmpty ? nil : $0 } ?? "Default"
    let levels = name.components(separatedBy: "::")
    for depth in 1...levels.count {
      let prefix = levels[..<depth].joined(separator: "::")
      if decks[prefix] == nil { decks[prefix] = milliseconds + Int64(decks.count) }
    }
    return decks[name]!
  }

  /// A guid for a word without one, in the alphabet of Anki's own (letters and digits suffice).
  private static func newGuid() -> String {
    String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(10))
  }
}
