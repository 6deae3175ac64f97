import ArgumentParser
import Dependencies
import Foundation

/// The entry point. It refuses arguments that are not valid UTF-8 before parsing (the standard library would
/// silently repair them into U+FFFD and store the damage), and reports vocab's own failures as `error: …`
/// with exit code 1, leaving usage errors to ArgumentParser (exit code 64).
@main
enum VocabMain {
  static func main() async {
    Streams.guardStandardDescriptors()
    do {
      let arguments = try ArgumentEncoding.validatedArguments()
      try HelpRequest.validate(arguments)
      if let shell = CompletionScript.requestedShell(in: arguments) {
        return Streams.out(CompletionScript.script(for: shell))
      }
      // vocab's own process is never a test. Naming the live context, and setting every default dependency a
      // command reads to its live value, spares swift-dependencies asking Foundation whether tests are running
      // (ProcessInfo, each argument parsed as a URL) and, at the first value it would cache, which test is
      // running (about 3 M instructions): together most of a tenth of a command's start-up.
      let date = try Now.dateGenerator(environment: Environment.current())
      try await withDependencies {
        $0.context = .live
        $0.date = date
        $0.calendar = .autoupdatingCurrent
        $0.uuid = UUIDGenerator { UUID() }
        $0.continuousClock = ContinuousClock()
        $0.withRandomNumberGenerator = WithRandomNumberGenerator(SystemRandomNumberGenerator())
      } operation: {
        var command = try await Vocab.asyncParseAsRoot(arguments)
        if var asyncCommand = command as? AsyncParsableCommand {
          try await asyncCommand.run()
        } else {
          try command.run()
        }
      }
      if let problem = Streams.outputFailure {
        throw Failure("could not write the output: \(problem)")
      }
    } catch let failure as Failure {
      Streams.err("error: \(failure.message)\n")
      Vocab.exit(withError: failure.exitCode)
    } catch {
      Vocab.exit(withError: error)
    }
  }
}
