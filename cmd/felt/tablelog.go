package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"felt/games"
	"felt/internal/plain"
	"felt/internal/userfile"
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
	f, err := userfile.Open(path)
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
	f, err := userfile.Open(path)
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
		fmt.Fprintf(e.stdout, "seat %d (%s) forfeited\n", v.Forfeiter, plain.Text(v.Names[v.Forfeiter]))
	case v.Outcome.Over:
		fmt.Fprintf(e.stdout, "game complete: %s won, scores %v\n", seatsWords(v.Outcome.Winners), teamScores(v))
	case v.Abandoned:
		fmt.Fprintf(e.stdout, "abandoned; can be resumed, scores so far %v\n", teamScores(v))
	default:
		fmt.Fprintf(e.stdout, "unfinished; can be resumed, scores so far %v\n", teamScores(v))
	}
	for s, n := range v.Names {
		if n != h.Seats[s].Name {
			fmt.Fprintf(e.stdout, "seat %d: %s took over from %s\n", s, plain.Text(n), plain.Text(h.Seats[s].Name))
		}
	}
	return nil
}

// seatsWords says seats as a person would: "seat 1", "seats 0 and 2",
// "seats 0, 2 and 4".
func seatsWords(m table.Seats) string {
	var ss []string
	for s := range m.All() {
		ss = append(ss, s.String())
	}
	switch len(ss) {
	case 0:
		return "no seat"
	case 1:
		return "seat " + ss[0]
	}
	return "seats " + strings.Join(ss[:len(ss)-1], ", ") + " and " + ss[len(ss)-1]
}

// teamScores are a verified log's scores, one a team as its teams stood
// at the log's end (Gin Rummy's two seats, Shengji's two teams).
func teamScores(v games.Verified) []int {
	var out []int
	for _, t := range v.Teams.List(len(v.Header.Seats)) {
		first, _ := t.First(0)
		out = append(out, v.Outcome.Scores[first])
	}
	return out
}

// errNotTableLog is wrapped by the error for a file that is not a table
// log, the one log format this Felt reads.
var errNotTableLog = errors.New("not a table log")

// oldLogGame returns the game ("gin", "shengji") that the header, the first
// line, of the log in path names when it is a header of the format before
// table logs ({"type":"header","format":1,"game":…} with no "table"), and
// "" otherwise. It reads at most one line of table.MaxLogLine bytes.
func oldLogGame(path string) string {
	f, err := userfile.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(io.LimitReader(f, table.MaxLogLine), 64<<10).ReadSlice('\n')
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return ""
	}
	var h struct {
		Type   string          `json:"type"`
		Format int             `json:"format"`
		Game   string          `json:"game"`
		Table  json.RawMessage `json:"table"`
	}
	if json.Unmarshal(bytes.TrimSpace(line), &h) != nil || h.Type != "header" || h.Format != 1 || h.Table != nil {
		return ""
	}
	return h.Game
}

// checkOldLog refuses a log of the format before table logs, saying what
// it is: a Gin Rummy game of that format is pointed to felt replay
// convert, which writes it as a table log (the one reader of that format,
// internal/ginv1); a log of another game of that format cannot be read
// any more.
func (e *env) checkOldLog(path string) error {
	switch g := oldLogGame(path); g {
	case "":
		return nil
	case oldGinGame:
		return fmt.Errorf("%s: %w: it is a Gin Rummy game saved in the format before table logs; write it as one with: %s replay convert %s",
			path, errNotTableLog, e.self, shellQuote(path))
	default:
		return fmt.Errorf("%s: %w: it is a %s game saved in the format before table logs, which this Felt no longer reads", path, errNotTableLog, gameTitle(g))
	}
}

// oldGinGame is the game a Gin Rummy log of the format before table logs
// names in its header: the one old format felt replay convert reads.
const oldGinGame = "gin"

// resumesAfter says where a recovered table goes on: after its last move
// logged whole.
func resumesAfter(moves int) string {
	if moves == 0 {
		return "before its first move"
	}
	return fmt.Sprintf("after move %d", moves)
}

// resumer is how felt goes on with a saved game of one game: its
// command (after "felt") and what that command does with a seat the log
// gives to an outside program. Each game's own command registers it
// (play.go, shengjiplay.go), so that felt replay names no game.
type resumer struct {
	command string
	outside string
}

// resumers are the games felt goes on with, by name.
var resumers = map[string]resumer{}

// gameTitle is a game's name for a person: the registry's title.
func gameTitle(game string) string {
	if g, err := games.Lookup(game); err == nil {
		return g.About().Title
	}
	return plain.Text(game)
}

// checkResumable checks, reading only (the file is not cut or written),
// that the table log in path is one of game that replays: a log of the
// other game is pointed to its own command, and a log that does not
// replay (a line the rules refuse, a deal not the seed's) is refused
// naming the line. A path that is no regular file is refused, a log of
// the format before table logs is refused saying so (checkOldLog), and a
// file that is no table log at all as the table's reader finds it.
func (e *env) checkResumable(path, game string) error {
	f, err := userfile.Open(path) // refuses a missing file, a named pipe, a device
	if err != nil {
		return err
	}
	defer f.Close()
	if err := e.checkOldLog(path); err != nil {
		return err
	}
	if err := checkLines(path); err != nil {
		return err
	}
	v, err := games.Verify(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if v.Header.Game != game {
		r, ok := resumers[v.Header.Game]
		if !ok {
			return fmt.Errorf("%s is a %s game, not %s, and %s has no command that goes on with one", path, gameTitle(v.Header.Game), gameTitle(game), e.self)
		}
		return fmt.Errorf("%s is a %s game, not %s: go on with it with: %s %s %s", path, gameTitle(v.Header.Game), gameTitle(game),
			e.self, r.command, shellQuote(path))
	}
	return nil
}
