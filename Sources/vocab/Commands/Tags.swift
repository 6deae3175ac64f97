import ArgumentParser
import BookCaseFeature

struct Tags: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags",
    abstract: "List every tag with the number of words that have it."
  )

  @OptionGroup var global: GlobalOptions

  @Flag(help: "Print JSON instead of a table.")
  var json = false

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let list = await FeatureRun(TagListReducer(), state: .init(), storage: session.storage).send(.onAppear)
    if let error = list.error { throw Failure(error) }
    Streams.out(Listings.tags(list.tags, json: json, terminal: session.terminal))
  }
}
