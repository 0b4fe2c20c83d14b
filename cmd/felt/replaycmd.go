package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	sjgame "felt/games/shengji"
	"fmt"
	"io"
	"strings"

	"felt/gin"
	"felt/internal/plain"
	"felt/internal/sjtui"
	"felt/internal/userfile"
	"felt/table"

	"github.com/spf13/cobra"
)

func (e *env) replayCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "replay",
		Short: "Work with replay logs (JSON Lines)",
		Args:  cobra.ArbitraryArgs,
		RunE:  groupRun,
	}
	verify := &cobra.Command{
		Use:   "verify FILE",
		Short: "Re-execute every action of a replay log and check every recorded figure",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if isTableLogFile(args[0]) {
				if err := checkLines(args[0]); err != nil {
					return err
				}
				if err := e.verifyTable(args[0]); err != nil {
					return err
				}
				return e.tableOutsideNotes(args[0])
			}
			if err := checkOldLog(args[0]); err != nil {
				return err
			}
			rp, _, err := readLog(args[0])
			if err != nil {
				return err
			}
			g := rp.Game
			status := "complete"
			if !rp.Complete() {
				status = "unfinished (can be resumed)"
			}
			fmt.Fprintf(e.stdout, "%s: ok: %d lines, %d hands, %d actions, game %s\n", args[0], rp.Lines, g.HandNumber(), rp.Actions, status)
			sc := g.Scores()
			fmt.Fprintf(e.stdout, "players %s and %s, seed %d, scores %d-%d", plain.Text(rp.Players[0]), plain.Text(rp.Players[1]), rp.Seed, sc[0], sc[1])
			if rp.Complete() {
				res := g.Result()
				fmt.Fprintf(e.stdout, ", winner %s (%s), final %d-%d", res.Winner, plain.Text(rp.Players[res.Winner]), res.Final[0], res.Final[1])
			}
			fmt.Fprintln(e.stdout)
			playing := rp.Players
			for _, r := range rp.Records {
				if r.Type == "takeover" {
					fmt.Fprintf(e.stdout, "hand %d: %s took over seat %d from %s", r.Hand, plain.Text(r.Name), *r.Player, plain.Text(playing[*r.Player]))
					if r.Reason != "" {
						fmt.Fprintf(e.stdout, " (%s)", plain.Text(strings.ReplaceAll(r.Reason, "\n", " ")))
					}
					fmt.Fprintln(e.stdout)
					playing[*r.Player] = r.Name
				}
			}
			// a log from someone else may name any command: say so
			named := map[string]bool{}
			for s, p := range rp.Players {
				outsideNote(e.stdout, named, s, p, ginResumeNote(e.self))
			}
			for _, r := range rp.Records {
				if r.Type == "takeover" {
					outsideNote(e.stdout, named, int(*r.Player), r.Name, ginResumeNote(e.self))
				}
			}
			return nil
		},
	}
	c.AddCommand(verify)
	return c
}

// outsideNote notes, once per seat and name, that a log names an outside
// program for a seat; resume says what resuming does instead.
func outsideNote(w io.Writer, named map[string]bool, seat int, name, resume string) {
	key := fmt.Sprint(seat, name)
	if !strings.HasPrefix(name, "exec:") || named[key] {
		return
	}
	named[key] = true
	fmt.Fprintf(w, "note: seat %d is an outside program in this log, %s; %s\n", seat, plain.Text(name), resume)
}

// ginResumeNote is what felt play --resume does with a seat a Gin Rummy
// log gives to an outside program.
func ginResumeNote(self string) string {
	return self + " play --resume never starts it (name it again with --level to play it)"
}

// resumeNote is what resuming a table log of game does with a seat the
// log gives to an outside program.
func resumeNote(self, game string) string {
	if game == sjgame.Spec.Kind {
		return fmt.Sprintf("%s shengji --resume never starts it (%s plays it)", self, sjtui.Fallback)
	}
	return ginResumeNote(self)
}

// tableOutsideNotes notes, for a table log already verified, each seat
// its header or a control line gives to an outside program.
func (e *env) tableOutsideNotes(path string) error {
	w := e.stdout
	f, err := userfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(io.LimitReader(f, table.MaxLogSize))
	sc.Buffer(nil, table.MaxLogLine)
	named := map[string]bool{}
	resume := ""
	for first := true; sc.Scan(); first = false {
		var l struct {
			Type  string           `json:"type"`
			Game  string           `json:"game"`
			Seats []table.SeatInfo `json:"seats"`
			Seat  *int             `json:"seat"`
			To    string           `json:"to"`
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue // a torn last line
		}
		if first {
			resume = resumeNote(e.self, l.Game)
			for s, si := range l.Seats {
				outsideNote(w, named, s, si.Name, resume)
			}
		} else if l.Type == "control" && l.Seat != nil {
			outsideNote(w, named, *l.Seat, l.To, resume)
		}
	}
	return sc.Err()
}

// readLog reads and replays the log in path, the one bounded way every
// command reads a log: gin.ReadLog refuses a line longer than
// gin.MaxLogLine and a log longer than gin.MaxLogSize, so a file of any
// size (/dev/zero) costs a bounded read. It returns the bytes read too (the
// whole log, when it replays). Errors name the file.
func readLog(path string) (*gin.Replayed, []byte, error) {
	if err := checkOldLog(path); err != nil {
		return nil, nil, err
	}
	f, err := userfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var data bytes.Buffer
	rp, err := gin.ReadLog(io.TeeReader(f, &data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return rp, data.Bytes(), nil
}
