package table

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
//
// adv, on any line after the header, counts the advances without a record
// (Shengji dealing a card) made since the line before: replay makes them
// first. A move line is written after the move is checked and before it is
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
}

func headerLine(h Header) ([]byte, error) {
	seed := h.Seed
	b, err := json.Marshal(record{Type: "header", Table: LogFormat, Game: h.Game, ID: h.ID, Format: h.Format,
		Seed: &seed, Options: h.Options, Seats: h.Seats})
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

// Recovered is a table read back from its log: the engine where the table
// stood at the last complete line, and what the log says of the seats.
type Recovered[M, O, E any] struct {
	Header Header
	Engine Engine[M, O, E]
	Lines  int   // complete lines replayed, the header included
	Offset int64 // bytes in those lines: the log is cut back to this
	Torn   int   // bytes of a torn last line, cut
	Moves  int   // move lines
	// Names is who plays each seat after the log's control lines.
	Names []string
	// Forfeited says a seat forfeited (Forfeiter); the table is over.
	Forfeited bool
	Forfeiter Seat
	// Abandoned says the last table line was an abandonment.
	Abandoned bool
	askFrom   Seat
}

// Recover replays a table log. A last line without its newline is torn (a
// crash while it was written) and ignored: Offset says where the log should
// be cut before lines are appended. Every complete line must replay: a line
// that is malformed or that the rules refuse is an error naming it. A log
// without a complete header line returns ErrNoHeader: there is no table.
func Recover[M, O, E any](r io.Reader, spec Spec[M, O, E]) (*Recovered[M, O, E], error) {
	// Read line by line: memory stays within one line (MaxLogLine) and a
	// reused buffer, however large the log.
	br := bufio.NewReaderSize(io.LimitReader(r, MaxLogSize+1), 64<<10)
	rec := &Recovered[M, O, E]{}
	var views Views[E]
	var buf []byte
	var total int64
	line := 0
	for {
		chunk, err := br.ReadSlice('\n')
		total += int64(len(chunk))
		if total > MaxLogSize {
			return nil, &LogError{Line: 0, Err: fmt.Errorf("%w: more than %d bytes", ErrTooLarge, MaxLogSize)}
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			if len(buf) >= MaxLogLine {
				return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
			}
			continue
		}
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("table: reading the log: %w", err)
		}
		if err == io.EOF {
			if len(buf) >= MaxLogLine {
				return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
			}
			rec.Torn = len(buf)
			break
		}
		if len(buf) > MaxLogLine {
			return nil, &LogError{Line: line, Err: fmt.Errorf("%w: longer than %d bytes", ErrBadLine, MaxLogLine)}
		}
		if err := rec.replay(spec, line, buf[:len(buf)-1], &views); err != nil {
			return nil, &LogError{Line: line, Err: err}
		}
		rec.Offset += int64(len(buf))
		buf = buf[:0]
		line++
		rec.Lines = line
	}
	if rec.Engine == nil {
		return nil, fmt.Errorf("table: %w", ErrNoHeader)
	}
	return rec, nil
}

func (rec *Recovered[M, O, E]) replay(spec Spec[M, O, E], n int, b []byte, views *Views[E]) error {
	var r record
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&r); err != nil {
		return fmt.Errorf("%w: %v", ErrBadLine, err)
	}
	if d.More() {
		return fmt.Errorf("%w: more than one JSON value", ErrBadLine)
	}
	if r.N != n {
		return fmt.Errorf("%w: numbered %d", ErrBadLine, r.N)
	}
	if n == 0 {
		return rec.start(spec, r)
	}
	if r.Type == "header" {
		return fmt.Errorf("%w: a second header", ErrBadLine)
	}
	if rec.Forfeited {
		return ErrAfterEnd
	}
	if r.Adv < 0 {
		return fmt.Errorf("%w: adv %d", ErrBadLine, r.Adv)
	}
	e := rec.Engine
	for range r.Adv {
		if e.Over() || !e.ToAct().IsEmpty() && !e.Optional() {
			return fmt.Errorf("%w: an advance where a seat must act", ErrRefusedMove)
		}
		*views = Views[E]{}
		got, err := e.Advance(views)
		if err != nil {
			return fmt.Errorf("%w: advance: %v", ErrRefusedMove, err)
		}
		if got != nil {
			return fmt.Errorf("%w: an advance that deals where the log has no deal", ErrRefusedMove)
		}
		rec.askFrom = 0
	}
	if r.Type != "abandon" {
		rec.Abandoned = false
	}
	seat := func() (Seat, error) {
		if r.Seat == nil || int(*r.Seat) >= e.Seats() {
			return 0, fmt.Errorf("%w: %s without a seat of the table", ErrBadLine, r.Type)
		}
		return *r.Seat, nil
	}
	switch r.Type {
	case "deal":
		if len(r.Deal) == 0 {
			return fmt.Errorf("%w: deal without its record", ErrBadLine)
		}
		// The header's seed decides every deal: the engine draws this one
		// again, and a logged deal that is not the one drawn is refused.
		if e.Over() || !e.ToAct().IsEmpty() && !e.Optional() {
			return fmt.Errorf("%w: a deal where a seat must act", ErrRefusedMove)
		}
		*views = Views[E]{}
		want, err := e.Advance(views)
		if err != nil {
			return fmt.Errorf("%w: deal: %v", ErrRefusedMove, err)
		}
		if want == nil {
			return fmt.Errorf("%w: a deal where the game draws none", ErrRefusedMove)
		}
		if diff := jsonDiff(r.Deal, want); diff != "" {
			return fmt.Errorf("%w %d: %s", ErrNotSeedDeal, rec.Header.Seed, diff)
		}
		*views = Views[E]{}
		if err := e.Redeal(want, views); err != nil {
			return fmt.Errorf("%w: deal: %v", ErrRefusedMove, err)
		}
		rec.askFrom = 0
	case "move":
		s, err := seat()
		if err != nil {
			return err
		}
		m, err := e.UnmarshalMove(r.Move)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrBadLine, err)
		}
		if !e.ToAct().Has(s) {
			return fmt.Errorf("%w: seat %s may not act now (seats %s may)", ErrRefusedMove, s, e.ToAct())
		}
		if err := e.Check(s, m); err != nil {
			return fmt.Errorf("%w: %v", ErrRefusedMove, err)
		}
		*views = Views[E]{}
		if err := e.Apply(s, m, views); err != nil {
			return fmt.Errorf("%w: %v", ErrRefusedMove, err)
		}
		rec.Moves++
		rec.askFrom = s + 1
	case "control":
		s, err := seat()
		if err != nil {
			return err
		}
		if r.To == "" || len(r.To) > MaxName || len(r.Reason) > MaxName {
			return fmt.Errorf("%w: control line needs a name (to) and a reason of at most %d bytes", ErrBadLine, MaxName)
		}
		rec.Names[s] = r.To
	case "forfeit":
		s, err := seat()
		if err != nil {
			return err
		}
		rec.Forfeited, rec.Forfeiter = true, s
	case "abandon":
		rec.Abandoned = true
	default:
		return fmt.Errorf("%w: unknown type %q", ErrBadLine, r.Type)
	}
	return nil
}

func (rec *Recovered[M, O, E]) start(spec Spec[M, O, E], r record) error {
	if r.Type != "header" {
		return fmt.Errorf("%w: the first line is %q, not a header", ErrNoHeader, r.Type)
	}
	if r.Table != LogFormat || r.Game != spec.Kind || r.Format != spec.Format {
		return fmt.Errorf("%w: table log %d of %q format %d, want table log %d of %q format %d",
			ErrWrongGame, r.Table, r.Game, r.Format, LogFormat, spec.Kind, spec.Format)
	}
	if r.Seed == nil {
		return fmt.Errorf("%w: header without a seed", ErrBadLine)
	}
	if len(r.ID) > MaxName {
		return fmt.Errorf("%w: id longer than %d bytes", ErrBadLine, MaxName)
	}
	e, err := spec.New(*r.Seed, r.Options)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadLine, err)
	}
	if len(r.Seats) != e.Seats() {
		return fmt.Errorf("%w: %d seats for a game of %d", ErrBadLine, len(r.Seats), e.Seats())
	}
	rec.Header = Header{Game: r.Game, ID: r.ID, Format: r.Format, Seed: *r.Seed, Options: r.Options, Seats: r.Seats}
	rec.Engine = e
	for _, s := range r.Seats {
		if len(s.Name) > MaxName {
			return fmt.Errorf("%w: seat name longer than %d bytes", ErrBadLine, MaxName)
		}
		rec.Names = append(rec.Names, s.Name)
	}
	return nil
}
