package gin

import (
	"bytes"
	"errors"
	"io"
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

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestReadLogBoundsTheLine: an endless line (/dev/zero) is refused after
// reading little more than MaxLogLine bytes.
func TestReadLogBoundsTheLine(t *testing.T) {
	cr := &countingReader{r: zeros{}}
	_, err := ReadLog(cr)
	var le *LogError
	if !errors.As(err, &le) || le.Line != 1 || !strings.Contains(err.Error(), "line longer than") {
		t.Fatalf("an endless line: %v", err)
	}
	if cr.n > 2*MaxLogLine {
		t.Fatalf("read %d bytes of an endless line, want at most %d", cr.n, 2*MaxLogLine)
	}
}

// TestReadLogBoundsTheSize: a log longer than the size limit is refused
// whatever its lines hold, and no more than the limit (and a read's worth)
// is read.
func TestReadLogBoundsTheSize(t *testing.T) {
	log := playRandom(t, Standard(), 3).Bytes()
	defer func(n int64) { maxLogSize = n }(maxLogSize)
	maxLogSize = int64(len(log))
	if _, err := ReadLog(bytes.NewReader(log)); err != nil {
		t.Fatalf("a log of exactly the limit: %v", err)
	}
	for _, cut := range []int{1, 10, len(log) / 2} {
		maxLogSize = int64(len(log) - cut)
		cr := &countingReader{r: io.MultiReader(bytes.NewReader(log), zeros{})}
		_, err := ReadLog(cr)
		if err == nil || !strings.Contains(err.Error(), "log longer than") {
			t.Fatalf("a log %d bytes over the limit: %v", cut, err)
		}
		if cr.n > maxLogSize+1 {
			t.Fatalf("read %d bytes with a limit of %d", cr.n, maxLogSize)
		}
	}
}
