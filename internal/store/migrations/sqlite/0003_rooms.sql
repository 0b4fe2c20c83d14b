-- Rooms: a table's host (the player id of the person who made it), the
-- rules' preset it was made from, whether it is listed in the lobby, and
-- its chat. Times are microseconds since
-- 1970-01-01 UTC.
ALTER TABLE tables ADD COLUMN host TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN preset TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN lobby INTEGER NOT NULL DEFAULT 0 CHECK (lobby IN (0, 1));

CREATE TABLE chat (
	table_id TEXT NOT NULL REFERENCES tables (id),
	n        INTEGER NOT NULL CHECK (n >= 0),
	at       INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	name     TEXT NOT NULL,
	text     TEXT NOT NULL,
	PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
