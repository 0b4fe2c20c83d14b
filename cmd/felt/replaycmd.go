package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"felt/internal/ginv1"
	"felt/internal/plain"
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
		Short: "Replay a table log move by move and check every line against the rules",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := e.checkOldLog(args[0]); err != nil {
				return err
			}
			if err := checkLines(args[0]); err != nil {
				return err
			}
			if err := e.verifyTable(args[0]); err != nil {
				return err
			}
			return e.tableOutsideNotes(args[0])
		},
	}
	var out string
	convert := &cobra.Command{
		Use:   "convert FILE",
		Short: "Write a Gin Rummy game saved before table logs as a table log (FILE-table.jsonl, or --out)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return e.convert(args[0], out)
		},
	}
	convert.Flags().StringVar(&out, "out", "", "the table log to write (a new file; default FILE-table.jsonl)")
	c.AddCommand(verify, convert)
	return c
}

// convert reads the Gin Rummy game of the format before table logs in
// path (ginv1.ReadLog, bounded: a line longer than ginv1.MaxLogLine or a
// log longer than ginv1.MaxLogSize is refused), checking every figure it
// records, and writes it as a table log in a new file, out or
// path-table.jsonl (the old file stays as it was), which then verifies,
// replays and resumes as every table log does.
func (e *env) convert(path, out string) error {
	if isTableLogFile(path) {
		return fmt.Errorf("%s is a table log already: nothing to convert", path)
	}
	if g := oldLogGame(path); g != "" && g != oldGinGame {
		return e.checkOldLog(path)
	}
	f, err := userfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var data bytes.Buffer
	rp, err := ginv1.ReadLog(io.TeeReader(f, &data))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if b := data.Bytes(); len(b) > 0 && b[len(b)-1] != '\n' {
		return fmt.Errorf("%s: the last line is not finished", path)
	}
	if out == "" {
		out = strings.TrimSuffix(path, ".jsonl") + "-table.jsonl"
	}
	w, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("%s exists already (written from this game before?); name another with --out: %w", out, os.ErrExist)
		}
		return err
	}
	ok := false
	defer func() {
		w.Close()
		if !ok {
			os.Remove(out)
		}
	}()
	if err := ginv1.Convert(rp, "from "+filepath.Base(path), w); err != nil {
		return fmt.Errorf("%s cannot be written as a table log: %w", path, err)
	}
	if err := w.Sync(); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	ok = true
	status := "unfinished"
	if rp.Complete() {
		status = "complete"
	}
	fmt.Fprintf(e.stdout, "%s: %d actions, %d hands, game %s: written as a table log in %s\n", path, rp.Actions, rp.Game.HandNumber(), status, out)
	switch {
	case rp.Complete():
		fmt.Fprintf(e.stdout, "watch it with: %s replay view %s\n", e.self, shellQuote(out))
	case slices.Contains(rp.Playing[:], humanName):
		fmt.Fprintf(e.stdout, "go on with it with: %s play --resume %s\n", e.self, shellQuote(out))
	default:
		fmt.Fprintf(e.stdout, "check it with: %s replay verify %s\n", e.self, shellQuote(out))
	}
	return nil
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

// resumeNote is what resuming a table log of game does with a seat the
// log gives to an outside program.
func resumeNote(self, game string) string {
	r, ok := resumers[game]
	if !ok {
		return self + " has no command that goes on with a " + plain.Text(game) + " game"
	}
	return self + " " + r.command + " " + r.outside
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
