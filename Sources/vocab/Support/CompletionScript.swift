import ArgumentParser

/// `vocab --generate-completion-script SHELL`: ArgumentParser's script, with what it leaves out added: a command
/// alias completes like its command (`delete` like `delete-bookcase`), and `vocab help <Tab>` offers the commands.
/// The end-to-end tests drive each shell, so a change in ArgumentParser's scripts that breaks a patch shows.
enum CompletionScript {
  /// The shell named by `--generate-completion-script SHELL` (or `=SHELL`), when that is what was asked.
  static func requestedShell(in arguments: [String]) -> CompletionShell? {
    let option = "--generate-completion-script"
    guard let index = arguments.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") }) else { return nil }
    let name =
      arguments[index] == option
      ? (index + 1 < arguments.count ? arguments[index + 1] : "") : String(arguments[index].dropFirst(option.count + 1))
    return CompletionShell(rawValue: name)
  }

  static func script(for shell: CompletionShell) -> String {
    var script = Vocab.completionScript(for: shell)
    let aliases = Vocab.configuration.subcommands.flatMap { command in
      command.configuration.aliases.map { (alias: $0, command: command._commandName) }
    }
    // What `vocab help <Tab>` offers: every command, by its name or an alias.
    let commands = Vocab.configuration.subcommands.map { $0._commandName } + aliases.map(\.alias) + ["help"]
    switch shell {
    case .bash:
      for (alias, command) in aliases {
        script = script.replacing("|\(command)|", with: "|\(command)|\(alias)|", maxReplacements: 1)
        script += "\n_vocab_\(alias)() {\n    _vocab_\(command)\n}\n"
      }
      script = script.replacing(
        "    __vocab_offer_flags_options -1\n}",
        with: "    __vocab_offer_flags_options -1\n"
          + "    COMPREPLY+=($(compgen -W '\(commands.joined(separator: " "))' -- \"${cur}\"))\n}")
    case .zsh:
      for (alias, command) in aliases {
        script = script.replacing("|\(command)|", with: "|\(command)|\(alias)|", maxReplacements: 1)
        script = script.replacing(
          "if [[ \"${funcstack[1]}\" = _vocab ]]",
          with: "_vocab_\(alias)() {\n    _vocab_\(command) \"${@}\"\n}\n\nif [[ \"${funcstack[1]}\" = _vocab ]]")
      }
      script = script.replacing(
        "'*:subcommands:'", with: "'*:subcommands:(\(commands.joined(separator: " ")))'")
    case .fish:
      // An alias is read as its command, so every completion written for the command applies.
      let asCommands = aliases.map { " | string replace -r -- '^\($0.alias)$' '\($0.command)'" }.joined()
      script = script.replacing(
        "    set -a commands $unparsed_tokens[1]",
        with: "    set -a commands (string join -- ' ' $unparsed_tokens[1]\(asCommands))")
      for (alias, command) in aliases {
        script = script.replacing("        case '\(command)'\n", with: "        case '\(command)' '\(alias)'\n")
      }
      if !script.hasSuffix("\n") { script += "\n" }
      script += "complete -c 'vocab' -n '__vocab_should_offer_completions_for_positional \"vocab help\" -ge 1' "
        + "-fa '\(commands.joined(separator: " "))'\n"
    default:
      break
    }
    return script
  }
}
