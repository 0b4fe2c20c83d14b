package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"felt/table"
)

// ErrUnknownGame is a game the registry does not know.
var ErrUnknownGame = errors.New("unknown game")

// ErrRegistered is a second game of a name already registered.
var ErrRegistered = errors.New("game already registered")

var (
	mu    sync.RWMutex
	known []Game // in the order registered
)

// Register adds a game to the registry, once per name. A game's package
// registers it from its init; a test may register a game of its own.
func Register[M, O, E any](d *Def[M, O, E]) error {
	if d.Name == "" || d.Spec.Kind != d.Name || d.Spec.New == nil {
		return fmt.Errorf("games: register %q: a game needs a name its Spec's Kind repeats, and a Spec.New", d.Name)
	}
	if len(d.Seats) == 0 {
		return fmt.Errorf("games: register %q: no seat counts", d.Name)
	}
	for _, l := range []string{d.Default, d.StandIn} {
		if l != "" && !d.HasLevel(l) {
			return fmt.Errorf("games: register %q: level %q is not among %v: %w", d.Name, l, d.LevelNames(), ErrUnknownLevel)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, g := range known {
		if g.About().Name == d.Name {
			return fmt.Errorf("games: %q: %w", d.Name, ErrRegistered)
		}
	}
	known = append(known, registered[M, O, E]{d})
	return nil
}

// MustRegister is Register for a game's init: a game that cannot
// register is a programming error.
func MustRegister[M, O, E any](d *Def[M, O, E]) {
	if err := Register(d); err != nil {
		panic(err)
	}
}

// Lookup returns the game of this name, or an error naming the games
// there are.
func Lookup(name string) (Game, error) {
	mu.RLock()
	defer mu.RUnlock()
	for _, g := range known {
		if g.About().Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w %q (have %v)", ErrUnknownGame, name, namesLocked())
}

// All returns every registered game, in the order registered.
func All() []Game {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Clone(known)
}

// Names lists the registered games' names.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked()
}

func namesLocked() []string {
	out := make([]string, len(known))
	for i, g := range known {
		out[i] = g.About().Name
	}
	return out
}

// Verified is what Verify found in a table log.
type Verified struct {
	Header    table.Header
	Lines     int   // complete lines replayed, the header included
	Moves     int   // move lines among them
	Offset    int64 // bytes of those lines
	Torn      int   // bytes of a torn last line, which recovery cuts
	Outcome   table.Outcome
	Teams     table.Teams // the teams at the log's end
	Names     []string    // who plays each seat after the log's control lines
	Forfeited bool
	Forfeiter table.Seat
	Abandoned bool
}

// IsTableLog reports whether line, a log's first line, is a table log's
// header.
func IsTableLog(line []byte) bool {
	var h struct {
		Type  string `json:"type"`
		Table int    `json:"table"`
	}
	return json.Unmarshal(bytes.TrimSpace(line), &h) == nil && h.Type == "header" && h.Table > 0
}

// GameOf returns the registered game a table log's first line names.
func GameOf(header []byte) (Game, error) {
	var h struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(header, &h); err != nil {
		return nil, &table.LogError{Line: 0, Err: fmt.Errorf("%w: %v", table.ErrBadLine, err)}
	}
	g, err := Lookup(h.Game)
	if err != nil {
		return nil, &table.LogError{Line: 0, Err: err}
	}
	return g, nil
}

// Verify replays a table log of any registered game, read to at most
// table.MaxLogSize bytes: every complete line must replay, and a torn
// last line is reported (Torn) and not counted.
func Verify(r io.Reader) (Verified, error) {
	data, err := io.ReadAll(io.LimitReader(r, table.MaxLogSize+1))
	if err != nil {
		return Verified{}, err
	}
	i := bytes.IndexByte(data, '\n')
	if i < 0 {
		return Verified{}, fmt.Errorf("table: %w", table.ErrNoHeader)
	}
	g, err := GameOf(data[:i])
	if err != nil {
		return Verified{}, err
	}
	return g.verify(data)
}

func verify[M, O, E any](data []byte, spec table.Spec[M, O, E]) (Verified, error) {
	rec, err := table.Recover(bytes.NewReader(data), spec)
	if err != nil {
		return Verified{}, err
	}
	return Verified{Header: rec.Header, Lines: rec.Lines, Moves: rec.Moves, Offset: rec.Offset, Torn: rec.Torn,
		Outcome: rec.Engine.Outcome(), Teams: rec.Engine.Teams(), Names: rec.Names, Forfeited: rec.Forfeited, Forfeiter: rec.Forfeiter,
		Abandoned: rec.Abandoned}, nil
}
