import ArgumentParser
import BookCaseFeature
import Foundation

/// What the shell completion scripts offer beyond ArgumentParser's own: the names of the bookcases in the
/// database the command line points at. A database that does not exist yet is not created for a Tab.
enum Completions {
  static let bookCase = CompletionKind.custom { words, _, _ in await bookCaseNames(words: words) }

  @MainActor
  static func bookCaseNames(words: [String]) async -> [String] {
    var global = GlobalOptions()
    global.db = databaseOption(in: words)
    guard
      let location = try? DatabaseLocation.resolve(option: global.db, environment: Environment.current()),
      FileManager.default.fileExists(atPath: location.path),
      let session = try? Session.open(global)
    else { return [] }
    let list = await FeatureRun(BookCaseListReducer(), state: .init(), storage: session.storage).send(.onAppear)
    let shell = getenv("SAP_SHELL").map { String(cString: $0) }
    return list.bookCases.map { bookCase in
      switch shell {
      case "bash": escapedForBash(bookCase.name)
      // zsh's `_describe` reads "value:description": a colon in a name (Anki's `A::B`) must be escaped.
      case "zsh": bookCase.name.replacing("\\", with: "\\\\").replacing(":", with: "\\:")
      default: bookCase.name
      }
    }
  }

  /// The value of `--db PATH` or `--db=PATH` among the words typed so far.
  static func databaseOption(in words: [String]) -> String? {
    var value: String?
    for (index, word) in words.enumerated() {
      if word == "--db", index + 1 < words.count {
        value = words[index + 1]
      } else if word.hasPrefix("--db=") {
        value = String(word.dropFirst("--db=".count))
      }
    }
    return value
  }

  /// bash expands each candidate it is given (`compgen -W`): a name holding `$(…)` would run as a command, and
  /// one holding `*` or `~` would be rewritten. A backslash before every ASCII punctuation mark and space makes
  /// each stand for itself; bash then quotes the name it inserts on the command line.
  static func escapedForBash(_ name: String) -> String {
    var escaped = ""
    for scalar in name.unicodeScalars {
      if scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) { escaped += "\\" }
      escaped.unicodeScalars.append(scalar)
    }
    return escaped
  }
}
