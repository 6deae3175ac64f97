import Foundation
import Storage

/// The cards a session has still to show. Learning and relearning cards wait until they are due and then go
/// ahead of the rest; the others come in the order the session took them (reviews, then new cards).
public struct ReviewQueue: Equatable, Sendable {
  /// Earliest due first (then by word id).
  public private(set) var learning: [ReviewCard]
  public private(set) var upcoming: [ReviewCard]

  /// What is left to show, by kind: the header's counts.
  public struct Left: Equatable, Sendable {
    public var new = 0
    /// Learning and relearning cards.
    public var learning = 0
    public var review = 0

    public init(new: Int = 0, learning: Int = 0, review: Int = 0) {
      self.new = new
      self.learning = learning
      self.review = review
    }

    mutating func count(_ card: ReviewCard) {
      switch card.card.state {
      case .new: new += 1
      case .learning, .relearning: learning += 1
      case .review: review += 1
      }
    }
  }

  public init(learning: [ReviewCard] = [], upcoming: [ReviewCard] = []) {
    self.learning = learning.sorted(by: Self.dueFirst)
    self.upcoming = upcoming
  }

  public var isEmpty: Bool { learning.isEmpty && upcoming.isEmpty }

  /// When the earliest learning card falls due.
  public var nextLearningDue: Date? { learning.first?.card.due }

  public var left: Left {
    var left = Left()
    for card in learning + upcoming { left.count(card) }
    return left
  }

  /// The card to show at `now`: the earliest learning card already due, else the next of the others.
  mutating func takeNext(at now: Date) -> ReviewCard? {
    if let first = learning.first, first.card.due <= now { return learning.removeFirst() }
    return upcoming.isEmpty ? nil : upcoming.removeFirst()
  }

  /// Puts a card back to be shown again: a stepping card in due order, any other first in line.
  mutating func putBack(_ card: ReviewCard) {
    if card.isStepping {
      learning.insert(card, at: learning.firstIndex { Self.dueFirst(card, $0) } ?? learning.endIndex)
    } else {
      upcoming.insert(card, at: 0)
    }
  }

  mutating func remove(wordID: Word.ID) {
    learning.removeAll { $0.id == wordID }
    upcoming.removeAll { $0.id == wordID }
  }

  private static func dueFirst(_ a: ReviewCard, _ b: ReviewCard) -> Bool {
    (a.card.due, a.card.wordID) < (b.card.due, b.card.wordID)
  }
}
