import ArgumentParser

/// `vocab help COMMAND`: ArgumentParser answers an unknown command with the overall help and exit 0, so a
/// typo looks like success. A name that is no command is wrong usage, as it is without `help`.
enum HelpRequest {
  static func validate(_ arguments: [String]) throws(ValidationError) {
    guard arguments.first == "help" else { return }
    var command: any ParsableCommand.Type = Vocab.self
    for name in arguments.dropFirst() where !name.hasPrefix("-") {
      let found = command.configuration.subcommands.first { subcommand in
        let configuration = subcommand.configuration
        return configuration.commandName == name || configuration.aliases.contains(name)
      }
      guard let found else { throw ValidationError("Unknown command '\(name)'; `vocab --help` lists the commands.") }
      command = found
    }
  }
}
