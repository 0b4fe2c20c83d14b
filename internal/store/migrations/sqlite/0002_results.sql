-- Each person's result at each table that is over: the players' statistics
-- (games played, won, levels gained) are sums over it.
CREATE TABLE results (
	table_id TEXT NOT NULL REFERENCES tables (id),
	seat     INTEGER NOT NULL CHECK (seat >= 0),
	player   TEXT NOT NULL CHECK (player <> ''),
	game     TEXT NOT NULL,
	won      INTEGER NOT NULL CHECK (won IN (0, 1)),
	levels   INTEGER NOT NULL,
	PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX results_player ON results (player, game);
