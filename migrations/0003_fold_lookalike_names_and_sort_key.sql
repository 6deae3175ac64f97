-- Bookcase names that look alike are one name, and the list ignores diacritics: "JLPT N3" with a no-break,
-- ideographic or doubled space, in full-width letters or with a zero-width space is "JLPT N3", and "ángel"
-- sorts with "angel". The keys are folded the way Swift folds them (NFKC, case, white space, invisible
-- characters, diacritics), which SQL cannot do: this migration's data step
-- (Sources/Storage/Migrations/MigrationDataStep+NameKeys.swift) re-keys every bookcase in the same transaction and
-- fills sort_key. Where two existing names become one, the newer bookcase is renamed "NAME (2)".

ALTER TABLE bookcases ADD COLUMN sort_key TEXT NOT NULL DEFAULT '';

-- The bookcase list reads in this order (then by id, the rowid every index ends with), so it needs no sort.
CREATE INDEX bookcases_in_list_order ON bookcases (sort_key, name);
