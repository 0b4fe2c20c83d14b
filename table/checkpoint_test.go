package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestCheckpointKeepsShownAdvances: with Options.Checkpoint saying yes,
// each advance without a record (a card dealt) is followed at once by an
// advanced line counting it, so a log cut after any line recovers every
// advance made before it (a crash takes back no card shown), and the
// table resumed from it writes the rest of the log as it was.
func TestCheckpointKeepsShownAdvances(t *testing.T) {
	yes := func() bool { return true }
	for seed := uint64(1); seed <= 4; seed++ {
		log, states, res, err := play(t, seed, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g", Checkpoint: yes})
		if err != nil || !res.Over {
			t.Fatalf("seed %d: %v, %+v", seed, err, res)
		}
		lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
		advanced := 0
		for i, l := range lines[1:] {
			var r record
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatal(err)
			}
			switch {
			case r.Type == "advanced" && r.Adv != 1:
				t.Fatalf("seed %d line %d: an advanced line counting %d advances, want each kept at once: %s", seed, i+1, r.Adv, l)
			case r.Type == "advanced":
				advanced++
			case r.Adv != 0:
				t.Fatalf("seed %d line %d: %d advances not kept before it: %s", seed, i+1, r.Adv, l)
			}
		}
		if advanced == 0 {
			t.Fatalf("seed %d: no advanced line:\n%s", seed, log)
		}
		// Cut after each line: the engine is as it was then.
		off := 0
		for n, l := range lines {
			off += len(l) + 1
			rec, err := Recover(bytes.NewReader(log[:off]), toySpec)
			if err != nil {
				t.Fatalf("seed %d cut after line %d: %v", seed, n, err)
			}
			if got, want := snap(rec.Engine), states[n]; got != want {
				t.Fatalf("seed %d cut after line %d:\n got %+v\nwant %+v", seed, n, got, want)
			}
			var rest bytes.Buffer
			tb, err := Resume(rec, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{Log: &rest, Checkpoint: yes})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if got := append(log[:off:off], rest.Bytes()...); !bytes.Equal(got, log) {
				t.Fatalf("seed %d cut after line %d: resumed log differs:\n%s\nwant\n%s", seed, n, got, log)
			}
		}
	}
}

// TestCheckpointWithoutIt: without Checkpoint the advances are logged
// only with the next line (no advanced line), as before.
func TestCheckpointWithoutIt(t *testing.T) {
	log, _, _, err := play(t, 3, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(log, []byte(`"advanced"`)) {
		t.Fatalf("an advanced line without Checkpoint:\n%s", log)
	}
	if !bytes.Contains(log, []byte(`"adv":`)) {
		t.Fatalf("no line counts advances:\n%s", log)
	}
}

// TestRecoverRefusesAnEmptyAdvancedLine: an advanced line counts at least
// one advance.
func TestRecoverRefusesAnEmptyAdvancedLine(t *testing.T) {
	log, _, _, err := play(t, 1, players(pure{}, pure{}, pure{}), Options[toyMove, toyObs, toyEvent]{ID: "g", Checkpoint: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(log), "\n")
	for i, l := range lines {
		if strings.Contains(l, `"type":"advanced"`) {
			lines[i] = strings.Replace(l, `"adv":1`, `"adv":0`, 1)
			_, err := Recover(strings.NewReader(strings.Join(lines[:i+1], "\n")+"\n"), toySpec)
			var le *LogError
			if !errors.As(err, &le) || le.Line != i || !errors.Is(err, ErrBadLine) {
				t.Fatalf("an advanced line counting nothing: %v, want ErrBadLine at line %d", err, i)
			}
			return
		}
	}
	t.Fatal("no advanced line")
}
