import ArgumentParser

/// The entry point. It refuses arguments that are not valid UTF-8 before parsing (the standard library would
/// silently repair them into U+FFFD and store the damage), and reports vocab's own failures as `error: …`
/// with exit code 1, leaving usage errors to ArgumentParser (exit code 64).
@main
enum VocabMain {
  static func main() async {
    do {
      let arguments = try ArgumentEncoding.validatedArguments()
      var command = try Vocab.parseAsRoot(arguments)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as Failure {
      Streams.err("error: \(failure.message)\n")
      Vocab.exit(withError: ExitCode.failure)
    } catch {
      Vocab.exit(withError: error)
    }
  }
}
