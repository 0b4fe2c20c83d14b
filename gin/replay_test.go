package gin

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// playRandom plays a recorded game with uniformly random legal actions.
func playRandom(t testing.TB, r Rules, seed uint64) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	rec, err := NewRecordedGame(&buf, r, seed, [2]string{"random", "random"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	var acts []Action
	for steps := 0; !rec.Game().Over(); steps++ {
		if steps > 100000 {
			t.Fatal("game did not end")
		}
		h := rec.Game().Hand()
		if h.Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		acts = h.LegalActions(acts[:0])
		// prefer knocking when possible so games end
		a := acts[rng.IntN(len(acts))]
		for _, x := range acts {
			if x.Kind == Knock || x.Kind == BigGin {
				a = x
			}
		}
		if err := rec.Apply(h.Turn(), a); err != nil {
			t.Fatalf("legal action %s refused: %v", a, err)
		}
	}
	return &buf
}

func TestReplayRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		for _, r := range []Rules{Standard(), EAAI()} {
			log := playRandom(t, r, seed)
			rp, err := ReadLog(bytes.NewReader(log.Bytes()))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !rp.Complete() {
				t.Fatalf("seed %d: replay not complete", seed)
			}
		}
	}
}

func TestReplayRefusesEditedLog(t *testing.T) {
	log := playRandom(t, Standard(), 5).String()
	lines := strings.Split(strings.TrimSuffix(log, "\n"), "\n")
	// Change the deadwood of the 5th line (an action).
	edited := append([]string(nil), lines...)
	edited[4] = strings.Replace(edited[4], `"deadwood":`, `"deadwood":1`, 1)
	_, err := ReadLog(strings.NewReader(strings.Join(edited, "\n")))
	var le *LogError
	if !errors.As(err, &le) || le.Line != 5 {
		t.Fatalf("edited log: got %v, want a LogError on line 5", err)
	}
	// Cut a line in half.
	cut := strings.Join(lines[:7], "\n") + "\n" + lines[7][:len(lines[7])/2]
	_, err = ReadLog(strings.NewReader(cut))
	if !errors.As(err, &le) || le.Line != 8 {
		t.Fatalf("cut log: got %v, want a LogError on line 8", err)
	}
}
