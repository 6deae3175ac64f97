import Foundation
import Storage
import WordFormats

/// The file formats vocab imports and exports: the one place a format is chosen, by name or by a file's
/// extension, and turned into a reader of words or a writer of bookcases and words.
public enum WordFileFormat: String, CaseIterable, Sendable {
  /// Tab-separated text: Anki's plain-text format (header lines, guid, note type, deck and tags columns) when
  /// the file has its headers, else plain columns; exported as Anki's format.
  case tsv
  /// RFC 4180 CSV with plain columns (term, meaning, reading, example, note, tags).
  case csv
  /// vocab's own JSON: per bookcase the shape of `list BOOKCASE --json`, every field and date; lossless.
  case json
  /// Anki's deck package: read from what Anki exports, written with vocab's own note type (see AnkiPackage).
  case apkg

  /// The format a file's extension names (`.tsv` and `.txt`, Anki's own, are both tab-separated), if any.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "tsv", "txt": self = .tsv
    case "csv": self = .csv
    case "json": self = .json
    case "apkg": self = .apkg
    default: return nil
    }
  }

  /// A reader of the words in the bytes `nextChunk` hands out (nil at the end).
  func reader(_ nextChunk: @escaping () throws -> [UInt8]?) -> any WordFileReader {
    switch self {
    case .tsv: WordTextReader(format: .tsv, source: ByteSource(nextChunk))
    case .csv: WordTextReader(format: .csv, source: ByteSource(nextChunk))
    case .json: JSONWordReader(source: nextChunk)
    case .apkg: AnkiPackageFileReader(source: nextChunk)
    }
  }

  /// Whether the format is text, which may go to standard output (a package is a binary file).
  public var isText: Bool { self != .apkg }

  /// Whether the format carries each word's card and review log (vocab's JSON alone).
  var carriesReviews: Bool { self == .json }

  /// A writer of what an export hands out, to `sink`; `now` stamps what a format dates (a package's notes),
  /// asked only by such a format.
  func writer(now: () -> Date, _ sink: @escaping ([UInt8]) throws -> Void) -> any WordFileWriter {
    switch self {
    case .tsv: AnkiTextFileWriter(sink: sink)
    case .csv: PlainTextFileWriter(format: .csv, sink: sink)
    case .json: JSONWordWriter(sink: sink)
    case .apkg: AnkiPackageFileWriter(now: now(), sink: sink)
    }
  }
}

/// Reads a file's words one at a time.
protocol WordFileReader {
  mutating func next() throws -> WordRecord?
  /// What the file says of the bookcase a word names (its description and dates), if anything.
  func bookCase(named name: String) -> ImportedBookCase?
  /// What the file held that the words do not carry, one sentence each, once it has been read.
  var notices: [String] { get }
  /// The card and review log the file gives the word `next` returned last, if it gives them.
  var reviews: ReviewHistory? { get }
}

extension WordFileReader {
  func bookCase(named name: String) -> ImportedBookCase? { nil }
  var notices: [String] { [] }
  var reviews: ReviewHistory? { nil }
}

extension WordTextReader: WordFileReader {}

/// Writes the bookcases and words an export hands out, in that order.
protocol WordFileWriter {
  mutating func write(_ item: ExportItem) throws
  mutating func finish() throws
}

/// Anki's plain-text format: each word's bookcase is its deck, its guid the note's guid.
struct AnkiTextFileWriter: WordFileWriter {
  private var writer: AnkiTextWriter
  private var bookCase = ""

  init(sink: @escaping ([UInt8]) throws -> Void) {
    writer = AnkiTextWriter(sink: sink)
  }

  mutating func write(_ item: ExportItem) throws {
    switch item {
    case .bookCase(let bookCase): self.bookCase = bookCase.name
    case .word(let word, _): try writer.write(WordRecord(word, in: bookCase))
    }
  }

  mutating func finish() throws { try writer.finish() }
}

/// Plain columns: the words alone, without their bookcase or guid.
struct PlainTextFileWriter: WordFileWriter {
  private var writer: WordTextWriter

  init(format: TextFormat, sink: @escaping ([UInt8]) throws -> Void) {
    writer = WordTextWriter(format: format, sink: sink)
  }

  mutating func write(_ item: ExportItem) throws {
    if case .word(let word, _) = item { try writer.write(WordRecord(word, in: "")) }
  }

  mutating func finish() throws { try writer.finish() }
}
