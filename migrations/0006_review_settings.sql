-- Each bookcase's review settings: the retention FSRS aims for, the daily limits, and whether intervals are
-- fuzzed. Existing bookcases get the defaults.

ALTER TABLE bookcases ADD COLUMN desired_retention REAL NOT NULL DEFAULT 0.9
  CHECK (desired_retention BETWEEN 0.7 AND 0.99);
ALTER TABLE bookcases ADD COLUMN new_cards_per_day INTEGER NOT NULL DEFAULT 20
  CHECK (new_cards_per_day BETWEEN 0 AND 10000);
ALTER TABLE bookcases ADD COLUMN max_reviews_per_day INTEGER NOT NULL DEFAULT 200
  CHECK (max_reviews_per_day BETWEEN 0 AND 100000);
ALTER TABLE bookcases ADD COLUMN fuzz INTEGER NOT NULL DEFAULT 1 CHECK (fuzz IN (0, 1));
