import ArgumentParser
import FSRS
import Foundation
import ReviewFeature
import Storage

struct Grade: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grade",
    abstract: "Record a review of one word done elsewhere, or take its last grade back.",
    discussion: """
      The card is scheduled by FSRS with the bookcase's review settings at the current time (VOCAB_NOW sets
      it), whether or not it was due. --undo puts the card back exactly as its last grade found it.
      """
  )

  @OptionGroup var global: GlobalOptions

  @Argument(help: "The word's id (shown by `vocab list BOOKCASE`).", transform: WordIDArgument.parse)
  var wordID: Int64

  @Argument(help: "How well it was recalled: again, hard, good or easy.")
  var rating: RatingArgument?

  @Flag(help: "Take back the word's last grade instead.")
  var undo = false

  @Flag(help: "Print the card as JSON.")
  var json = false

  func validate() throws {
    if undo, rating != nil { throw ValidationError("Give a rating or --undo, not both.") }
    if !undo, rating == nil { throw ValidationError("Missing the rating: again, hard, good or easy (or --undo).") }
  }

  @MainActor
  func run() async throws {
    let session = try Session.open(global)
    let run = FeatureRun(GradeReducer(), state: .init(wordID: wordID), storage: session.storage)
    if let rating {
      await run.send(.gradeTapped(rating.rating))
      let (word, review) = try run.outcome(\.delegate.graded, or: \.error)
      Streams.out(
        json
          ? JSONShapes.graded(review)
          : "Graded word \(word.id) “\(word.term)” \(rating.rawValue): \(Listings.card(review.after)).\n")
    } else {
      await run.send(.undoTapped)
      let (word, card) = try run.outcome(\.delegate.undone, or: \.error)
      Streams.out(
        json ? JSONShapes.card(card) : "Took back the last grade of word \(word.id) “\(word.term)”: \(Listings.card(card)).\n")
    }
  }
}

/// A rating as the command line spells it.
enum RatingArgument: String, ExpressibleByArgument, CaseIterable {
  case again, hard, good, easy

  var rating: Rating {
    switch self {
    case .again: .again
    case .hard: .hard
    case .good: .good
    case .easy: .easy
    }
  }
}
