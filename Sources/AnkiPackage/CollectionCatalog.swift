import Foundation
import WordFormats

/// The note types and decks of an Anki collection, read from either shape Anki has stored them in: JSON in the
/// `col` row (schema 11: `collection.anki2` and `collection.anki21`) or tables of their own (schema 15 and
/// later: `collection.anki21b`).
struct CollectionCatalog {
  struct Notetype {
    var name: String
    /// Where each field goes; nil when notes of this type are not imported.
    var fieldMap: [WordField?]?
  }

  var notetypes: [Int64: Notetype] = [:]
  var decks: [Int64: String] = [:]

  init(_ database: SQLiteFile) throws {
    let versions = try database.rows("SELECT ver FROM col") { $0.integer(0) }
    guard let version = versions.first else { throw AnkiPackageError.badCollection("its col table is empty") }
    switch version {
    case 11: try readJSON(database)
    case 15...: try readTables(database)
    default: throw AnkiPackageError.badCollection("unknown collection schema \(version)")
    }
  }

  private mutating func readJSON(_ database: SQLiteFile) throws {
    let (models, decks) = try database.rows("SELECT models, decks FROM col") { ($0.text(0), $0.text(1)) }[0]
    for model in try Self.objects(models, "models") {
      guard let id = Self.id(model["id"]), let name = model["name"] as? String,
        let fields = model["flds"] as? [[String: Any]]
      else { throw AnkiPackageError.badCollection("a note type without id, name or fields") }
      let names = fields.sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
        .map { $0["name"] as? String ?? "" }
      notetypes[id] = Notetype(
        name: name,
        fieldMap: ImportableNotetype.fieldMap(
          name: name, fieldNames: names, isCloze: model["type"] as? Int == 1,
          stockKind: model["originalStockKind"] as? Int ?? 0))
    }
    for deck in try Self.objects(decks, "decks") {
      if let id = Self.id(deck["id"]), let name = deck["name"] as? String { self.decks[id] = name }
    }
  }

  private mutating func readTables(_ database: SQLiteFile) throws {
    var fieldNames: [Int64: [String]] = [:]
    let fields = try database.rows("SELECT ntid, name FROM fields ORDER BY ntid, ord") { ($0.integer(0), $0.text(1)) }
    for (notetype, name) in fields {
      fieldNames[notetype, default: []].append(name)
    }
    let types = try database.rows("SELECT id, name, config FROM notetypes") { ($0.integer(0), $0.text(1), $0.blob(2)) }
    for (id, name, config) in types {
      // Notetype.Config: field 1 is the kind (1 = cloze), field 9 the stock note type it was made from.
      let numbers = ProtobufVarints(config)
      notetypes[id] = Notetype(
        name: name,
        fieldMap: ImportableNotetype.fieldMap(
          name: name, fieldNames: fieldNames[id] ?? [], isCloze: numbers[1] == 1, stockKind: Int(numbers[9] ?? 0)))
    }
    for (id, name) in try database.rows("SELECT id, name FROM decks", { ($0.integer(0), $0.text(1)) }) {
      // Stored with 0x1F between the levels of a nested deck; Anki shows and exchanges them as `A::B`.
      decks[id] = name.replacingOccurrences(of: "\u{1F}", with: "::")
    }
  }

  private static func objects(_ json: String, _ what: String) throws -> [[String: Any]] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
      throw AnkiPackageError.badCollection("its \(what) are not a JSON object")
    }
    return object.values.compactMap { $0 as? [String: Any] }
  }

  /// Anki has written ids as numbers and, in old collections, as strings.
  private static func id(_ value: Any?) -> Int64? {
    if let number = value as? NSNumber { return number.int64Value }
    if let text = value as? String { return Int64(text) }
    return nil
  }
}

/// The varint fields at the top level of a protobuf message, by field number; other fields skipped. Enough to
/// read two numbers from Anki's note type config without a protobuf library; a malformed message just ends early.
struct ProtobufVarints {
  private var values: [Int: UInt64] = [:]

  init(_ bytes: [UInt8]) {
    var index = 0
    func varint() -> UInt64? {
      var value: UInt64 = 0
      var shift: UInt64 = 0
      while index < bytes.count, shift < 64 {
        let byte = bytes[index]
        index += 1
        value |= UInt64(byte & 0x7F) << shift
        if byte & 0x80 == 0 { return value }
        shift += 7
      }
      return nil
    }
    while let key = varint() {
      let field = Int(truncatingIfNeeded: key >> 3)
      switch key & 7 {
      case 0:
        guard let value = varint() else { return }
        values[field] = value
      case 1: index += 8
      case 2:
        guard let length = varint(), length <= UInt64(bytes.count - min(index, bytes.count)) else { return }
        index += Int(length)
      case 5: index += 4
      default: return
      }
    }
  }

  subscript(field: Int) -> UInt64? { values[field] }
}
