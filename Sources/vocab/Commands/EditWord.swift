import ArgumentParser
import BookCaseFeature

struct EditWord: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit-word",
    abstract: "Change a word's fields or tags.",
    discussion: """
      Fields not given keep their value; pass an empty string to clear the reading, example or note. An edit
      that changes nothing writes nothing.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Option(help: "The new term.")
  var term: String?

  @Option(help: "The new reading.")
  var reading: String?

  @Option(help: "The new meaning.")
  var meaning: String?

  @Option(help: "The new example sentence.")
  var example: String?

  @Option(help: "The new note.")
  var note: String?

  @Option(name: .customLong("add-tag"), help: "A tag to add. Repeat for more.")
  var addedTags: [String] = []

  @Option(name: .customLong("remove-tag"), help: "A tag to remove (any case). Repeat for more.")
  var removedTags: [String] = []

  @Flag(help: "Print the word as JSON.")
  var json = false

  func validate() throws {
    if term == nil, reading == nil, meaning == nil, example == nil, note == nil, addedTags.isEmpty,
      removedTags.isEmpty
    {
      throw ValidationError(
        "Nothing to change: give at least one of --term, --reading, --meaning, --example, --note, --add-tag, --remove-tag.")
    }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(WordEditorReducer(), state: .init(wordID: wordID), storage: session.storage)
    if let error = await run.send(.loadWord).error { throw Failure(error) }
    if let term { await run.send(.termChanged(term)) }
    if let reading { await run.send(.readingChanged(reading)) }
    if let meaning { await run.send(.meaningChanged(meaning)) }
    if let example { await run.send(.exampleChanged(example)) }
    if let note { await run.send(.noteChanged(note)) }
    for tag in removedTags { await run.send(.tagRemoved(tag)) }
    for tag in addedTags { await run.send(.tagAdded(tag)) }
    await run.send(.saveButtonTapped)
    let word = try run.outcome(\.delegate.updated, or: \.error)
    Streams.out(json ? JSONShapes.word(word) : "Updated word \(word.id) “\(word.term)”.\n")
  }
}
