-- What a learner keeps beside a word: its reading (furigana, pinyin, romanisation), tags (part of speech,
-- lesson, source, `jlpt::n3`), and a stable identity that survives export and re-import (Anki's note guid).

-- Same rules as `example`: optional, multi-line allowed, stored NFC and trimmed by the storage client.
ALTER TABLE words ADD COLUMN reading TEXT NOT NULL DEFAULT '';

-- The term folded for comparison (the bookcase-name folding), computed by the storage client on every write:
-- finds a term already in a bookcase, and orders `list --sort term`.
ALTER TABLE words ADD COLUMN term_key TEXT NOT NULL DEFAULT '';

-- A random UUID, lower-case. The client gives every new word one; existing words get theirs here.
ALTER TABLE words ADD COLUMN guid TEXT NOT NULL DEFAULT '';

UPDATE words SET guid =
  lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
  || '-' || substr('89ab', 1 + abs(random() % 4), 1) || substr(lower(hex(randomblob(2))), 2)
  || '-' || lower(hex(randomblob(6)));

CREATE UNIQUE INDEX words_by_guid ON words (guid);
CREATE INDEX words_by_bookcase_and_term_key ON words (bookcase_id, term_key);

-- A tag exists while a word has it: shown as first written, compared by its folded key, its word count kept
-- by triggers as a bookcase's is.
CREATE TABLE tags (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT    NOT NULL,
  key        TEXT    NOT NULL UNIQUE,
  word_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE word_tags (
  word_id INTEGER NOT NULL REFERENCES words (id) ON DELETE CASCADE,
  tag_id  INTEGER NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (word_id, tag_id)
) WITHOUT ROWID;

CREATE INDEX word_tags_by_tag ON word_tags (tag_id);

CREATE TRIGGER tags_counted_on_insert AFTER INSERT ON word_tags
BEGIN
  UPDATE tags SET word_count = word_count + 1 WHERE id = NEW.tag_id;
END;

-- Deleting the last word with a tag forgets the tag (also when the word goes with its bookcase).
CREATE TRIGGER tags_counted_on_delete AFTER DELETE ON word_tags
BEGIN
  UPDATE tags SET word_count = word_count - 1 WHERE id = OLD.tag_id;
  DELETE FROM tags WHERE id = OLD.tag_id AND word_count = 0;
END;
