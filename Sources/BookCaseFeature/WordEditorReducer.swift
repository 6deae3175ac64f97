import Composable
import Storage

/// Adds a word to a bookcase or edits one (given whole, or by id and loaded first), and deletes it after a
/// confirmation that shows the word. Fields are checked with Storage's rules before any storage call; a
/// front end that changes only some fields sends only those `…Changed` actions, the rest keep their values.
public struct WordEditorReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
      case add(bookCaseID: BookCase.ID)
      case edit(wordID: Word.ID)
    }

    public var mode: Mode
    /// The stored word being edited: set when editing starts from a word, after `loadWord`, and after a save.
    public var word: Word?
    public var term: String
    public var meaning: String
    public var example: String
    public var note: String
    public var isLoading = false
    public var isSaving = false
    /// The word waiting for the person to confirm its deletion.
    public var wordToDelete: Word?
    public var error: StorageError?
    /// The word as storage returned it after the last successful save.
    public var savedWord: Word?
    /// The word the last confirmed deletion removed.
    public var deletedWord: Word?

    /// An empty editor that adds a word to the bookcase `bookCaseID`.
    public init(addingTo bookCaseID: BookCase.ID) {
      self.mode = .add(bookCaseID: bookCaseID)
      self.term = ""
      self.meaning = ""
      self.example = ""
      self.note = ""
    }

    /// An editor filled with `word`'s fields.
    public init(editing word: Word) {
      self.mode = .edit(wordID: word.id)
      self.word = word
      self.term = word.term
      self.meaning = word.meaning
      self.example = word.example
      self.note = word.note
    }

    /// An editor for the word `wordID`, empty until `loadWord` fills it.
    public init(wordID: Word.ID) {
      self.mode = .edit(wordID: wordID)
      self.term = ""
      self.meaning = ""
      self.example = ""
      self.note = ""
    }

    var draft: WordDraft { WordDraft(term: term, meaning: meaning, example: example, note: note) }
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case loadWord
    case wordLoaded(Word)
    case loadFailed(StorageError)
    case termChanged(String)
    case meaningChanged(String)
    case exampleChanged(String)
    case noteChanged(String)
    case saveButtonTapped
    case wordSaved(Word)
    case saveFailed(StorageError)
    case deleteButtonTapped
    case deleteConfirmed
    case deleteCancelled
    case wordDeleted(Word)
    case deleteFailed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case added(Word)
      case updated(Word)
      case deleted(Word)
    }
  }

  @Dependency(\.storageClient) var storageClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadWord:
        guard case let .edit(wordID) = state.mode else { return .none }
        state.isLoading = true
        state.error = nil
        return .run { send in
          await send(.wordLoaded(try await storageClient.fetchWord(id: wordID)))
        } catch: { error, send in
          await send(.loadFailed(StorageError(error)))
        }

      case let .wordLoaded(word):
        state.isLoading = false
        state.fill(from: word)
        return .none

      case let .loadFailed(error):
        state.isLoading = false
        state.error = error
        return .none

      case let .termChanged(term):
        state.term = term
        return .none

      case let .meaningChanged(meaning):
        state.meaning = meaning
        return .none

      case let .exampleChanged(example):
        state.example = example
        return .none

      case let .noteChanged(note):
        state.note = note
        return .none

      case .saveButtonTapped:
        guard !state.isSaving else { return .none }
        let draft: WordDraft
        do throws(StorageError) {
          draft = try StorageRules.validated(state.draft)
        } catch {
          state.error = error
          return .none
        }
        state.isSaving = true
        state.error = nil
        return .run { [mode = state.mode] send in
          switch mode {
          case let .add(bookCaseID):
            await send(.wordSaved(try await storageClient.addWord(bookCaseID: bookCaseID, draft: draft)))
          case let .edit(wordID):
            await send(.wordSaved(try await storageClient.updateWord(id: wordID, draft: draft)))
          }
        } catch: { error, send in
          await send(.saveFailed(StorageError(error)))
        }

      case let .wordSaved(word):
        let delegate: Action.Delegate = state.mode == .edit(wordID: word.id) ? .updated(word) : .added(word)
        state.isSaving = false
        state.savedWord = word
        // Saving again now updates this word instead of adding a second one.
        state.fill(from: word)
        return .send(.delegate(delegate))

      case let .saveFailed(error):
        state.isSaving = false
        state.error = error
        return .none

      case .deleteButtonTapped:
        // Only a stored word can be deleted, and the confirmation shows it.
        guard let word = state.word else { return .none }
        state.wordToDelete = word
        return .none

      case .deleteConfirmed:
        guard let word = state.wordToDelete else { return .none }
        // Answered: a second confirmation must not start a second deletion.
        state.wordToDelete = nil
        state.error = nil
        return .run { send in
          try await storageClient.deleteWord(id: word.id)
          await send(.wordDeleted(word))
        } catch: { error, send in
          await send(.deleteFailed(StorageError(error)))
        }

      case .deleteCancelled:
        state.wordToDelete = nil
        return .none

      case let .wordDeleted(word):
        state.deletedWord = word
        return .send(.delegate(.deleted(word)))

      case let .deleteFailed(error):
        state.error = error
        return .none

      case .delegate:
        return .none
      }
    }
  }
}

extension WordEditorReducer.State {
  /// Shows the stored `word` in every field and edits it from now on.
  fileprivate mutating func fill(from word: Word) {
    mode = .edit(wordID: word.id)
    self.word = word
    term = word.term
    meaning = word.meaning
    example = word.example
    note = word.note
  }
}
