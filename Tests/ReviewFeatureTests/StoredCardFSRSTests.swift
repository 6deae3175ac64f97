import FSRS
import Foundation
import Storage
import Testing

@testable import ReviewFeature

@Suite struct StoredCardFSRSTests {
  let due = Date(timeIntervalSince1970: 1_770_000_000)

  @Test(arguments: StoredCard.State.allCases)
  func aStoredCardRoundTripsThroughFSRS(_ state: StoredCard.State) {
    let stepped = state == .learning || state == .relearning
    let stored = StoredCard(
      wordID: 7, state: state, step: stepped ? 1 : 0, stability: state == .new ? nil : 3.17,
      difficulty: state == .new ? nil : 5.28, due: due, lastReview: state == .new ? nil : due.addingTimeInterval(-600),
      reps: 3, lapses: 1)
    let card = stored.fsrs
    #expect(card.state.rawValue == state.rawValue)
    #expect(card.step == (stepped ? 1 : nil))
    #expect(card.stability == stored.stability && card.difficulty == stored.difficulty)
    #expect(card.due == due && card.lastReview == stored.lastReview && card.reps == 3 && card.lapses == 1)
    #expect(StoredCard(wordID: 7, card) == stored)
  }

  @Test func settingsGiveASchedulerWithTheirRetentionAndFuzz() throws {
    let scheduler = try ReviewSettings(desiredRetention: 0.8, fuzz: false).scheduler()
    #expect(scheduler.desiredRetention == 0.8)
    #expect(!scheduler.enableFuzzing)
    #expect(scheduler.learningSteps == [60, 600] && scheduler.relearningSteps == [600])
    #expect(try ReviewSettings.default.scheduler().enableFuzzing)
    #expect(throws: SchedulerError.self) { try ReviewSettings(desiredRetention: 0.5).scheduler() }
  }

  @Test func gradingANewCardStoresWhatFSRSComputes() throws {
    let scheduler = try ReviewSettings(fuzz: false).scheduler()
    let card = StoredCard(wordID: 3, due: due)
    let now = due.addingTimeInterval(30)
    let draft = scheduler.grade(card, .good, at: now, random: 0.5, durationMilliseconds: 4200)
    let expected = scheduler.review(card: card.fsrs, rating: .good, at: now, random: 0.5).card
    #expect(draft.after == StoredCard(wordID: 3, expected))
    #expect(draft.after.state == .learning && draft.after.step == 1)
    #expect(draft.reviewedAt == now && draft.rating == 3 && draft.durationMilliseconds == 4200)
    #expect(draft.intervalBefore == 0 && draft.intervalAfter == 0)
  }

  @Test func gradingAReviewCardCountsWholeDaysBeforeAndAfter() throws {
    let scheduler = try ReviewSettings(fuzz: false).scheduler()
    let lastReview = due.addingTimeInterval(-3 * 86_400 - 3600)
    let card = StoredCard(
      wordID: 3, state: .review, stability: 3.17, difficulty: 5.28, due: due, lastReview: lastReview, reps: 3)
    let draft = scheduler.grade(card, .easy, at: due, random: 0.5)
    let expected = scheduler.review(card: card.fsrs, rating: .easy, at: due, random: 0.5).card
    #expect(draft.intervalBefore == 3)
    #expect(draft.intervalAfter == Int(expected.due.timeIntervalSince(due) / 86_400))
    #expect(draft.intervalAfter > 3)
  }
}
