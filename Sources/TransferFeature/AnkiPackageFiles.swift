import AnkiPackage
import Foundation
import Storage
import WordFormats

/// An Anki package as an import reads it. A zip is read from its end, so the file's bytes are first copied to
/// a temporary file (standard input too), which goes once the package has copied out its collection.
final class AnkiPackageFileReader: WordFileReader {
  private var source: (() throws -> [UInt8]?)?
  private var package: AnkiPackageReader?

  /// `source` hands out the file's bytes a chunk at a time, nil at the end.
  init(source: @escaping () throws -> [UInt8]?) {
    self.source = source
  }

  func next() throws -> WordRecord? {
    if let source {
      self.source = nil
      package = try Self.open(source)
    }
    return try package?.next()
  }

  /// What the package held that did not become words: notes of other note types, and media files.
  var notices: [String] {
    guard let package else { return [] }
    let skipped = package.skipped.sorted { $0.key < $1.key }.map { name, count in
      "skipped \(count == 1 ? "1 note" : "\(count) notes") of the note type “\(name)”, which vocab does not import"
    }
    let media = package.media
    guard !media.isEmpty else { return skipped }
    let files = media.count == 1 ? "a media file" : "\(media.count) media files"
    return skipped + ["the words refer to \(files), kept as text but not imported: \(media.joined(separator: ", "))"]
  }

  private static func open(_ nextChunk: () throws -> [UInt8]?) throws -> AnkiPackageReader {
    let copy = FileManager.default.temporaryDirectory.appending(path: "vocab-import-\(UUID().uuidString).apkg")
    guard FileManager.default.createFile(atPath: copy.path, contents: nil),
      let handle = try? FileHandle(forWritingTo: copy)
    else { throw FileError("cannot create a temporary file in \(copy.deletingLastPathComponent().path)") }
    defer {
      try? handle.close()
      try? FileManager.default.removeItem(at: copy)
    }
    do {
      while let chunk = try nextChunk() { try handle.write(contentsOf: chunk) }
    } catch let error as FileError {
      throw error
    } catch {
      throw FileError("cannot copy the package to \(copy.path): \(error.localizedDescription)")
    }
    return try AnkiPackageReader(url: copy)
  }
}

/// An Anki package as an export writes it: one deck per bookcase, a note of vocab's note type per word. The
/// package is built in a temporary directory and handed to the sink whole at the end.
final class AnkiPackageFileWriter: WordFileWriter {
  private let sink: ([UInt8]) throws -> Void
  private let writer: Result<AnkiPackageWriter, any Error>
  private var bookCase = ""

  init(now: Date, sink: @escaping ([UInt8]) throws -> Void) {
    self.sink = sink
    writer = Result { try AnkiPackageWriter(now: now) }
  }

  func write(_ item: ExportItem) throws {
    switch item {
    case .bookCase(let bookCase): self.bookCase = bookCase.name
    case .word(let word, _): try writer.get().write(WordRecord(word, in: bookCase))
    }
  }

  func finish() throws {
    let package = FileManager.default.temporaryDirectory.appending(path: "vocab-export-\(UUID().uuidString).apkg")
    defer { try? FileManager.default.removeItem(at: package) }
    try writer.get().finish(to: package)
    guard let handle = try? FileHandle(forReadingFrom: package) else {
      throw FileError("cannot read the package written to \(package.path)")
    }
    defer { try? handle.close() }
    while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty { try sink([UInt8](chunk)) }
  }
}
