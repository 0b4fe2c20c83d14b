package table

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// flaky plays pure and records what its seat sees (its watcher); at its
// nth decision that is due it fails with err once, or with cancel set
// stops the table (it is then abandoned).
type flaky struct {
	*watcher
	n      int
	err    error
	cancel func()
}

func (f *flaky) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if !d.Optional && f.n >= 0 {
		if f.n == 0 {
			f.n = -1
			if f.cancel != nil {
				f.cancel()
				<-ctx.Done()
				return toyMove{}, false, ctx.Err()
			}
			return toyMove{}, false, f.err
		}
		f.n--
	}
	return pure{}.Decide(ctx, d)
}

// walkGame is a game played to a log with every seat and a spectator
// watched: what each saw, and the engine after every line.
type walkGame struct {
	log     []byte
	seen    [MaxSeats + 1][]toyEvent // seats 0 to 2, and the spectator
	notices []Notice
	states  []toy
}

// playWatched plays seed with seat 1 flaky as f says (seats 0 and 2, and
// the level that takes seat 1 over, record into the watchers).
func playWatched(t *testing.T, seed uint64, f *flaky, opts Options[toyMove, toyObs, toyEvent]) walkGame {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ws := []*watcher{{}, f.watcher, {}}
	if f.cancel != nil {
		f.cancel = cancel
	}
	spect := &watcher{}
	var log bytes.Buffer
	var states []toy
	var tb *Table[toyMove, toyObs, toyEvent]
	opts.Seed, opts.Log, opts.Spectators = seed, &log, []Listener[toyEvent]{spect}
	opts.AfterLine = func(int) { states = append(states, snap(tb.Engine())) }
	// The level taking seat 1 over goes on recording the seat's views.
	opts.Fallback = func(Seat) Player[toyMove, toyObs] {
		return Player[toyMove, toyObs]{Name: "builtin", Kind: Level, Control: f.watcher}
	}
	tb, err := New(toySpec, players(ws[0], f, ws[2]), opts)
	if err != nil {
		t.Fatal(err)
	}
	states = append(states, snap(tb.Engine()))
	if _, err := tb.Run(ctx); err != nil && (f.cancel == nil || !errors.Is(err, context.Canceled)) {
		t.Fatal(err)
	}
	g := walkGame{log: log.Bytes(), states: states, notices: spect.notices}
	for s, w := range ws {
		g.seen[s] = w.events
	}
	g.seen[MaxSeats] = spect.events
	return g
}

// TestWalkYieldsEveryLine: Walk yields each line of a log, with its
// number, type, seat and move, and each advance a line counts before it,
// in order; the views of every deal, move and advance are what each seat
// and the spectator saw when the table played it; the engine after each
// line is the table's; control, forfeit and abandon lines come with their
// names and reasons. Whole games, one with a takeover, one forfeited and
// one abandoned.
func TestWalkYieldsEveryLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    *flaky
		opts Options[toyMove, toyObs, toyEvent]
		last StepType
	}{
		{"played out", &flaky{watcher: &watcher{}, n: -1}, Options[toyMove, toyObs, toyEvent]{}, MoveStep},
		{"a takeover", &flaky{watcher: &watcher{}, n: 3, err: errors.New("pipe closed")}, Options[toyMove, toyObs, toyEvent]{}, MoveStep},
		{"forfeited", &flaky{watcher: &watcher{}, n: 2, err: errors.New("crashed")}, Options[toyMove, toyObs, toyEvent]{Forfeit: true}, ForfeitStep},
		{"abandoned", &flaky{watcher: &watcher{}, n: 4, cancel: func() {}}, Options[toyMove, toyObs, toyEvent]{}, AbandonStep},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := playWatched(t, 5, tc.f, tc.opts)
			// What the log says, line by line.
			type logged struct {
				Type             string
				N, Adv           int
				Seat             *Seat
				Move             json.RawMessage
				From, To, Reason string
				Table, Format    int
				Game, ID         string
				Seed             *uint64
				Options, Deal    json.RawMessage
				Seats            []SeatInfo
			}
			var lines []logged
			for _, l := range bytes.SplitAfter(g.log, []byte("\n")) {
				if len(l) == 0 {
					continue
				}
				var r logged
				if err := json.Unmarshal(l, &r); err != nil {
					t.Fatal(err)
				}
				lines = append(lines, r)
			}
			var seen [MaxSeats + 1][]toyEvent
			var steps []string
			rec, err := Walk(bytes.NewReader(g.log), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
				if st.N >= len(lines) {
					return fmt.Errorf("step %+v past the log's %d lines", st, len(lines))
				}
				l := lines[st.N]
				if st.Type == AdvanceStep {
					if st.Adv < 1 || st.Adv > l.Adv {
						return fmt.Errorf("advance %d of line %d, which counts %d", st.Adv, st.N, l.Adv)
					}
				} else if st.Type.String() != l.Type || st.Adv != 0 {
					return fmt.Errorf("step %s (adv %d) at line %d, a %s line", st.Type, st.Adv, st.N, l.Type)
				}
				steps = append(steps, fmt.Sprintf("%d.%d %s", st.N, st.Adv, st.Type))
				switch st.Type {
				case HeaderStep:
					if st.Header.Game != "toy" || len(st.Header.Seats) != 3 {
						return fmt.Errorf("header %+v", st.Header)
					}
				case MoveStep:
					want, _ := json.Marshal(st.Move)
					if st.Seat != *l.Seat || !bytes.Equal(want, l.Move) {
						return fmt.Errorf("line %d: move %s by %d, logged %s by %d", st.N, want, st.Seat, l.Move, *l.Seat)
					}
				case ControlStep, ForfeitStep:
					if st.Seat != *l.Seat || st.From != l.From || st.To != l.To || st.Reason != l.Reason {
						return fmt.Errorf("line %d: %+v, logged %+v", st.N, st, l)
					}
				case AbandonStep:
					if st.Reason != l.Reason || st.Reason == "" {
						return fmt.Errorf("line %d: reason %q, logged %q", st.N, st.Reason, l.Reason)
					}
				}
				if (st.Views != nil) != (st.Type == DealStep || st.Type == MoveStep || st.Type == AdvanceStep) {
					return fmt.Errorf("%s step with views %v", st.Type, st.Views != nil)
				}
				if st.Views != nil {
					for s := range 3 {
						seen[s] = append(seen[s], st.Views.Seat[s])
					}
					seen[MaxSeats] = append(seen[MaxSeats], st.Views.Spectator)
				}
				if st.Type != AdvanceStep {
					if got := snap(st.Engine); got != g.states[st.N] {
						return fmt.Errorf("after line %d the engine is\n%+v, the table's was\n%+v", st.N, got, g.states[st.N])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			// Every line and every advance, in order.
			var want []string
			for n, l := range lines {
				for k := 1; k <= l.Adv; k++ {
					want = append(want, fmt.Sprintf("%d.%d advance", n, k))
				}
				want = append(want, fmt.Sprintf("%d.0 %s", n, l.Type))
			}
			if !reflect.DeepEqual(steps, want) {
				t.Fatalf("steps\n%q\nwant\n%q", steps, want)
			}
			if steps[len(steps)-1] != fmt.Sprintf("%d.0 %s", len(lines)-1, tc.last) {
				t.Fatalf("the last step is %s, want a %s", steps[len(steps)-1], tc.last)
			}
			for s := range g.seen {
				if !reflect.DeepEqual(seen[s], g.seen[s]) {
					t.Fatalf("viewer %d: the walk's views\n%+v\nwhat it saw\n%+v", s, seen[s], g.seen[s])
				}
			}
			if len(seen[0]) == 0 || rec.Lines != len(lines) || rec.Offset != int64(len(g.log)) {
				t.Fatalf("%d views, %d lines, offset %d, of %d lines, %d bytes", len(seen[0]), rec.Lines, rec.Offset, len(lines), len(g.log))
			}
			if tc.name == "a takeover" && (len(g.notices) != 1 || !strings.Contains(string(g.log), `"to":"builtin","reason":"pipe closed"`)) {
				t.Fatalf("notices %+v in\n%s", g.notices, g.log)
			}
		})
	}
}

// TestWalkRefusesWhatRecoverRefuses: Walk is as strict as recovery (it is
// recovery's reader): a line malformed, with an unknown field, numbered
// wrong, moving a seat that may not act, making a move the rules refuse,
// dealing what the seed did not, after a forfeit, or of another game is
// the same error naming the same line, and no step is yielded for it or
// after it (only the advances it counts, made before the rules can refuse
// a move, for a line of the right form).
func TestWalkRefusesWhatRecoverRefuses(t *testing.T) {
	g := playWatched(t, 2, &flaky{watcher: &watcher{}, n: 2, err: errors.New("crashed")}, Options[toyMove, toyObs, toyEvent]{})
	lines := strings.SplitAfter(string(g.log), "\n")
	find := func(sub string) int {
		for i, l := range lines {
			if strings.Contains(l, sub) {
				return i
			}
		}
		t.Fatalf("no line with %s in\n%s", sub, g.log)
		return 0
	}
	moveAt, dealAt, controlAt := find(`"kind":"add"`), find(`"type":"deal"`), find(`"type":"control"`)
	edit := func(i int, f func(string) string) string {
		c := append([]string(nil), lines...)
		c[i] = f(c[i])
		return strings.Join(c, "")
	}
	forfeit := `{"type":"forfeit","n":` + itoa(len(lines)-1) + `,"seat":0,"from":"p0","reason":"gone"}` + "\n"
	for _, tc := range []struct {
		name string
		log  string
		want error
		line int
	}{
		{"not JSON", edit(moveAt, func(string) string { return "{oops\n" }), ErrBadLine, moveAt},
		{"unknown field in a move", edit(moveAt, func(l string) string { return strings.Replace(l, `{`, `{"x":1,`, 1) }), ErrBadLine, moveAt},
		{"unknown field in a control line", edit(controlAt, func(l string) string { return strings.Replace(l, `{`, `{"kind":"level",`, 1) }), ErrBadLine, controlAt},
		{"control without a name", edit(controlAt, func(l string) string { return strings.Replace(l, `"to":"builtin"`, `"to":""`, 1) }), ErrBadLine, controlAt},
		{"numbering", edit(moveAt, func(l string) string { return strings.Replace(l, `"n":`, `"n":1`, 1) }), ErrBadLine, moveAt},
		{"a move the rules refuse", edit(moveAt, func(l string) string {
			return strings.Replace(strings.Replace(l, `"kind":"add","n":1`, `"kind":"add","n":7`, 1), `"kind":"add","n":2`, `"kind":"add","n":7`, 1)
		}), ErrRefusedMove, moveAt},
		{"a seat that may not act", edit(moveAt, func(l string) string {
			for s := range 3 {
				if o := `"seat":` + itoa(s) + `,`; strings.Contains(l, o) {
					return strings.Replace(l, o, `"seat":`+itoa((s+1)%3)+`,`, 1)
				}
			}
			return l
		}), ErrRefusedMove, moveAt},
		{"a deal not from the seed", edit(dealAt, func(l string) string { return strings.Replace(l, `"target":`, `"target":1`, 1) }), ErrNotSeedDeal, dealAt},
		{"a line after a forfeit", strings.Join(lines[:len(lines)-1], "") + forfeit + `{"type":"abandon","n":` + itoa(len(lines)) + `,"reason":"x"}` + "\n", ErrAfterEnd, len(lines)},
		{"an unknown type", edit(moveAt, func(l string) string { return strings.Replace(l, `"type":"move"`, `"type":"bet"`, 1) }), ErrBadLine, moveAt},
		{"another game", edit(0, func(l string) string { return strings.Replace(l, `"game":"toy"`, `"game":"gin"`, 1) }), ErrWrongGame, 0},
		{"a second header", edit(1, func(string) string { return strings.Replace(lines[0], `"n":0`, `"n":1`, 1) }), ErrBadLine, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, rerr := Recover(strings.NewReader(tc.log), toySpec)
			last, advances := -1, 0
			_, werr := Walk(strings.NewReader(tc.log), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
				if st.N == tc.line && st.Type == AdvanceStep {
					advances++
					return nil
				}
				last = st.N
				return nil
			})
			var le *LogError
			if !errors.Is(werr, tc.want) || !errors.As(werr, &le) || le.Line != tc.line {
				t.Fatalf("Walk: %v, want %v at line %d", werr, tc.want, tc.line)
			}
			if rerr == nil || rerr.Error() != werr.Error() {
				t.Fatalf("Recover: %v, Walk: %v", rerr, werr)
			}
			if last >= tc.line {
				t.Fatalf("a step at line %d of a log refused at line %d", last, tc.line)
			}
			if advances > 0 && !errors.Is(werr, ErrRefusedMove) {
				t.Fatalf("%d advances yielded for a line refused for its form", advances)
			}
		})
	}
}

// TestWalkTornTail: a log cut inside a line yields the complete lines
// only; the torn bytes are counted, as recovery cuts them. An error of the
// step function stops the walk and is returned as it is.
func TestWalkTornTail(t *testing.T) {
	g := playWatched(t, 3, &flaky{watcher: &watcher{}, n: -1}, Options[toyMove, toyObs, toyEvent]{})
	for _, cut := range []int{len(g.log) - 1, len(g.log) / 2} {
		complete := bytes.LastIndexByte(g.log[:cut], '\n') + 1
		lines := bytes.Count(g.log[:complete], []byte("\n"))
		last := -1
		rec, err := Walk(bytes.NewReader(g.log[:cut]), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
			last = st.N
			return nil
		})
		if err != nil || rec.Torn != cut-complete || rec.Offset != int64(complete) || rec.Lines != lines || last != lines-1 {
			t.Fatalf("cut at %d: %v, torn %d, offset %d, %d lines, last step at line %d; want torn %d at %d, %d lines",
				cut, err, rec.Torn, rec.Offset, rec.Lines, last, cut-complete, complete, lines)
		}
	}
	stop := errors.New("enough")
	steps := 0
	_, err := Walk(bytes.NewReader(g.log), toySpec, func(st Step[toyMove, toyObs, toyEvent]) error {
		if steps++; st.Type == MoveStep {
			return stop
		}
		return nil
	})
	var le *LogError
	if err != stop || errors.As(err, &le) || steps < 2 {
		t.Fatalf("the step function's error: Walk returned %v after %d steps", err, steps)
	}
}
