package table

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestReplaceLogsAControlLine: a player seated with Replace on a resumed
// table is in the log as a control line from the seat's player, read back
// as the seat's name, and the table plays on with it; a replacement with
// no controller is refused and logs nothing.
func TestReplaceLogsAControlLine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log bytes.Buffer
	ps := players(pure{}, &cancelling{cancel: cancel, n: 4}, pure{})
	ps[1].Name = "exec:bot"
	tb, err := New(toySpec, ps, Options[toyMove, toyObs, toyEvent]{Seed: 9, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run = %v, want context.Canceled", err)
	}
	rec, err := Recover(bytes.NewReader(log.Bytes()), toySpec)
	if err != nil || rec.Names[1] != "exec:bot" {
		t.Fatalf("%v %v", err, rec.Names)
	}
	tb, err = Resume(rec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	tb.players[1].Name = "exec:bot" // seated as the log names it
	n := log.Len()
	if err := tb.Replace(1, Player[toyMove, toyObs]{Name: "level"}, "no controller"); !errors.Is(err, ErrSeats) || log.Len() != n {
		t.Fatalf("a replacement without a controller: %v, %d bytes logged", err, log.Len()-n)
	}
	if err := tb.Replace(1, Player[toyMove, toyObs]{Name: "level", Kind: Level, Control: pure{}}, "not started on resume"); err != nil {
		t.Fatal(err)
	}
	line := log.String()[n:]
	if !strings.HasPrefix(line, `{"type":"control","n":`) || !strings.Contains(line, `"from":"exec:bot","to":"level","reason":"not started on resume"`) {
		t.Fatalf("control line %q", line)
	}
	if tb.Player(1).Name != "level" {
		t.Fatalf("seat 1 is played by %q", tb.Player(1).Name)
	}
	if res, err := tb.Run(context.Background()); err != nil || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
	rec, err = Recover(bytes.NewReader(log.Bytes()), toySpec)
	if err != nil || rec.Names[1] != "level" {
		t.Fatalf("%v %v", err, rec.Names)
	}
}
