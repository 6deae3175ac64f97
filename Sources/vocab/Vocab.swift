import ArgumentParser

/// The root command: only configuration; every action lives in a subcommand.
struct Vocab: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vocab",
    abstract: "Keep vocabulary lists (bookcases of words) in a SQLite database.",
    discussion: """
      A bookcase is named by its name (any case) or by its numeric id. Values
      that start with "-" go after "--": vocab add-word TOEFL -- -ing "suffix".

      DATABASE LOCATION (the first that is set):
        --db PATH, then $VOCAB_DB, then $XDG_DATA_HOME/vocab/vocab.sqlite3,
        then ~/.local/share/vocab/vocab.sqlite3. The default directory is
        created on first use; a new database is created and migrated when a
        command first needs it.

      OUTPUT:
        Tables aligned for the terminal; colour only on a terminal and never
        when NO_COLOR is set. --json prints one JSON document per line (the
        shapes are documented in README.md).

      EXIT CODES:
        0   success
        1   the request could not be carried out: not found, duplicate,
            invalid input, database problem, a deletion not confirmed
        64  wrong usage: unknown command or option, missing or malformed
            argument, a VOCAB_NOW that is not an ISO 8601 date and time
        130 an import interrupted by Ctrl-C (nothing was imported)

      VOCAB_NOW=2026-03-01T08:00:00Z (ISO 8601, Z or an offset) makes every
      command take that moment for now: for scripts and tests.
      """,
    version: VocabVersion.current,
    subcommands: [
      AddBookCase.self,
      List.self,
      EditBookCase.self,
      DeleteBookCase.self,
      AddWord.self,
      EditWord.self,
      MoveWord.self,
      DeleteWord.self,
      Show.self,
      Grade.self,
      Due.self,
      Stats.self,
      Search.self,
      Tags.self,
      Refresh.self,
      Migrate.self,
      Backup.self,
      Restore.self,
      Review.self,
      Import.self,
      Export.self,
    ]
  )

  // Declared here too so that `vocab --db PATH <command>` parses; each command reads its own copy.
  @OptionGroup var global: GlobalOptions
}
