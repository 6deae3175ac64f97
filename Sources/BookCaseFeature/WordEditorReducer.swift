import Composable
import Storage

/// Adds a word to a bookcase or edits one (given whole, or by id and loaded first), saving as every
/// `DraftForm` does, and deletes it after the delete confirmation. A front end that changes only some fields
/// sends only those `…Changed` actions; the rest keep their values. The parent learns what happened from
/// `delegate(.added)`, `delegate(.updated)` and `delegate(.deleted)`.
public struct WordEditorReducer: Reducer, Sendable {
  public struct State: Equatable, Sendable, DraftForm {
    public enum Mode: Equatable, Sendable {
      case add(bookCaseID: BookCase.ID)
      case edit(wordID: Word.ID)
    }

    public var mode: Mode
    /// The stored word being edited: set when editing starts from a word, after `loadWord`, and after a save.
    public var word: Word?
    public var term: String
    public var reading: String = ""
    public var meaning: String
    public var example: String
    public var note: String
    /// As the person gave them; checked (one word each, one per folded key) when saved.
    public var tags: [String] = []
    /// What adding a term already in the bookcase (same folded term and reading) does.
    public var duplicates: DuplicatePolicy = .ignore
    public var isLoading = false
    public var isSaving = false
    public var destination: Destination.State?
    public var error: StorageError?

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
      self.reading = word.reading
      self.meaning = word.meaning
      self.example = word.example
      self.note = word.note
      self.tags = word.tags
    }

    /// An editor for the word `wordID`, empty until `loadWord` fills it.
    public init(wordID: Word.ID) {
      self.mode = .edit(wordID: wordID)
      self.term = ""
      self.meaning = ""
      self.example = ""
      self.note = ""
    }

    var draft: WordDraft {
      WordDraft(term: term, reading: reading, meaning: meaning, example: example, note: note, tags: tags)
    }
  }

  /// Whether adding a word looks for the same term in the bookcase first, and what it does on finding it.
  public enum DuplicatePolicy: Equatable, Sendable {
    /// Adds without looking.
    case ignore
    /// Adds, and says which word was already there (`delegate(.termAlreadyThere)`).
    case report
    /// Adds nothing, failing with `StorageError.termAlreadyInBookCase`.
    case refuse
  }

  @CasePathable
  public enum Action: Equatable, Sendable {
    case loadWord
    case wordLoaded(Word)
    case loadFailed(StorageError)
    case termChanged(String)
    case readingChanged(String)
    case meaningChanged(String)
    case exampleChanged(String)
    case noteChanged(String)
    /// Adds a tag unless the word has one with the same folded key.
    case tagAdded(String)
    /// Removes the tag with the same folded key, if the word has it.
    case tagRemoved(String)
    case saveButtonTapped
    /// Saved; when adding found the term already in the bookcase (and the policy let it add), that word too.
    case wordSaved(Word, alreadyThere: Word? = nil)
    case saveFailed(StorageError)
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case wordDeleted(Word)
    case deleteFailed(StorageError)
    case delegate(Delegate)

    @CasePathable
    public enum Delegate: Equatable, Sendable {
      case added(Word)
      /// The word just added has the term and reading of this one, added before.
      case termAlreadyThere(Word)
      case updated(Word)
      case deleted(Word)
    }
  }

  /// What the editor presents: only the delete confirmation.
  public struct Destination: Reducer, Sendable {
    @CasePathable @dynamicMemberLookup
    public enum State: Equatable, Sendable {
      case confirmDelete(ConfirmationState<DeleteConfirmation<Word>>)
    }

    @CasePathable
    public enum Action: Equatable, Sendable {
      case confirmDelete(DeleteConfirmation<Word>)
    }

    public var body: some ReducerOf<Self> {
      EmptyReducer()
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

      case let .readingChanged(reading):
        state.reading = reading
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

      case let .tagAdded(tag):
        let key = StorageRules.tagKey(tag)
        if !state.tags.contains(where: { StorageRules.tagKey($0) == key }) { state.tags.append(tag) }
        return .none

      case let .tagRemoved(tag):
        let key = StorageRules.tagKey(tag)
        state.tags.removeAll { StorageRules.tagKey($0) == key }
        return .none

      case .saveButtonTapped:
        let (mode, duplicates, storageClient) = (state.mode, state.duplicates, storageClient)
        return state.save(checkedBy: StorageRules.validated) { draft in
          switch mode {
          case let .add(bookCaseID):
            let alreadyThere =
              duplicates == .ignore
              ? nil : try await storageClient.findWords(bookCaseID: bookCaseID, term: draft.term, reading: draft.reading).first
            if duplicates == .refuse, let alreadyThere {
              throw StorageError.termAlreadyInBookCase(alreadyThere.term, wordID: alreadyThere.id)
            }
            return (try await storageClient.addWord(bookCaseID: bookCaseID, draft: draft), alreadyThere)
          case let .edit(wordID):
            return (try await storageClient.updateWord(id: wordID, draft: draft), nil)
          }
        } then: { .wordSaved($0, alreadyThere: $1) } failed: { .saveFailed($0) }

      case let .wordSaved(word, alreadyThere):
        let delegate: Action.Delegate = state.mode == .edit(wordID: word.id) ? .updated(word) : .added(word)
        state.isSaving = false
        // Saving again now updates this word instead of adding a second one.
        state.fill(from: word)
        return .merge([.send(.delegate(delegate))] + (alreadyThere.map { [.send(.delegate(.termAlreadyThere($0)))] } ?? []))

      case let .saveFailed(error):
        state.saveFailed(error)
        return .none

      case .deleteButtonTapped:
        // Only a stored word can be deleted, and the confirmation shows it.
        guard let word = state.word, state.destination == nil else { return .none }
        state.destination = .confirmDelete(.delete(word))
        return .none

      case let .destination(.presented(.confirmDelete(.deleteTapped(word)))):
        state.error = nil
        return .delete(word, from: storageClient, then: Action.wordDeleted, failed: Action.deleteFailed)

      case .destination:
        return .none

      case let .wordDeleted(word):
        return .send(.delegate(.deleted(word)))

      case let .deleteFailed(error):
        state.error = error
        return .none

      case .delegate:
        return .none
      }
    }
    .ifLet(\.destination, action: \.destination) {
      Destination()
    }
  }
}

extension WordEditorReducer.State {
  /// Shows the stored `word` in every field and edits it from now on.
  fileprivate mutating func fill(from word: Word) {
    mode = .edit(wordID: word.id)
    self.word = word
    term = word.term
    reading = word.reading
    meaning = word.meaning
    example = word.example
    note = word.note
    tags = word.tags
  }
}
