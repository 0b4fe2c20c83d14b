-- Each person's result at each table that is over: the players' statistics
-- (games played, won, levels gained) are sums over it.
CREATE TABLE results (
	table_id text NOT NULL REFERENCES tables (id),
	seat     integer NOT NULL CHECK (seat >= 0),
	player   text NOT NULL CHECK (player <> ''),
	game     text NOT NULL,
	won      boolean NOT NULL,
	levels   integer NOT NULL,
	PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_player ON results (player, game);
