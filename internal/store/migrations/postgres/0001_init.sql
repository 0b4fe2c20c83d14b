-- Tables, their seats, their logs and their leases.
CREATE TABLE tables (
	seq     bigint GENERATED ALWAYS AS IDENTITY UNIQUE, -- the order tables were created in
	id      text PRIMARY KEY,
	game    text NOT NULL,
	options bytea,
	seed    bigint NOT NULL, -- the uint64 seed's bits
	status  smallint NOT NULL CHECK (status BETWEEN 1 AND 4),
	outcome bytea,
	created timestamptz NOT NULL,
	updated timestamptz NOT NULL
);
CREATE INDEX tables_status ON tables (status);

CREATE TABLE seats (
	table_id   text NOT NULL REFERENCES tables (id),
	i          integer NOT NULL CHECK (i >= 0),
	kind       text NOT NULL,
	level      text NOT NULL,
	name       text NOT NULL,
	token_hash bytea,
	player     text NOT NULL,
	PRIMARY KEY (table_id, i)
);
CREATE INDEX seats_player ON seats (player) WHERE player <> '';

CREATE TABLE lines (
	table_id text NOT NULL REFERENCES tables (id),
	n        integer NOT NULL CHECK (n >= 0),
	line     bytea NOT NULL,
	PRIMARY KEY (table_id, n)
);

CREATE TABLE leases (
	table_id text PRIMARY KEY REFERENCES tables (id),
	owner    text NOT NULL,
	expires  timestamptz NOT NULL
);
