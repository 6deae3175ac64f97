-- What a review day asks for, counted without reading every card: the due cards of each state are a range of
-- this index, so a million new cards cost nothing when counting the learning and review cards due, and new cards
-- are counted only up to the day's limit.
CREATE INDEX cards_by_state_and_due ON cards (state, due);
