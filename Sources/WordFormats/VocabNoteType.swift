/// vocab's own Anki note type, which the text export names and the `.apkg` export defines: a note of this type
/// keeps every field of a word, where Anki's Basic keeps only the term and the meaning.
public enum VocabNoteType {
  public static let name = "vocab"
  /// Its fields in Anki's order (the order a row's field columns follow).
  public static let fields: [WordField] = [.term, .reading, .meaning, .example, .note]
  /// The fields' names in Anki.
  public static let fieldNames = ["Term", "Reading", "Meaning", "Example", "Note"]

  /// Whether a note type named `name` is this one (Anki compares note type names ignoring case).
  public static func isNamed(_ name: String) -> Bool {
    name.lowercased() == Self.name
  }
}
