package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Errors of the store.
var (
	// ErrNotFound is a table the store does not hold.
	ErrNotFound = errors.New("store: no such table")
	// ErrConflict is a log line whose number is already taken, or not the
	// next one: another process wrote the table's log.
	ErrConflict = errors.New("store: log line already written")
	// ErrExists is a table id already taken.
	ErrExists = errors.New("store: table id already taken")
	// ErrClosed is a store used after Close.
	ErrClosed = errors.New("store: closed")
)

// MaxLine is the most bytes a log line may hold.
const MaxLine = 1 << 20

// Status is where a table stands.
type Status uint8

// The statuses of a table.
const (
	NoStatus  Status = iota // not said
	Waiting                 // waiting for people to take open seats
	Playing                 // being played
	Over                    // the game is over
	Abandoned               // the table was abandoned
)

// Seat is one seat of a table as the store keeps it.
type Seat struct {
	// Kind is "person" or "computer".
	Kind string `json:"kind"`
	// Level is a computer seat's level, or the level that stands in for
	// a person who is away.
	Level string `json:"level"`
	// Name is the seat's name as shown at the table.
	Name string `json:"name"`
	// TokenHash is the SHA-256 of the seat's secret token (persons only);
	// the token itself is never stored.
	TokenHash []byte `json:"-"`
	// Player is the id of the player who took the seat, "" while open.
	Player string `json:"player,omitempty"`
}

// Table is a table as the store keeps it.
type Table struct {
	ID      string
	Game    string          // "gin" or "shengji"
	Options json.RawMessage // the game's options, as the table log's header
	Seed    uint64
	Seats   []Seat
	Status  Status
	Outcome json.RawMessage // set when the game is over
	Created time.Time       // when the table was created (to the microsecond)
	Updated time.Time       // when its seats or status last changed
	// Host is the player id of the person who made the table with a seat
	// of their own, "" for none: the one who may move its seats, give an
	// absent person's seat to the computer or end it.
	Host string
	// Preset names the rules' preset the table was made from ("" when
	// not said).
	Preset string
	// Lobby says the table is listed in the lobby of open tables while it
	// waits for people.
	Lobby bool
}

// MaxChat is the most characters a chat line's text may hold.
const MaxChat = 500

// ChatLine is one line said at a table.
type ChatLine struct {
	N    int       // its number at the table, from 0
	At   time.Time // when it was said (to the microsecond)
	Seat int       // the seat that said it
	Name string    // the seat's name then
	Text string    // what was said, plain text
}

// Result is how a person at a table that is over came out of its game.
type Result struct {
	Seat   int
	Player string // the player's id (never "")
	Game   string
	Won    bool
	// Levels are the levels the player gained (a game whose scores are
	// levels), 0 otherwise.
	Levels int
}

// Stats are a player's figures at one game, summed over its results.
type Stats struct {
	Game   string `json:"game"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
	Levels int    `json:"levels"`
}

// Store is a database of tables and their logs. Every method is safe for
// concurrent use; every change is committed before the method returns.
type Store interface {
	// CreateTable stores a new table (ErrExists if its id is taken). A
	// table given without a status is Waiting; one without a Created
	// time gets the database's clock. Updated is always set by the store.
	CreateTable(ctx context.Context, t Table) error
	// Table returns a table (ErrNotFound).
	Table(ctx context.Context, id string) (Table, error)
	// SetSeat replaces seat i of table id (ErrNotFound, or an error if
	// the table has no seat i).
	SetSeat(ctx context.Context, id string, i int, s Seat) error
	// SetSeats replaces every seat of table id at once (as many as it
	// has), in one transaction: seats moved by the table's host.
	SetSeats(ctx context.Context, id string, seats []Seat) error
	// SetStatus records a table's status and, once over, its outcome; a
	// nil outcome leaves the stored one as it is.
	SetStatus(ctx context.Context, id string, st Status, outcome json.RawMessage) error
	// AppendLine appends line n (from 0, the header) to the table's log.
	// n must be the number of lines already stored: otherwise, or if
	// line n exists, it returns ErrConflict and stores nothing. A line
	// holds at most MaxLine bytes.
	AppendLine(ctx context.Context, id string, n int, line []byte) error
	// Lines returns the table's log lines from line from on, in order
	// (ErrNotFound if there is no such table).
	Lines(ctx context.Context, id string, from int) ([][]byte, error)
	// AppendChat stores chat line c.N of table id; c.N must be the number
	// of lines already stored (else ErrConflict, nothing stored). Its text
	// holds at most MaxChat characters.
	AppendChat(ctx context.Context, id string, c ChatLine) error
	// Chat returns the last limit chat lines of table id, oldest first
	// (none for a table without chat or not held).
	Chat(ctx context.Context, id string, limit int) ([]ChatLine, error)
	// Active lists the tables waiting or being played, oldest first.
	Active(ctx context.Context) ([]Table, error)
	// Lobby lists the tables waiting in the lobby of open tables (made
	// to be listed) with a free person's seat, newest first, at most
	// limit of them (all when limit <= 0): every process's, whichever
	// runs them.
	Lobby(ctx context.Context, limit int) ([]Table, error)
	// PlayerTables lists the tables a player took a seat at, newest
	// first, at most limit of them (all when limit <= 0).
	PlayerTables(ctx context.Context, player string, limit int) ([]Table, error)
	// RecordResults records the results of table id's game, all or
	// none; a seat's result already recorded is kept as it is, so
	// recording a table's results again changes nothing.
	RecordResults(ctx context.Context, id string, rs []Result) error
	// PlayerStats returns a player's figures, one Stats a game they
	// have a result at, in the order of the games' names.
	PlayerStats(ctx context.Context, player string) ([]Stats, error)
	// Lease gives table id to owner for ttl if no other owner holds an
	// unexpired lease, or renews owner's own lease; it reports whether
	// owner holds the lease now. Expiry is by the database's clock. A
	// table the store does not hold is ErrNotFound.
	Lease(ctx context.Context, id, owner string, ttl time.Duration) (bool, error)
	// Release gives up owner's lease of table id; it does nothing if
	// owner does not hold it.
	Release(ctx context.Context, id, owner string) error
	// Close closes the store.
	Close() error
}
