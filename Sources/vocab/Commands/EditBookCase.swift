import ArgumentParser
import BookCaseFeature

struct EditBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit-bookcase",
    abstract: "Rename a bookcase, change its description, or both.",
    discussion: """
      What is not given is kept; a description given alone is written alone, so a rename made meanwhile
      stays. `rename-bookcase BOOKCASE NEW_NAME [--description D]` is the older spelling and still works.
      """,
    aliases: ["rename-bookcase"]
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The bookcase's name or id.", completion: Completions.bookCase)
  var bookcase: String

  @Argument(help: ArgumentHelp("Its new name (as --name).", visibility: .hidden))
  var newName: String?

  @Option(help: "Its new name (unique, ignoring case and lookalike spellings).")
  var name: String?

  @Option(help: "Its new description.")
  var description: String?

  @Flag(help: "Print the bookcase as JSON.")
  var json = false

  func validate() throws {
    if newName != nil, name != nil {
      throw ValidationError("Give the new name once: as --name, or after the bookcase.")
    }
    if newName == nil, name == nil, description == nil {
      throw ValidationError("Nothing to change: give --name, --description, or both.")
    }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    let run = FeatureRun(BookCaseFormReducer(), state: .init(renaming: bookCase), storage: session.storage)
    if let name = name ?? newName { await run.send(.nameChanged(name)) }
    if let description { await run.send(.descriptionChanged(description)) }
    await run.send(.saveButtonTapped)
    let edited = try run.outcome(\.delegate.renamed, or: \.error)
    if json {
      Streams.out(JSONShapes.bookCase(edited))
    } else if edited.name != bookCase.name {
      Streams.out("Renamed bookcase \(edited.id) from “\(bookCase.name)” to “\(edited.name)”.\n")
    } else {
      Streams.out("Updated bookcase \(edited.id) “\(edited.name)”.\n")
    }
  }
}
