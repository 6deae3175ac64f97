/// How well a card was recalled, as the four answer buttons say it. The raw values are py-fsrs's and Anki's
/// `ease` (1–4), which the formulas use as numbers.
public enum Rating: Int, CaseIterable, Sendable, Codable {
  case again = 1
  case hard = 2
  case good = 3
  case easy = 4
}
