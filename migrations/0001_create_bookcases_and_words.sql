-- Bookcases (word books) and the words they hold.
-- Times are Unix epoch milliseconds. Text is stored NFC-normalised and trimmed by the storage client.
-- AUTOINCREMENT: an id is never reused, so a command naming a deleted bookcase by id cannot hit a newer one.

CREATE TABLE bookcases (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  name        TEXT    NOT NULL,
  -- The name folded for comparison (NFC, Unicode case folding): SQLite's NOCASE folds ASCII only.
  name_key    TEXT    NOT NULL,
  description TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);

-- Names are unique ignoring case; the index also orders the bookcase list.
CREATE UNIQUE INDEX bookcases_by_name_key ON bookcases (name_key);

CREATE TABLE words (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  bookcase_id INTEGER NOT NULL REFERENCES bookcases (id) ON DELETE CASCADE,
  term        TEXT    NOT NULL,
  meaning     TEXT    NOT NULL,
  example     TEXT    NOT NULL DEFAULT '',
  note        TEXT    NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
