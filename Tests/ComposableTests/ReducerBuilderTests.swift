import Composable
import XCTest

/// The builder's control flow, and effects composed with `merge`/`concatenate`.
@MainActor
final class ReducerBuilderTests: XCTestCase {
  struct Log: Reducer {
    let tags: [String]
    let extra: String?
    let loud: Bool

    var body: some Reducer<[String], String> {
      CombineReducers {
        for tag in tags {
          Reduce { state, action in
            state.append("\(tag):\(action)")
            return .none
          }
        }
        if let extra {
          Reduce { state, _ in
            state.append(extra)
            return .none
          }
        }
        if loud {
          Reduce { state, action in
            state.append(action.uppercased())
            return .none
          }
        } else {
          EmptyReducer()
        }
      }
    }
  }

  func testLoopsOptionalsAndBranchesRunInOrder() async {
    let store = TestStore(initialState: [String]()) { Log(tags: ["a", "b"], extra: "x", loud: true) }
    await store.send("hi") { $0 = ["a:hi", "b:hi", "x", "HI"] }
  }

  func testAbsentBranchesDoNothing() async {
    let store = TestStore(initialState: [String]()) { Log(tags: [], extra: nil, loud: false) }
    await store.send("hi")
  }

  func testMergeWithAndConcatenateWith() async {
    let store = TestStore(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        switch action {
        case "go":
          return Effect.send("one").merge(with: .send("two")).concatenate(with: .send("three"))
        default:
          state.append(action)
          return .none
        }
      }
    }
    await store.send("go")
    await store.receive("one") { $0 = ["one"] }
    await store.receive("two") { $0 = ["one", "two"] }
    await store.receive("three") { $0 = ["one", "two", "three"] }
  }
}
