-- Tables, their seats, their logs and their leases. Times are microseconds
-- since 1970-01-01 UTC.
CREATE TABLE tables (
	seq     INTEGER PRIMARY KEY, -- the order tables were created in
	id      TEXT NOT NULL UNIQUE,
	game    TEXT NOT NULL,
	options BLOB,
	seed    INTEGER NOT NULL, -- the uint64 seed's bits
	status  INTEGER NOT NULL CHECK (status BETWEEN 1 AND 4),
	outcome BLOB,
	created INTEGER NOT NULL,
	updated INTEGER NOT NULL
);
CREATE INDEX tables_status ON tables (status);

CREATE TABLE seats (
	table_id   TEXT NOT NULL REFERENCES tables (id),
	i          INTEGER NOT NULL CHECK (i >= 0),
	kind       TEXT NOT NULL,
	level      TEXT NOT NULL,
	name       TEXT NOT NULL,
	token_hash BLOB,
	player     TEXT NOT NULL,
	PRIMARY KEY (table_id, i)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats (player) WHERE player <> '';

CREATE TABLE lines (
	table_id TEXT NOT NULL REFERENCES tables (id),
	n        INTEGER NOT NULL CHECK (n >= 0),
	line     BLOB NOT NULL,
	PRIMARY KEY (table_id, n)
);

CREATE TABLE leases (
	table_id TEXT PRIMARY KEY REFERENCES tables (id),
	owner    TEXT NOT NULL,
	expires  INTEGER NOT NULL
) WITHOUT ROWID;
