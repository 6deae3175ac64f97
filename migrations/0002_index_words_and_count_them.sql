-- Listing bookcases counted every word of every bookcase, and listing one bookcase's words scanned the
-- whole words table. An index finds a bookcase's words (and serves the cascade delete), and a count
-- kept up to date by triggers makes the bookcase list independent of the number of words.

CREATE INDEX words_by_bookcase ON words (bookcase_id);

ALTER TABLE bookcases ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0;

UPDATE bookcases
SET word_count = (SELECT count(*) FROM words WHERE words.bookcase_id = bookcases.id);

CREATE TRIGGER words_counted_on_insert AFTER INSERT ON words
BEGIN
  UPDATE bookcases SET word_count = word_count + 1 WHERE id = NEW.bookcase_id;
END;

CREATE TRIGGER words_counted_on_delete AFTER DELETE ON words
BEGIN
  UPDATE bookcases SET word_count = word_count - 1 WHERE id = OLD.bookcase_id;
END;

CREATE TRIGGER words_counted_on_move AFTER UPDATE OF bookcase_id ON words
WHEN OLD.bookcase_id IS NOT NEW.bookcase_id
BEGIN
  UPDATE bookcases SET word_count = word_count - 1 WHERE id = OLD.bookcase_id;
  UPDATE bookcases SET word_count = word_count + 1 WHERE id = NEW.bookcase_id;
END;
