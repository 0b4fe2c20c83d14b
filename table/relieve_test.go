package table

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// reliever plays its seat with pure, and at its decisions number at and
// back relieves itself: first to a stand-in, then back to the person.
type reliever struct {
	t        **Table[toyMove, toyObs, toyEvent]
	seat     Seat
	at, back int
	asked    int
	seqs     []int
	watcher
}

func (r *reliever) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if !d.Optional {
		r.asked++
		switch r.asked {
		case r.at:
			n, err := (*r.t).Relieve(r.seat, "stand-in", Level, "away")
			if err != nil {
				return toyMove{}, false, err
			}
			if n != d.Seq+1 {
				return toyMove{}, false, errors.New("Relieve did not return the next line's number")
			}
			d.Seq = n
		case r.back:
			n, err := (*r.t).Relieve(r.seat, "ann", Person, "returned")
			if err != nil {
				return toyMove{}, false, err
			}
			d.Seq = n
		}
		r.seqs = append(r.seqs, d.Seq)
	}
	return pure{}.Decide(ctx, d)
}

// TestRelieveLogsBothWays: a seat relieved to a stand-in and back writes
// two control lines, tells everyone, and plays on as the same moves
// without them would; the log replays, naming whoever played the seat
// last; the decision's number after a control line is the move's line.
func TestRelieveLogsBothWays(t *testing.T) {
	want, _, _, err := play(t, 6, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	var tb *Table[toyMove, toyObs, toyEvent]
	r := &reliever{t: &tb, seat: 1, at: 2, back: 4}
	ps := players(pure{}, r, pure{})
	ps[1].Name, ps[1].Kind = "ann", Person
	spect := &watcher{}
	var log bytes.Buffer
	tb, err = New(toySpec, ps, Options[toyMove, toyObs, toyEvent]{Seed: 6, Log: &log, Spectators: []Listener[toyEvent]{spect}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var controls []string
	var rest []string
	for _, l := range strings.SplitAfter(log.String(), "\n") {
		if strings.Contains(l, `"type":"control"`) {
			controls = append(controls, l)
		} else {
			rest = append(rest, l)
		}
	}
	if len(controls) != 2 || !strings.Contains(controls[0], `"from":"ann","to":"stand-in","reason":"away"`) ||
		!strings.Contains(controls[1], `"from":"stand-in","to":"ann","reason":"returned"`) {
		t.Fatalf("control lines %q", controls)
	}
	// The header names the seat's person; the lines after it must agree.
	if renumber(strings.Join(rest[1:], "")) != renumber(string(want[bytes.IndexByte(want, '\n')+1:])) {
		t.Fatalf("the relieved game differs from the same moves without control lines:\n%s\nwant\n%s", log.String(), want)
	}
	if len(spect.notices) != 2 || spect.notices[0].Kind != Takeover || spect.notices[1].To != "ann" || len(r.notices) != 2 {
		t.Fatalf("notices %+v, the seat's %+v", spect.notices, r.notices)
	}
	if p := tb.Player(1); p.Name != "ann" || p.Kind != Person {
		t.Fatalf("Player(1) = %s %s after the return", p.Name, p.Kind)
	}
	// Each decision's number is the line its move was written at.
	for _, seq := range r.seqs {
		if !strings.Contains(log.String(), `{"type":"move","n":`+itoa(seq)+`,`) {
			t.Fatalf("decision %d: no move line with that number in\n%s", seq, log.String())
		}
	}
	rec, err := Recover(bytes.NewReader(log.Bytes()), toySpec)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Names[1] != "ann" {
		t.Fatalf("recovered names %q", rec.Names)
	}
	// Cut after the first control line: the stand-in holds the seat.
	cut := strings.Index(log.String(), controls[0]) + len(controls[0])
	rec, err = Recover(bytes.NewReader(log.Bytes()[:cut]), toySpec)
	if err != nil || rec.Names[1] != "stand-in" {
		t.Fatalf("recovered after the first control line: %v %q", err, rec.Names)
	}
}

// TestRelieveRefusesEndedTable: an ended table or a bad seat or name is
// an error and writes nothing.
func TestRelieveRefusesEndedTable(t *testing.T) {
	var log bytes.Buffer
	tb, err := New(toySpec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: 3, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Relieve(5, "x", Level, "r"); !errors.Is(err, ErrSeats) {
		t.Fatalf("seat 5: %v", err)
	}
	if _, err := tb.Relieve(0, "", Level, "r"); err == nil {
		t.Fatal("an empty name was taken")
	}
	if _, err := tb.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	size := log.Len()
	if _, err := tb.Relieve(0, "x", Level, "r"); !errors.Is(err, ErrNotRunning) {
		t.Fatalf("after the end: %v", err)
	}
	if log.Len() != size {
		t.Fatal("a refused Relieve wrote to the log")
	}
}

var lineNumber = regexp.MustCompile(`"n":[0-9]+,`)

// renumber drops the line numbers of a log, to compare logs that differ by
// inserted lines.
func renumber(log string) string { return lineNumber.ReplaceAllString(log, "") }

func itoa(n int) string { return strconv.Itoa(n) }
