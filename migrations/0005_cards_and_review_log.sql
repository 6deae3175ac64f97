-- Spaced repetition (FSRS): one card per word holding its scheduling state, and a log of every review.
-- Times are Unix epoch milliseconds; stability and difficulty are FSRS's, NULL until the first review.

CREATE TABLE cards (
  word_id     INTEGER PRIMARY KEY REFERENCES words (id) ON DELETE CASCADE,
  state       TEXT    NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'learning', 'review', 'relearning')),
  -- The learning or relearning step the card is at; 0 otherwise.
  step        INTEGER NOT NULL DEFAULT 0,
  stability   REAL,
  difficulty  REAL,
  due         INTEGER NOT NULL,
  last_review INTEGER,
  reps        INTEGER NOT NULL DEFAULT 0,
  lapses      INTEGER NOT NULL DEFAULT 0
);

-- Due cards in order; a bookcase's are its words' (words_by_bookcase) filtered by this.
CREATE INDEX cards_by_due ON cards (due, word_id);

-- Every existing word starts new, due when it was added.
INSERT INTO cards (word_id, due) SELECT id, created_at FROM words;

-- So does every word added later, in the INSERT's transaction.
CREATE TRIGGER words_get_a_card AFTER INSERT ON words
BEGIN
  INSERT INTO cards (word_id, due) VALUES (NEW.id, NEW.created_at);
END;

-- One row per review, with the card as it was before (so an undo restores it exactly) and after. Intervals
-- are whole days, as in Anki's revlog.
CREATE TABLE review_log (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  word_id            INTEGER NOT NULL REFERENCES words (id) ON DELETE CASCADE,
  reviewed_at        INTEGER NOT NULL,
  rating             INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
  state_before       TEXT    NOT NULL CHECK (state_before IN ('new', 'learning', 'review', 'relearning')),
  step_before        INTEGER NOT NULL,
  stability_before   REAL,
  difficulty_before  REAL,
  due_before         INTEGER NOT NULL,
  last_review_before INTEGER,
  reps_before        INTEGER NOT NULL,
  lapses_before      INTEGER NOT NULL,
  state_after        TEXT    NOT NULL CHECK (state_after IN ('new', 'learning', 'review', 'relearning')),
  step_after         INTEGER NOT NULL,
  stability_after    REAL,
  difficulty_after   REAL,
  due_after          INTEGER NOT NULL,
  interval_before    INTEGER NOT NULL,
  interval_after     INTEGER NOT NULL,
  duration_ms        INTEGER NOT NULL DEFAULT 0
);

-- A word's last review (undo) and its history; reviews per day.
CREATE INDEX review_log_by_word ON review_log (word_id, id);
CREATE INDEX review_log_by_time ON review_log (reviewed_at);
