package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// The table log is JSON Lines, one self-contained line per fact, each with
// its line number n (the header is line 0):
//
//	{"type":"header","n":0,"table":1,"game":"gin","id":"…","format":1,"seed":5,
//	 "options":{…},"seats":[{"name":"you","kind":"person"},…]}
//	{"type":"deal","n":1,"deal":{…}}            an advance that drew on chance
//	{"type":"move","n":2,"adv":3,"seat":1,"move":{…}}
//	{"type":"control","n":9,"seat":1,"from":"exec:x","to":"normal","reason":"…"}
//	{"type":"forfeit","n":9,"seat":1,"from":"exec:x","reason":"…"}
//	{"type":"abandon","n":9,"reason":"…"}
//	{"type":"advanced","n":9,"adv":4}             the advances made so far, kept
//	{"type":"undo","n":9,"seat":0,"back":6,"reason":"…"}  moves taken back (undo.go)
//
// adv, on any line after the header, counts the advances without a record
// (Shengji dealing a card) made since the line before: replay makes them
// first. An advanced line is only that count: a table whose advances a
// person watches as they come (Options.Checkpoint) writes one after each,
// before it is shown, so that a crash does not take back what was shown. A move line is written after the move is checked and before it is
// applied; a deal line before the advance counts. Results are never logged:
// they follow from the moves. A deal line is the engine's record of a deal
// drawn from the header's seed: replay draws it again and refuses a line
// that differs (ErrNotSeedDeal), naming the line and the first difference.

// LogFormat is the version of the table log's own format (the header's
// "table"); the engine's format is the header's "format".
const LogFormat = 1

// MaxLogLine is the longest line Recover accepts, newline included.
const MaxLogLine = 1 << 20

// MaxLogSize is the largest log Recover reads.
const MaxLogSize = 64 << 20

// MaxName bounds a seat's name and a logged reason.
const MaxName = 1024

// Errors of reading a log; a *LogError wraps one of them.
var (
	ErrNoHeader    = errors.New("no complete header line")
	ErrBadLine     = errors.New("malformed line")
	ErrWrongGame   = errors.New("log of another game or format")
	ErrRefusedMove = errors.New("move refused by the rules")
	ErrTooLarge    = errors.New("log too large")
	ErrAfterEnd    = errors.New("line after the table ended")
	ErrNotSeedDeal = errors.New("deal differs from the one dealt by the header's seed")
)

// LogError is a complete log line that cannot be replayed.
type LogError struct {
	Line int // from 0, the header
	Err  error
}

// Error says which line and why.
func (e *LogError) Error() string { return fmt.Sprintf("table: log line %d: %v", e.Line, e.Err) }

// Unwrap returns the reason.
func (e *LogError) Unwrap() error { return e.Err }

// SeatInfo is a seat as the header records it.
type SeatInfo struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
}

// MarshalText returns the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for i, n := range kindNames {
		if n == string(b) {
			*k = Kind(i)
			return nil
		}
	}
	return fmt.Errorf("kind %q: want person, level or program", b)
}

// Header is the first line of a table log.
type Header struct {
	Game    string          // the game's kind, as Spec.Kind
	ID      string          // the table's game id
	Format  int             // the engine's format version
	Seed    uint64          // the table's seed
	Options json.RawMessage // the game's options, as Spec.New takes them
	Seats   []SeatInfo
	// Undo says a seat may take moves back (see undo.go).
	Undo bool
}

type record struct {
	Type    string          `json:"type"`
	N       int             `json:"n"`
	Adv     int             `json:"adv,omitempty"`
	Table   int             `json:"table,omitempty"`
	Game    string          `json:"game,omitempty"`
	ID      string          `json:"id,omitempty"`
	Format  int             `json:"format,omitempty"`
	Seed    *uint64         `json:"seed,omitempty"`
	Options json.RawMessage `json:"options,omitempty"`
	Seats   []SeatInfo      `json:"seats,omitempty"`
	Seat    *Seat           `json:"seat,omitempty"`
	Move    json.RawMessage `json:"move,omitempty"`
	Deal    json.RawMessage `json:"deal,omitempty"`
	From    string          `json:"from,omitempty"`
	To      string          `json:"to,omitempty"`
	Reason  string          `json:"reason,omitempty"`
	Back    int             `json:"back,omitempty"`
	Undo    bool            `json:"undo,omitempty"`
}

func headerLine(h Header) ([]byte, error) {
	seed := h.Seed
	b, err := json.Marshal(record{Type: "header", Table: LogFormat, Game: h.Game, ID: h.ID, Format: h.Format,
		Seed: &seed, Options: h.Options, Seats: h.Seats, Undo: h.Undo})
	if err != nil {
		return nil, fmt.Errorf("table: header: %w", err)
	}
	return append(b, '\n'), nil
}

// appendMove appends a move line without encoding/json's reflection.
func appendMove(dst []byte, n, adv int, s Seat, move []byte) []byte {
	dst = append(dst, `{"type":"move","n":`...)
	dst = strconv.AppendInt(dst, int64(n), 10)
	if adv > 0 {
		dst = append(dst, `,"adv":`...)
		dst = strconv.AppendInt(dst, int64(adv), 10)
	}
	dst = append(dst, `,"seat":`...)
	dst = strconv.AppendInt(dst, int64(s), 10)
	dst = append(dst, `,"move":`...)
	dst = append(dst, move...)
	return append(dst, "}\n"...)
}

func otherLine(r record) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("table: %s line: %w", r.Type, err)
	}
	return append(b, '\n'), nil
}
