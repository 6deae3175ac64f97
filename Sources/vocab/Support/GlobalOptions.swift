import ArgumentParser

/// Options every command accepts, before or after the command name.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database file (default: $VOCAB_DB, else $XDG_DATA_HOME/vocab/vocab.sqlite3, else ~/.local/share/vocab/vocab.sqlite3).",
      valueName: "path"
    ),
    completion: .file()
  )
  var db: String?
}
