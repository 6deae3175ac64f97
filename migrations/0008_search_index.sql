-- Search: every word's searchable fields folded by `SearchKey.fold` (NFKC, case, diacritics, width, katakana
-- as hiragana) and keyed by `SearchKey.initials` (Hangul initial consonants), one row per word. SQL cannot fold
-- text the way Swift does, so vocab writes the row in the same transaction as the word (and this migration's
-- data step, Sources/Storage/Migrations/MigrationDataStep+SearchIndex.swift, writes it for existing words).
-- A query matches a field when its folded key is a substring of the field's.
CREATE TABLE word_search (
  word_id          INTEGER PRIMARY KEY REFERENCES words (id) ON DELETE CASCADE,
  term             TEXT NOT NULL,
  reading          TEXT NOT NULL,
  meaning          TEXT NOT NULL,
  example          TEXT NOT NULL,
  note             TEXT NOT NULL,
  term_initials    TEXT NOT NULL,
  reading_initials TEXT NOT NULL,
  meaning_initials TEXT NOT NULL,
  example_initials TEXT NOT NULL,
  note_initials    TEXT NOT NULL
);

-- Substrings of three or more characters are looked up in a trigram index over those keys; shorter ones are
-- found by scanning `word_search`, which holds nothing but the keys. The keys are folded already, so the
-- tokenizer folds nothing more (`case_sensitive 1`). External content: the text is kept once, in `word_search`.
CREATE VIRTUAL TABLE word_search_trigrams USING fts5 (
  term, reading, meaning, example, note,
  term_initials, reading_initials, meaning_initials, example_initials, note_initials,
  content = 'word_search', content_rowid = 'word_id', tokenize = 'trigram case_sensitive 1'
);

-- The trigram index follows `word_search` in the same transaction, also when a word goes with its bookcase.
CREATE TRIGGER word_search_indexed_on_insert AFTER INSERT ON word_search
BEGIN
  INSERT INTO word_search_trigrams (rowid, term, reading, meaning, example, note,
    term_initials, reading_initials, meaning_initials, example_initials, note_initials)
  VALUES (NEW.word_id, NEW.term, NEW.reading, NEW.meaning, NEW.example, NEW.note,
    NEW.term_initials, NEW.reading_initials, NEW.meaning_initials, NEW.example_initials, NEW.note_initials);
END;

CREATE TRIGGER word_search_indexed_on_delete AFTER DELETE ON word_search
BEGIN
  INSERT INTO word_search_trigrams (word_search_trigrams, rowid, term, reading, meaning, example, note,
    term_initials, reading_initials, meaning_initials, example_initials, note_initials)
  VALUES ('delete', OLD.word_id, OLD.term, OLD.reading, OLD.meaning, OLD.example, OLD.note,
    OLD.term_initials, OLD.reading_initials, OLD.meaning_initials, OLD.example_initials, OLD.note_initials);
END;

CREATE TRIGGER word_search_indexed_on_update AFTER UPDATE ON word_search
BEGIN
  INSERT INTO word_search_trigrams (word_search_trigrams, rowid, term, reading, meaning, example, note,
    term_initials, reading_initials, meaning_initials, example_initials, note_initials)
  VALUES ('delete', OLD.word_id, OLD.term, OLD.reading, OLD.meaning, OLD.example, OLD.note,
    OLD.term_initials, OLD.reading_initials, OLD.meaning_initials, OLD.example_initials, OLD.note_initials);
  INSERT INTO word_search_trigrams (rowid, term, reading, meaning, example, note,
    term_initials, reading_initials, meaning_initials, example_initials, note_initials)
  VALUES (NEW.word_id, NEW.term, NEW.reading, NEW.meaning, NEW.example, NEW.note,
    NEW.term_initials, NEW.reading_initials, NEW.meaning_initials, NEW.example_initials, NEW.note_initials);
END;
