package server

import (
	"context"
	"time"

	"felt/internal/store"
)

// What the server's parts need of a table, one interface per role. A room
// (room.go, whatever its game) plays every role: it is a roomer. A table
// another process runs is, to a connection relayed to it, only a
// connTable (remoteRoom, cluster.go).

// connTable is the table a connection is attached to, as the connection's
// read loop uses it.
type connTable interface {
	// handle answers a message of the connection's client.
	handle(c *conn, m clientMsg)
	// detach removes the connection once it closed.
	detach(c *conn)
}

// seating is what a hello and a join need of a table: which seat a token
// opens, the seat given to its player, a connection attached.
type seating interface {
	// seatOf finds the seat whose token this is.
	seatOf(token string) (int, bool)
	// bind gives seat i to player (named name) if it is open or already
	// the player's; it starts the table once no seat is open.
	bind(ctx context.Context, i int, player, name string) error
	// attach adds a connection (its seat set, -1 for a spectator) and
	// sends it where the table stands.
	attach(c *conn) error
	// loadChat reads the table's recent chat from the store, once.
	loadChat(ctx context.Context) error
}

// apiTable is what the HTTP API needs of a table (api.go): its seats, its
// summary, its replay, what it counts against the limits, its start once
// created with no open seat.
type apiTable interface {
	seating
	summary() Summary
	// replay is the table's log as a seat (or, -1, a spectator) may see it.
	replay(ctx context.Context, seat int) (any, error)
	// account is what the table counts against the limits.
	account() *acct
	// start begins the game: its log's header, its run.
	start() error
	// sit gives a free seat of a waiting table to player (the table's
	// link): the seat and its new token.
	sit(ctx context.Context, want int, player, name string) (int, string, error)
	// lobbyEntry is the table as the lobby lists it, if it is listed.
	lobbyEntry() (LobbyTable, bool)
	// allowUndo lets the person take moves back (before start).
	allowUndo()
}

// recoverable is what recovery needs of a stored table's room
// (recover.go): started, resumed from its log, or only read (a table that
// ended).
type recoverable interface {
	start() error
	// resume recovers the table from its stored log and runs it on,
	// unless it is read-only.
	resume(ctx context.Context, lines [][]byte) error
	// setReadOnly makes the room one that runs nothing and writes nothing.
	setReadOnly()
}

// janitorTable is what the limits and the janitor need of a table
// (limits.go): its account, whether it is idle or ended, its
// abandonment.
type janitorTable interface {
	account() *acct
	// idle reports whether nobody touched the table for d: no connection
	// open, and none opened, closed or sending since.
	idle(now time.Time, d time.Duration) bool
	// ended reports whether the table's game ended here: over, failed or
	// abandoned (a waiting table has not).
	ended() bool
	// status says where the table stands.
	status() store.Status
	// abandoned records that the server abandoned the table, and why.
	abandoned(why string)
	// stop ends the table's run (a graceful shutdown: the table is
	// abandoned in its log and recovered at the next start) and waits.
	stop()
}

// clusterTable is what the cluster needs of a table run here (cluster.go):
// where it stands, and, when it moves to another process, its connections
// closed and its run stopped.
type clusterTable interface {
	status() store.Status
	// dropConns closes every connection of the table, with reason.
	dropConns(reason string)
	stop()
}

// meteredTable is what the metrics need of a table (metrics.go).
type meteredTable interface {
	// gameStatus says the table's game and status.
	gameStatus() (string, store.Status)
}

// roomer is a table run (or, once it ended, read) by this process,
// whatever its game: every role.
type roomer interface {
	connTable
	apiTable
	recoverable
	janitorTable
	clusterTable
	meteredTable
}

// Every implementation, checked by the compiler: a room of any game (its
// methods do not depend on the game's types) and a relayed table.
var (
	_ roomer    = (*room[struct{}, struct{}, struct{}])(nil)
	_ connTable = (*remoteRoom)(nil)
)
