/// Where a card is in FSRS's state machine. py-fsrs has no `new`: it starts a card in learning at step 0 with no
/// memory state, which is exactly how a `new` card is reviewed here; the separate case lets storage and the
/// daily new-card limit tell never-reviewed cards apart.
public enum CardState: String, CaseIterable, Sendable, Codable {
  case new
  case learning
  case review
  case relearning
}
