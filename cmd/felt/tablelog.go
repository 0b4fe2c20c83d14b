package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"felt/games"
	"felt/table"
)

// tableHeaderStart is how a table log's header line starts, as the table
// writes it.
const tableHeaderStart = `{"type":"header","n":0,"table":`

// isTableLogFile reports whether the file at path starts with a table
// log's header (read bounded), or with the start of one cut short (a
// crash while the header was written: a table log with no complete line,
// which recovery refuses as such).
func isTableLogFile(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(io.LimitReader(f, table.MaxLogLine), 64<<10).ReadSlice('\n')
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return false
	}
	if games.IsTableLog(line) {
		return true
	}
	torn := len(line) > 0 && line[len(line)-1] != '\n'
	return torn && (bytes.HasPrefix(line, []byte(tableHeaderStart)) || strings.HasPrefix(tableHeaderStart, string(line)))
}

// verifyTable replays a table log of either game: every complete line must
// replay; a log cut anywhere is recovered up to its last complete line.
// Both games have two teams, so two scores are shown.
func (e *env) verifyTable(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	v, err := games.Verify(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	h := v.Header
	fmt.Fprintf(e.stdout, "%s: ok: table log of %s (format %d), id %q, seed %d: %d lines, %d moves, %d hands\n",
		path, h.Game, h.Format, h.ID, h.Seed, v.Lines, v.Moves, v.Outcome.Hands)
	if v.Torn > 0 {
		fmt.Fprintf(e.stdout, "torn last line: %d bytes after byte %d are cut on recovery; the game resumes %s (line %d)\n", v.Torn, v.Offset, resumesAfter(v.Moves), v.Lines-1)
	}
	switch {
	case v.Forfeited:
		fmt.Fprintf(e.stdout, "seat %d (%s) forfeited\n", v.Forfeiter, v.Names[v.Forfeiter])
	case v.Outcome.Over:
		fmt.Fprintf(e.stdout, "game complete: %s won, scores %v\n", winnerName(h.Game, v.Outcome.Winner), v.Outcome.Scores[:2])
	case v.Abandoned:
		fmt.Fprintf(e.stdout, "abandoned; can be resumed, scores so far %v\n", v.Outcome.Scores[:2])
	default:
		fmt.Fprintf(e.stdout, "unfinished; can be resumed, scores so far %v\n", v.Outcome.Scores[:2])
	}
	for s, n := range v.Names {
		if n != h.Seats[s].Name {
			fmt.Fprintf(e.stdout, "seat %d: %s took over from %s\n", s, n, h.Seats[s].Name)
		}
	}
	return nil
}

// winnerName names a table's winner: Shengji's winner is a team of two
// seats, Gin Rummy's a seat.
func winnerName(game string, w int) string {
	if game == games.Shengji.Kind {
		return fmt.Sprintf("team %d (seats %d and %d)", w, w, w+2)
	}
	return fmt.Sprintf("seat %d", w)
}

// resumesAfter says where a recovered table goes on: after its last move
// logged whole.
func resumesAfter(moves int) string {
	if moves == 0 {
		return "before its first move"
	}
	return fmt.Sprintf("after move %d", moves)
}
