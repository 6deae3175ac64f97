import FSRS
import Storage

extension StoredCard {
  /// The card as FSRS reviews it. Storage keeps step 0 outside learning and relearning, where FSRS has none.
  public var fsrs: Card {
    Card(
      state: state.fsrs, step: state.hasSteps ? step : nil, stability: stability, difficulty: difficulty, due: due,
      lastReview: lastReview, reps: reps, lapses: lapses)
  }

  /// The word's card as FSRS left it.
  public init(wordID: Word.ID, _ card: Card) {
    self.init(
      wordID: wordID, state: State(card.state), step: card.step ?? 0, stability: card.stability,
      difficulty: card.difficulty, due: card.due, lastReview: card.lastReview, reps: card.reps, lapses: card.lapses)
  }
}

extension StoredCard.State {
  var hasSteps: Bool { self == .learning || self == .relearning }

  var fsrs: CardState {
    switch self {
    case .new: .new
    case .learning: .learning
    case .review: .review
    case .relearning: .relearning
    }
  }

  init(_ state: CardState) {
    switch state {
    case .new: self = .new
    case .learning: self = .learning
    case .review: self = .review
    case .relearning: self = .relearning
    }
  }
}
