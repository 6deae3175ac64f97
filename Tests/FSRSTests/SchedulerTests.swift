import FSRS
import Foundation
import Testing

/// The state machine and intervals of the default scheduler; the expected values are what py-fsrs 6.3.2 gives
/// for the same reviews.
@Suite struct SchedulerTests {
  let start = Date(timeIntervalSince1970: 1_772_352_000)  // 2026-03-01T08:00:00Z
  let scheduler = try! Scheduler(enableFuzzing: false)

  @Test(arguments: [
    (.again, .learning, 0, 0.212, 6.4133, 60.0),
    (.hard, .learning, 0, 1.2931, 5.112170705601056, 330),
    (.good, .learning, 1, 2.3065, 2.118103970459016, 600),
    (.easy, .review, nil, 8.2956, 1, 8 * 86_400),
  ] as [(Rating, CardState, Int?, Double, Double, TimeInterval)])
  func firstReviewOfANewCard(
    rating: Rating, state: CardState, step: Int?, stability: Double, difficulty: Double, interval: TimeInterval
  ) {
    let (card, log) = scheduler.review(card: .new(due: start), rating: rating, at: start, random: 0)
    #expect(
      card
        == Card(
          state: state, step: step, stability: stability, difficulty: difficulty,
          due: start.addingTimeInterval(interval), lastReview: start, reps: 1, lapses: 0))
    #expect(log == ReviewLog(rating: rating, reviewedAt: start, before: .new(due: start), after: card))
  }

  @Test func goodThroughTheLearningStepsGraduatesThenGrows() {
    var card = Card.new(due: start)
    var days: [Double] = []
    for offset: TimeInterval in [0, 600, 600 + 3 * 86_400] {
      let now = start.addingTimeInterval(offset)
      card = scheduler.review(card: card, rating: .good, at: now, random: 0).card
      days.append(card.due.timeIntervalSince(now) / 86_400)
    }
    #expect(days == [600.0 / 86_400, 2, 14])
    #expect(card.state == .review)
    #expect(card.stability == 13.835840133660218)
    #expect(card.difficulty == 2.1043313908464483)
  }

  @Test func againInReviewRelearnsAndCountsALapse() {
    let learnt = scheduler.review(card: .new(due: start), rating: .easy, at: start, random: 0).card
    let now = start.addingTimeInterval(9 * 86_400)
    let forgotten = scheduler.review(card: learnt, rating: .again, at: now, random: 0).card
    #expect(forgotten.state == .relearning)
    #expect(forgotten.step == 0)
    #expect(forgotten.due == now.addingTimeInterval(600))
    #expect(forgotten.reps == 2)
    #expect(forgotten.lapses == 1)
    // Again while relearning is not another lapse; Good on the only relearning step returns to review.
    let again = scheduler.review(card: forgotten, rating: .again, at: now.addingTimeInterval(600), random: 0).card
    #expect(again.lapses == 1)
    let relearnt = scheduler.review(card: again, rating: .good, at: now.addingTimeInterval(1_200), random: 0).card
    #expect(relearnt.state == .review)
    #expect(relearnt.step == nil)
    #expect(relearnt.reps == 4)
  }

  @Test func aNewCardIsReviewedAsLearningAtTheFirstStep() {
    let new = Card.new(due: start)
    var learning = new
    learning.state = .learning
    learning.step = 0
    for rating in Rating.allCases {
      #expect(
        scheduler.review(card: new, rating: rating, at: start, random: 0).card
          == scheduler.review(card: learning, rating: rating, at: start, random: 0).card)
    }
  }

  @Test func previewGivesWhatEachReviewWouldSchedule() throws {
    let fuzzed = try Scheduler()
    #expect(
      fuzzed.preview(card: .new(due: start), at: start, random: 0.5)
        == [.again: 60, .hard: 330, .good: 600, .easy: 8 * 86_400])
    var card = Card.new(due: start)
    for (offset, rating) in [(0.0, Rating.easy), (9 * 86_400, .good), (40 * 86_400, .hard)] {
      let now = start.addingTimeInterval(offset)
      let preview = fuzzed.preview(card: card, at: now, random: 0.37)
      for choice in Rating.allCases {
        let due = fuzzed.review(card: card, rating: choice, at: now, random: 0.37).card.due
        #expect(preview[choice] == due.timeIntervalSince(now))
      }
      card = fuzzed.review(card: card, rating: rating, at: now, random: 0.37).card
    }
  }

  @Test func retrievabilityFallsOverWholeDays() {
    let card = scheduler.review(card: .new(due: start), rating: .easy, at: start, random: 0).card
    #expect(scheduler.retrievability(of: .new(due: start), at: start) == 0)
    #expect(scheduler.retrievability(of: card, at: start) == 1)
    // Less than a whole day counts as none, as in py-fsrs.
    #expect(scheduler.retrievability(of: card, at: start.addingTimeInterval(86_399)) == 1)
    #expect(scheduler.retrievability(of: card, at: start.addingTimeInterval(-86_400)) == 1)
    let oneDay = scheduler.retrievability(of: card, at: start.addingTimeInterval(86_400))
    let tenDays = scheduler.retrievability(of: card, at: start.addingTimeInterval(10 * 86_400))
    #expect(1 > oneDay && oneDay > tenDays && tenDays > 0)
  }
}
