import WordFormats

/// How a package defines vocab's own note type (`WordFormats.VocabNoteType`: its name and fields): one
/// recognition card, the term and its reading on the front, the rest on the back. Its id and modification
/// time are fixed, so every export names the same note type and Anki updates its notes in place instead of
/// adding a second note type; change `modified` whenever the templates or fields change, so Anki takes them.
enum VocabNotetype {
  static let id: Int64 = 1_735_689_600_000
  static let modified: Int64 = 1_735_689_600

  static let front = """
    <div class="term">{{Term}}</div>
    {{#Reading}}<div class="reading">{{Reading}}</div>{{/Reading}}
    """
  static let back = """
    {{FrontSide}}

    <hr id=answer>

    <div class="meaning">{{Meaning}}</div>
    {{#Example}}<div class="example">{{Example}}</div>{{/Example}}
    {{#Note}}<div class="note">{{Note}}</div>{{/Note}}
    """
  static let css = """
    .card { font-family: sans-serif; font-size: 20px; text-align: center; color: black; background-color: white; }
    .term { font-size: 32px; }
    .reading, .example, .note { color: #666; }
    .example { font-style: italic; margin-top: 0.5em; }
    .note { font-size: 16px; margin-top: 0.5em; }
    """
}
