import Composable

extension AppReducer {
  /// The screens that can be pushed on the stack.
  public struct Path: Reducer, Sendable {
    @CasePathable
    public enum State: Equatable, Sendable {
      case detail(BookCaseDetailReducer.State)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case detail(BookCaseDetailReducer.Action)
    }

    public init() {}

    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) {
        BookCaseDetailReducer()
      }
    }
  }
}
