-- Rooms: a table's host (the player id of the person who made it), the
-- rules' preset it was made from, whether it is listed in the lobby, and
-- its chat.
ALTER TABLE tables ADD COLUMN host text NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN preset text NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN lobby boolean NOT NULL DEFAULT false;

CREATE TABLE chat (
	table_id text NOT NULL REFERENCES tables (id),
	n        integer NOT NULL CHECK (n >= 0),
	at       timestamptz NOT NULL,
	seat     integer NOT NULL,
	name     text NOT NULL,
	text     text NOT NULL,
	PRIMARY KEY (table_id, n)
);
