import ArgumentParser
import BookCaseFeature

/// A `WORD_ID` argument, read by the rule every id on the command line follows (`TypedID`), so `edit-word`
/// and `list` agree on what an id is.
enum WordIDArgument {
  static func parse(_ argument: String) throws -> Int64 {
    // ArgumentParser names the value and the argument before this reason.
    guard let id = TypedID.parse(argument) else {
      throw ValidationError("a word id is written in digits (0–9) only, as `vocab list BOOKCASE` shows it")
    }
    return id
  }
}
