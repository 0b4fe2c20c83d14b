package table

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

// undoPerson is seat 0's person: it plays pure's moves and, at chosen
// decisions, asks to take its last move back instead, recording what
// came of it.
type undoPerson struct {
	t *testing.T
	p *PersonController[toyMove, toyObs]
	// undoAt says whether to take back at the n-th decision of play.
	undoAt  func(n int, d Decision[toyObs]) bool
	mu      sync.Mutex
	refused []error
	// pending says, for each refusal, whether the decision was pending
	// again as the person was told.
	pending []bool
	asks    []undoAsk
}

// undoAsk is one take-back asked: at decision at, the person's last move
// having answered decision moved (if any), and the decision after it.
type undoAsk struct {
	at, after Decision[toyObs]
	moved     *Decision[toyObs]
	answered  bool
}

func (u *undoPerson) controller() *PersonController[toyMove, toyObs] {
	u.p = NewPersonController(PersonOptions[toyMove, toyObs]{Name: "ann", UndoRefused: func(err error) {
		_, pending := u.p.Pending()
		u.mu.Lock()
		u.refused = append(u.refused, err)
		u.pending = append(u.pending, pending)
		u.mu.Unlock()
	}})
	return u.p
}

func (u *undoPerson) run(done chan struct{}, quit chan struct{}) {
	defer close(done)
	var lastMove *Decision[toyObs]
	n := 0
	for {
		var d Decision[toyObs]
		select {
		case d = <-u.p.Decisions():
		case <-quit:
			return
		}
		n++
		u.mu.Lock()
		if k := len(u.asks) - 1; k >= 0 && !u.asks[k].answered {
			u.asks[k].after, u.asks[k].answered = d, true
		}
		u.mu.Unlock()
		if d.Obs.Phase == 2 && u.undoAt(n, d) {
			u.mu.Lock()
			u.asks = append(u.asks, undoAsk{at: d, moved: lastMove})
			u.mu.Unlock()
			if err := u.p.TakeBack(d.Seq, "test"); err != nil {
				u.t.Errorf("take back at decision %d: %v", d.Seq, err)
			}
			lastMove = nil // a second take-back in a row is refused (the move before is not known here)
			continue
		}
		m, _, _ := pure{}.Decide(context.Background(), d)
		dd := d
		lastMove = &dd
		if err := u.p.Submit(d.Seq, m); err != nil {
			u.t.Errorf("decision %d: %v", d.Seq, err)
		}
	}
}

func playUndo(t *testing.T, seed uint64, allow bool, undoAt func(n int, d Decision[toyObs]) bool) ([]byte, *Table[toyMove, toyObs, toyEvent], *undoPerson) {
	t.Helper()
	return playUndoShown(t, seed, allow, false, undoAt)
}

// playUndoShown is playUndo, the advances kept as they are shown (an
// advanced line for each: Options.Checkpoint) when shown.
func playUndoShown(t *testing.T, seed uint64, allow, shown bool, undoAt func(n int, d Decision[toyObs]) bool) ([]byte, *Table[toyMove, toyObs, toyEvent], *undoPerson) {
	t.Helper()
	u := &undoPerson{t: t, undoAt: undoAt}
	ps := []Player[toyMove, toyObs]{{Name: "ann", Kind: Person, Control: u.controller()}, {Name: "p1", Kind: Level, Control: pure{}}, {Name: "p2", Kind: Level, Control: pure{}}}
	done, quit := make(chan struct{}), make(chan struct{})
	go u.run(done, quit)
	opts := Options[toyMove, toyObs, toyEvent]{Undo: allow, GameOptions: []byte("10")}
	if shown {
		opts.Checkpoint = func() bool { return true }
	}
	log, tb, _, err := runTable(t, seed, ps, opts)
	close(quit)
	<-done
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	return log, tb, u
}

// undoLines returns the log's undo lines.
func undoLines(log []byte) []string {
	var out []string
	for _, l := range strings.Split(string(log), "\n") {
		if strings.Contains(l, `"type":"undo"`) {
			out = append(out, l)
		}
	}
	return out
}

// TestUndoTakesBackTheLastMoveOfTheHand: the person takes back a move at
// every third decision of play; the decision that follows each shows the
// game exactly as it was at the move taken back (the others' moves after
// it taken back too); the log records each undo (back: the line of the
// move), replays to the live table's end, and a recovery cut just after
// an undo line is where the table stood.
func TestUndoTakesBackTheLastMoveOfTheHand(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run("seed"+itoa(int(seed)), func(t *testing.T) { testUndo(t, seed, false) })
	}
}

// TestUndoWithShownAdvances: as TestUndoTakesBackTheLastMoveOfTheHand at a
// table that keeps its advances as they are shown (advanced lines, as a
// Shengji deal paced for a person): the game made again makes them too.
func TestUndoWithShownAdvances(t *testing.T) {
	for seed := uint64(1); seed <= 8; seed++ {
		t.Run("seed"+itoa(int(seed)), func(t *testing.T) {
			testUndo(t, seed, true)
		})
	}
}

func testUndo(t *testing.T, seed uint64, shown bool) {
	log, tb, u := playUndoShown(t, seed, true, shown, func(n int, d Decision[toyObs]) bool { return n%3 == 0 })
	if shown && !strings.Contains(string(log), `"type":"advanced"`) {
		t.Fatalf("no advanced line:\n%s", log)
	}
	lines := undoLines(log)
	if len(lines)+len(u.refused) != len(u.asks) || len(lines) == 0 {
		t.Fatalf("%d take-backs asked, %d undo lines, %d refused:\n%s", len(u.asks), len(lines), len(u.refused), log)
	}
	for _, err := range u.refused {
		if !errors.Is(err, ErrNothingUndo) {
			t.Errorf("refused: %v, want nothing to take back", err)
		}
	}
	// Each accepted take-back: the next decision is the one the move
	// taken back answered, observation for observation, numbered after
	// the undo line.
	k := 0
	for _, a := range u.asks {
		written := strings.Contains(string(log), `{"type":"undo","n":`+itoa(a.at.Seq)+`,`)
		if !written {
			if a.answered && (a.after.Seq != a.at.Seq || a.after.Obs != a.at.Obs) {
				t.Errorf("after a refused undo at %d: decision %+v, want the same again", a.at.Seq, a.after)
			}
			continue
		}
		if a.moved == nil || !a.answered {
			continue // the move taken back is not known to the person here
		}
		k++
		want := *a.moved
		if a.after.Obs != want.Obs {
			t.Errorf("after the undo at line %d: observation %+v, want the one of decision %d: %+v", a.at.Seq, a.after.Obs, want.Seq, want.Obs)
		}
		if a.after.Seq <= a.at.Seq {
			t.Errorf("after the undo at line %d: decision %d", a.at.Seq, a.after.Seq)
		}
		if !strings.Contains(string(log), `{"type":"undo","n":`+itoa(a.at.Seq)+`,"seat":0,"reason":"test","back":`+itoa(want.Seq)+`}`) {
			t.Errorf("no undo line at %d back to line %d:\n%s", a.at.Seq, want.Seq, strings.Join(lines, "\n"))
		}
		// Recovered from the log cut after the undo line, the game made
		// again: the person's observation is the one of the move taken back.
		rec, err := Recover(bytes.NewReader(cutAfter(log, a.at.Seq)), toySpec)
		if err != nil {
			t.Fatalf("recovering the log cut after line %d: %v", a.at.Seq, err)
		}
		var o toyObs
		rec.Engine.Observe(0, &o)
		if o.Count != want.Obs.Count || o.Secret != want.Obs.Secret || o.Bids > want.Obs.Bids {
			t.Errorf("recovered after the undo at line %d: %+v, want the hand as at decision %d: %+v", a.at.Seq, o, want.Seq, want.Obs)
		}
	}
	if k == 0 {
		t.Error("no take-back was checked")
	}
	t.Logf("%d take-backs asked, %d done and checked, %d refused", len(u.asks), k, len(u.refused))
	// The whole log replays to where the table ended.
	rec, err := Recover(bytes.NewReader(log), toySpec)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Engine.Outcome() != tb.Engine().Outcome() || !rec.Engine.Over() {
		t.Errorf("replayed outcome %+v, the table's %+v", rec.Engine.Outcome(), tb.Engine().Outcome())
	}
	// Walk tells each undo, then the steps made again.
	var undos, redos int
	if _, err := Walk(bytes.NewReader(log), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
		if st.Type == UndoStep {
			undos++
		}
		if st.Redo {
			redos++
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if undos != len(lines) || redos == 0 {
		t.Errorf("walk: %d undo steps for %d lines, %d steps made again", undos, len(lines), redos)
	}
}

// cutAfter returns the log up to and including line n.
func cutAfter(log []byte, n int) []byte {
	ls := bytes.SplitAfter(log, []byte("\n"))
	return bytes.Join(ls[:n+1], nil)
}

// TestUndoRefused: a table without undo, and a person with no move of
// the hand to take back, are refused with the reason; nothing is written
// and the person is asked again.
func TestUndoRefused(t *testing.T) {
	once := false
	log, _, u := playUndo(t, 11, false, func(n int, d Decision[toyObs]) bool {
		if !once {
			once = true
			return true
		}
		return false
	})
	if len(u.refused) != 1 || !errors.Is(u.refused[0], ErrNoUndo) || len(undoLines(log)) != 0 {
		t.Errorf("undo at a table without it: refused %v, undo lines %q", u.refused, undoLines(log))
	}
	if len(u.asks) != 1 || !u.asks[0].answered || u.asks[0].after.Seq != u.asks[0].at.Seq || u.asks[0].after.Obs != u.asks[0].at.Obs {
		t.Errorf("after a refused undo: %+v, want the decision again", u.asks)
	}
	// The first decision of play in a hand: nothing of the hand to take back.
	once = false
	log, _, u = playUndo(t, 11, true, func(n int, d Decision[toyObs]) bool {
		if !once && d.Obs.Count == 0 {
			once = true
			return true
		}
		return false
	})
	if len(u.refused) != 1 || !errors.Is(u.refused[0], ErrNothingUndo) || len(undoLines(log)) != 0 {
		t.Errorf("undo with nothing to take back: refused %v, undo lines %q", u.refused, undoLines(log))
	}
	// Told of the refusal, the person finds the decision pending again: a
	// move sent at once in answer is taken (a page that answers the
	// refusal with a move is not told "no decision pending").
	if len(u.pending) != 1 || !u.pending[0] {
		t.Errorf("the decision was pending as the person was told of the refusal: %v, want [true]", u.pending)
	}
}

// TestUndoLogRefused: Walk refuses an undo line that takes back another
// line than the seat's last move of the hand, and one at a table whose
// header does not allow undo.
func TestUndoLogRefused(t *testing.T) {
	taken := false
	log, _, _ := playUndo(t, 11, true, func(n int, d Decision[toyObs]) bool {
		if !taken && n%3 == 0 && d.Obs.Count > 0 {
			taken = true
			return true
		}
		return false
	})
	lines := undoLines(log)
	if len(lines) == 0 {
		t.Skip("no undo was accepted with this seed")
	}
	for _, c := range []struct{ name, from, to string }{
		{"AnotherLine", `"back":`, `"back":1`},
		{"NoUndoAtTheTable", `"undo":true`, `"undo":false`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var bad []byte
			if c.name == "AnotherLine" {
				l := lines[0]
				i := strings.Index(l, c.from)
				j := i + len(c.from)
				for j < len(l) && l[j] >= '0' && l[j] <= '9' {
					j++
				}
				bad = []byte(strings.Replace(string(log), l, l[:i]+c.to+l[j:], 1))
			} else {
				bad = []byte(strings.Replace(string(log), c.from, c.to, 1))
			}
			_, err := Recover(bytes.NewReader(bad), toySpec)
			if !errors.Is(err, ErrRefusedMove) {
				t.Errorf("replay of an edited undo: %v, want ErrRefusedMove", err)
			}
		})
	}
}
