import ArgumentParser
import BookCaseFeature
import ReviewFeature
import Storage

struct EditBookCase: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit-bookcase",
    abstract: "Rename a bookcase, change its description or its review settings.",
    discussion: """
      What is not given is kept; a description given alone is written alone, so a rename made meanwhile
      stays. `rename-bookcase BOOKCASE NEW_NAME [--description D]` is the older spelling and still works.
      The review settings: --retention 0.70–0.99 (default 0.9), --new-per-day 0–10000 (default 20),
      --max-reviews-per-day 0–100000 (default 200), --fuzz on|off (default on).
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

  @Option(help: "The recall probability review intervals aim for, 0.70 to 0.99.")
  var retention: Double?

  @Option(help: "New cards to learn per review day, 0 to 10000.")
  var newPerDay: Int?

  @Option(help: "Reviews of review cards per review day at most, 0 to 100000.")
  var maxReviewsPerDay: Int?

  @Option(help: "Spread review intervals a little at random: on or off.")
  var fuzz: Switch?

  @Flag(help: "Print the bookcase with its review settings as JSON.")
  var json = false

  func validate() throws {
    if newName != nil, name != nil {
      throw ValidationError("Give the new name once: as --name, or after the bookcase.")
    }
    if newName == nil, name == nil, description == nil, settingsChanges.isEmpty {
      throw ValidationError(
        "Nothing to change: give --name, --description, --retention, --new-per-day, --max-reviews-per-day or --fuzz.")
    }
  }

  /// The review settings given, as the settings form's actions.
  private var settingsChanges: [ReviewSettingsFormReducer.Action] {
    [retention.map { .retentionChanged($0) }, newPerDay.map { .newCardsPerDayChanged($0) },
     maxReviewsPerDay.map { .maxReviewsPerDayChanged($0) }, fuzz.map { .fuzzChanged($0 == .on) }]
      .compactMap { $0 }
  }

  @MainActor
  func run() async throws {
    // A setting out of range is out of range whatever the others are: refuse it before the database is opened,
    // so a rename given with it is not written either. The changes applied to the defaults (no storage call).
    let given = await FeatureRun(
      ReviewSettingsFormReducer(), state: .init(bookCaseID: 0, settings: .default), storage: .testValue
    ).send(settingsChanges)
    if let settings = given.settings {
      do throws(StorageError) { _ = try StorageRules.validated(settings) } catch { throw Failure(error) }
    }
    let session = try Session.open(global)
    let bookCase = try await session.bookCase(bookcase)
    var edited = bookCase
    if name != nil || newName != nil || description != nil {
      let run = FeatureRun(BookCaseFormReducer(), state: .init(renaming: bookCase), storage: session.storage)
      if let name = name ?? newName { await run.send(.nameChanged(name)) }
      if let description { await run.send(.descriptionChanged(description)) }
      await run.send(.saveButtonTapped)
      edited = try run.outcome(\.delegate.renamed, or: \.error)
    }
    let settingsRun = FeatureRun(ReviewSettingsFormReducer(), state: .init(bookCaseID: bookCase.id), storage: session.storage)
    await settingsRun.send([.task] + settingsChanges + (settingsChanges.isEmpty ? [] : [.saveButtonTapped]))
    let settings = try settingsChanges.isEmpty
      ? settingsRun.outcome(\.settingsLoaded, or: \.error) : settingsRun.outcome(\.delegate.saved, or: \.error)
    if json {
      Streams.out(JSONShapes.bookCase(edited, reviewSettings: settings))
      return
    }
    if edited.name != bookCase.name {
      Streams.out("Renamed bookcase \(edited.id) from “\(bookCase.name)” to “\(edited.name)”.\n")
    } else if description != nil {
      Streams.out("Updated bookcase \(edited.id) “\(edited.name)”.\n")
    }
    if !settingsChanges.isEmpty {
      Streams.out("Review settings of “\(edited.name)”: \(Listings.reviewSettings(settings)).\n")
    }
  }
}

/// `on` or `off`, as a flag's value.
enum Switch: String, ExpressibleByArgument, CaseIterable {
  case on, off
}
