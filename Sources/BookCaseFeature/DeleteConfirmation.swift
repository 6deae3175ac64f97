import Composable
import Storage

/// Something a person deletes only after confirming: a bookcase (with its words) or a word.
public protocol Deletable: Identifiable, Equatable, Sendable where ID: Sendable {
  /// How the confirmation names it: `bookcase “TOEFL” (id 1) and its 2 words`, `word 3 “猫”`.
  var deletionSubject: String { get }
  func delete(from storage: StorageClient) async throws
}

extension BookCase: Deletable {
  public var deletionSubject: String { "bookcase “\(name)” (id \(id)) and \(wordCountPhrase)" }

  /// What goes with the bookcase: `its 1 word`, `its 2 words`.
  public var wordCountPhrase: String { wordCount == 1 ? "its 1 word" : "its \(wordCount) words" }

  public func delete(from storage: StorageClient) async throws {
    try await storage.deleteBookCase(id: id)
  }
}

extension Word: Deletable {
  public var deletionSubject: String { "word \(id) “\(term)”" }

  public func delete(from storage: StorageClient) async throws {
    try await storage.deleteWord(id: id)
  }
}

/// What the delete confirmation sends when the person goes ahead: the item as the confirmation showed it.
/// Backing out sends nothing; the presentation's `.dismiss` ends it.
public enum DeleteConfirmation<Item: Deletable>: Equatable, Sendable {
  case deleteTapped(Item)
}

extension ConfirmationState {
  /// `Delete <subject>?`, with a destructive Delete button and a Cancel button that only dismisses.
  public static func delete<Item>(_ item: Item) -> Self where Action == DeleteConfirmation<Item> {
    ConfirmationState(
      title: "Delete \(item.deletionSubject)?",
      buttons: [.destructive("Delete", action: .deleteTapped(item)), .cancel("Cancel")]
    )
  }

  /// The item this confirmation deletes.
  public func item<Item>() -> Item? where Action == DeleteConfirmation<Item> {
    guard case let .deleteTapped(item)? = confirmButton?.action else { return nil }
    return item
  }

  /// The same confirmation for the item as a load found it (renamed, or with another word count, which the
  /// question states), or nil when the load found it gone.
  func following<Item>(_ items: IdentifiedArrayOf<Item>) -> Self? where Action == DeleteConfirmation<Item> {
    item().flatMap { items[id: $0.id] }.map(Self.delete)
  }
}

extension Effect where Action: Sendable {
  /// Deletes `item`, then sends `deleted(item)`, or `failed` with what storage reported.
  static func delete<Item: Deletable>(
    _ item: Item, from storage: StorageClient,
    then deleted: @escaping @Sendable (Item) -> Action, failed: @escaping @Sendable (StorageError) -> Action
  ) -> Self {
    .storage({
      try await item.delete(from: storage)
      return item
    }, then: deleted, failed: failed)
  }
}
