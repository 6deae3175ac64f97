import Storage

/// A card in a review session with the word it asks about.
public struct ReviewCard: Equatable, Sendable, Identifiable {
  public var card: StoredCard
  public var word: Word

  public var id: Word.ID { word.id }

  public init(card: StoredCard, word: Word) {
    self.card = card
    self.word = word
  }

  /// Whether the card is on a learning or relearning step, due again within minutes.
  var isStepping: Bool { card.state.hasSteps }
}
