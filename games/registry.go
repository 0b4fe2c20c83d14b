package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"felt/table"
)

// Names lists the games a table log may hold.
func Names() []string { return []string{Gin.Kind, Shengji.Kind} }

// ErrUnknownGame is a table log of a game this package does not know.
var ErrUnknownGame = errors.New("unknown game")

// Verified is what Verify found in a table log.
type Verified struct {
	Header    table.Header
	Lines     int   // complete lines replayed, the header included
	Moves     int   // move lines among them
	Offset    int64 // bytes of those lines
	Torn      int   // bytes of a torn last line, which recovery cuts
	Outcome   table.Outcome
	Names     []string // who plays each seat after the log's control lines
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

// Verify replays a table log of any game this package knows, read to at
// most table.MaxLogSize bytes: every complete line must replay, and a torn
// last line is reported (Torn) and not counted.
func Verify(r io.Reader) (Verified, error) {
	data, err := io.ReadAll(io.LimitReader(r, table.MaxLogSize+1))
	if err != nil {
		return Verified{}, err
	}
	first := data
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		first = data[:i]
	} else {
		return Verified{}, fmt.Errorf("table: %w", table.ErrNoHeader)
	}
	var h struct {
		Game string `json:"game"`
	}
	if err := json.Unmarshal(first, &h); err != nil {
		return Verified{}, &table.LogError{Line: 0, Err: fmt.Errorf("%w: %v", table.ErrBadLine, err)}
	}
	switch h.Game {
	case Gin.Kind:
		return verify(data, Gin)
	case Shengji.Kind:
		return verify(data, Shengji)
	}
	return Verified{}, &table.LogError{Line: 0, Err: fmt.Errorf("%w %q (have %v)", ErrUnknownGame, h.Game, Names())}
}

func verify[M, O, E any](data []byte, spec table.Spec[M, O, E]) (Verified, error) {
	rec, err := table.Recover(bytes.NewReader(data), spec)
	if err != nil {
		return Verified{}, err
	}
	return Verified{Header: rec.Header, Lines: rec.Lines, Moves: rec.Moves, Offset: rec.Offset, Torn: rec.Torn,
		Outcome: rec.Engine.Outcome(), Names: rec.Names, Forfeited: rec.Forfeited, Forfeiter: rec.Forfeiter,
		Abandoned: rec.Abandoned}, nil
}
