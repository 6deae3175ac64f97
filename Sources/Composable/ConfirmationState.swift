/// A question put to the person before something that cannot be undone, as a value: a title, an optional
/// message, and buttons that each carry the action they send (or none, for a button that only dismisses).
/// A feature keeps it in its presentation state, so a test asserts it like any state, and every front end
/// (the command line's `[y/N]` prompt, a full-screen one) renders the same value.
public struct ConfirmationState<Action> {
  public var title: String
  public var message: String?
  public var buttons: [ButtonState<Action>]

  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>]) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The button that goes ahead: the destructive one, else the first that is not a cancel button.
  public var confirmButton: ButtonState<Action>? {
    buttons.first { $0.role == .destructive } ?? buttons.first { $0.role != .cancel }
  }

  /// The button that backs out.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel }
  }
}

/// One button of a `ConfirmationState`.
public struct ButtonState<Action> {
  public enum Role: Equatable, Hashable, Sendable {
    /// Does what cannot be undone; a front end shows it as dangerous.
    case destructive
    /// Backs out; a front end picks it when the person answers anything but yes.
    case cancel
  }

  public var role: Role?
  public var label: String
  /// What pressing it sends to the feature; nil for a button that only dismisses.
  public var action: Action?

  public init(role: Role? = nil, _ label: String, action: Action? = nil) {
    self.role = role
    self.label = label
    self.action = action
  }

  public static func destructive(_ label: String, action: Action) -> Self {
    Self(role: .destructive, label, action: action)
  }

  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(role: .cancel, label, action: action)
  }
}

extension ConfirmationState: Equatable where Action: Equatable {}
extension ConfirmationState: Hashable where Action: Hashable {}
extension ConfirmationState: Sendable where Action: Sendable {}
extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// State that goes away by itself once the person acts on it: a presentation holding it (directly, or as the
/// payload of a destination enum's case) is dismissed by any of its actions.
protocol EphemeralState {}

extension ConfirmationState: EphemeralState {}

/// Whether `state` is, or is an enum case holding, ephemeral state.
func isEphemeral(_ state: Any) -> Bool {
  if state is any EphemeralState { return true }
  let mirror = Mirror(reflecting: state)
  guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else { return false }
  return payload is any EphemeralState
}
