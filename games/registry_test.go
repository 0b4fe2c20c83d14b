package games_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"felt/games"
	"felt/games/gamestest"
	gamesgin "felt/games/gin"
	gamessj "felt/games/shengji"
	"felt/program"
	"felt/table"
)

// play runs a whole game of d, seated by its levels (seat i plays
// levels[(seed+i) % len], seeded seed*10+i) under its default rules, and
// returns the table's log, all that the seats and a spectator were told,
// in d's wire forms (each decision's observation, legal moves and the
// move made, each event), and what each may see after each line. With
// erased, the same game with its types
// erased, every value is also put through erased's wire forms, which must
// give the same bytes.
func play[M, O, E any](t *testing.T, d *games.Def[M, O, E], erased *games.Def[any, any, any], seed uint64) played[M, O, E] {
	t.Helper()
	g, err := games.Lookup(d.Name)
	if err != nil {
		t.Fatal(err)
	}
	rules, err := g.Rules("")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	var tally tally
	names := d.LevelNames()
	var ps []table.Player[M, O]
	for i := range d.Seats[0] {
		p, err := d.Level(names[(int(seed)+i)%len(names)], seed*10+uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		p.Control = &teller[M, O, E]{t: t, d: d, erased: erased, seat: table.Seat(i), inner: p.Control, out: &out, tally: &tally}
		ps = append(ps, p)
	}
	var lb bytes.Buffer
	var tb *table.Table[M, O, E]
	opts := table.Options[M, O, E]{ID: "any", Seed: seed, GameOptions: rules, Log: &lb,
		Spectators: []table.Listener[E]{&teller[M, O, E]{t: t, d: d, erased: erased, seat: table.MaxSeats, out: &out, tally: &tally}}}
	var seen bytes.Buffer
	if d.Visible != nil {
		// what each seat and a spectator may see, after every line
		seats := append(make([]table.Seat, 0, d.Seats[0]+1), table.MaxSeats)
		for s := range d.Seats[0] {
			seats = append(seats, table.Seat(s))
		}
		opts.AfterLine = func(n int) {
			fmt.Fprintf(&seen, "line %d:", n)
			for _, s := range seats {
				fmt.Fprintf(&seen, " %s", d.Visible(tb.Engine(), s))
			}
			seen.WriteByte('\n')
		}
	}
	tb, err = table.New(d.Spec, ps, opts)
	if err != nil {
		t.Fatal(err)
	}
	res, err := tb.Run(context.Background())
	if err != nil || !res.Over {
		t.Fatalf("%s seed %d: %v %+v", d.Name, seed, err, res)
	}
	return played[M, O, E]{log: lb.Bytes(), told: out.Bytes(), seen: seen.Bytes(), res: res, eng: tb.Engine(), tally: tally}
}

// played is a whole game play ran: its log, what was told (see play),
// what each seat might see after each line (Def.Visible), the result, the
// engine at the end and the tally of the checks against the erased wire
// forms.
type played[M, O, E any] struct {
	log, told, seen []byte
	res             table.Result
	eng             table.Engine[M, O, E]
	tally           tally
}

// tally counts the values put through the erased wire forms, and the
// moves the game's Check refused; last is the last move made, in its wire
// form, which is checked again at the next decision (often another seat's,
// where it is often illegal).
type tally struct {
	checked, refused int
	last             []byte
}

// teller is a seat's controller (or a spectator) that writes down what it
// is told in its game's wire forms.
type teller[M, O, E any] struct {
	t      *testing.T
	d      *games.Def[M, O, E]
	erased *games.Def[any, any, any]
	seat   table.Seat
	inner  table.Controller[M, O]
	out    *bytes.Buffer
	tally  *tally
}

// wire marshals v, and with erased checks that the erased wire form
// (also) marshals to the same bytes.
func (k *teller[M, O, E]) wire(what string, v, erased func() (any, error)) []byte {
	k.t.Helper()
	b, err := marshal(v)
	if err != nil {
		k.t.Fatalf("%s: %s: %v", k.d.Name, what, err)
	}
	if k.erased != nil {
		if e, err := marshal(erased); err != nil || !bytes.Equal(e, b) {
			k.t.Fatalf("%s: %s: the erased wire gives %s (%v), the typed %s", k.d.Name, what, e, err, b)
		}
		k.tally.checked++
	}
	return b
}

func marshal(v func() (any, error)) ([]byte, error) {
	x, err := v()
	if err != nil {
		return nil, err
	}
	return json.Marshal(x)
}

func (k *teller[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	w, e := k.d.Wire, k.erasedWire()
	obs := k.wire("an observation", func() (any, error) { return wireOf(w.Obs, d.Obs), nil },
		func() (any, error) { return wireOf(e.Obs, any(d.Obs)), nil })
	legal := k.wire("the legal moves", func() (any, error) {
		o := d.Obs
		return legalOf(w, &o)
	}, func() (any, error) {
		var o any = d.Obs
		return legalOf(e, &o)
	})
	if k.erased != nil && w.Check != nil && k.tally.last != nil {
		k.check(d.Obs, k.tally.last)
	}
	m, ok, err := k.inner.Decide(ctx, d)
	var move []byte
	if ok && err == nil {
		move = k.wire("a move", func() (any, error) { return codec(w.Codec, []M{m}, 0) },
			func() (any, error) { return codec(e.Codec, []any{m}, 0) })
		if k.erased != nil {
			b, _ := w.Codec.MarshalMove(m)
			k.check(d.Obs, b)
			k.tally.last = b
		}
	}
	fmt.Fprintf(k.out, "seat %d seq %d optional %v: %s legal %s move %s %v\n", d.Seat, d.Seq, d.Optional, obs, legal, move, ok)
	return m, ok, err
}

// check reads move b with the typed and the erased codec, which must read
// the same move, and checks it against o with the typed and the erased
// Check, which must say the same.
func (k *teller[M, O, E]) check(o O, b []byte) {
	k.t.Helper()
	w, e := k.d.Wire, k.erasedWire()
	tm, terr := w.Codec.UnmarshalMove(b)
	em, eerr := e.Codec.UnmarshalMove(b)
	if !reflect.DeepEqual(any(tm), em) || fmt.Sprint(terr) != fmt.Sprint(eerr) {
		k.t.Fatalf("%s: move %s read as %#v (%v), erased %#v (%v)", k.d.Name, b, tm, terr, em, eerr)
	}
	if w.Check == nil || terr != nil {
		return
	}
	eo := any(o)
	cerr, ecerr := w.Check(&o, tm), e.Check(&eo, em)
	if fmt.Sprint(cerr) != fmt.Sprint(ecerr) {
		k.t.Fatalf("%s: move %s checked: %v, erased %v", k.d.Name, b, cerr, ecerr)
	}
	if cerr != nil {
		k.tally.refused++
	}
}

func (k *teller[M, O, E]) Event(s table.Seat, ev E) {
	e := k.erasedWire()
	b := k.wire("an event", func() (any, error) { return wireOf(k.d.Wire.Event, ev), nil },
		func() (any, error) { return wireOf(e.Event, any(ev)), nil })
	fmt.Fprintf(k.out, "seat %d (%d) event %s\n", k.seat, s, b)
}

func (k *teller[M, O, E]) Notice(n table.Notice) {
	fmt.Fprintf(k.out, "seat %d notice %+v\n", k.seat, n)
}

func (k *teller[M, O, E]) erasedWire() program.Game[any, any, any] {
	if k.erased == nil {
		return program.Game[any, any, any]{}
	}
	return k.erased.Wire
}

// wireOf is v's wire form by f (v itself when the game has none).
func wireOf[V any](f func(V) any, v V) any {
	if f == nil {
		return v
	}
	return f(v)
}

// legalOf is a decision's legal moves in wire form.
func legalOf[M, O, E any](w program.Game[M, O, E], o *O) (any, error) {
	if w.Legal == nil {
		return nil, nil
	}
	ms, more := w.Legal(o)
	return codec(w.Codec, ms, more)
}

// codec marshals moves, with how many more there are.
func codec[M any](c program.Codec[M], ms []M, more int) (any, error) {
	out := make([]json.RawMessage, len(ms))
	for i, m := range ms {
		b, err := c.MarshalMove(m)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return struct {
		Moves []json.RawMessage
		More  int
	}{out, more}, nil
}

// fewer is n games, or with -short or the race detector one.
func fewer(n uint64) uint64 {
	if testing.Short() || gamestest.Race {
		return 1
	}
	return n
}

// realGames are the games this package's tests register (through their
// packages' init), in the order registered.
var realGames = []string{"gin", "shengji"}

// TestLookup: each game's package registers it under its name, as the
// Def the package exports.
func TestLookup(t *testing.T) {
	for name, erased := range map[string]*games.Def[any, any, any]{"gin": gamesgin.Game.Any(), "shengji": gamessj.Game.Any()} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if a := g.About(); a.Name != name || !reflect.DeepEqual(a, erased.Info) {
			t.Fatalf("%s: found %+v", name, a)
		}
		if g.Any() != erased {
			t.Fatalf("%s: the registered game is not the package's Def", name)
		}
		if _, err := g.Rules(""); err != nil {
			t.Fatalf("%s: default rules: %v", name, err)
		}
	}
}

// TestLookupUnknown: a game the registry does not know is ErrUnknownGame,
// and the error names the games there are; so is a table log of it.
func TestLookupUnknown(t *testing.T) {
	g, err := games.Lookup("chess")
	if !errors.Is(err, games.ErrUnknownGame) || g != nil {
		t.Fatalf("chess: %v %v", g, err)
	}
	for _, want := range append([]string{`"chess"`}, realGames...) {
		if !strings.Contains(err.Error(), want) {
			t.Fatalf("chess: %q does not name %s", err, want)
		}
	}
	_, err = games.GameOf([]byte(`{"type":"header","n":0,"table":1,"game":"chess"}`))
	var le *table.LogError
	if !errors.Is(err, games.ErrUnknownGame) || !errors.As(err, &le) || le.Line != 0 {
		t.Fatalf("a chess log: %v", err)
	}
}

// nothing is a table factory for games that are never played.
func nothing(uint64, json.RawMessage) (table.Engine[int, int, int], error) {
	return nil, errors.New("not a game")
}

// TestRegisterRefuses: a second game of a registered name, and a game
// whose Spec's Kind (the name its logs carry) is not its name, are
// refused, and the registry stays as it was.
func TestRegisterRefuses(t *testing.T) {
	again := &games.Def[int, int, int]{Info: games.Info{Name: "gin", Seats: []int{2}},
		Spec: table.Spec[int, int, int]{Kind: "gin", New: nothing}}
	if err := games.Register(again); !errors.Is(err, games.ErrRegistered) {
		t.Fatalf("a second gin: %v", err)
	}
	if err := games.Register(gamesgin.Game); !errors.Is(err, games.ErrRegistered) {
		t.Fatalf("gin again: %v", err)
	}
	other := &games.Def[int, int, int]{Info: games.Info{Name: "checkers", Seats: []int{2}},
		Spec: table.Spec[int, int, int]{Kind: "draughts", New: nothing}}
	if err := games.Register(other); err == nil || !strings.Contains(err.Error(), "checkers") {
		t.Fatalf("a game whose Spec.Kind is not its name: %v", err)
	}
	for _, name := range []string{"checkers", "draughts"} {
		if _, err := games.Lookup(name); !errors.Is(err, games.ErrUnknownGame) {
			t.Fatalf("%s registered: %v", name, err)
		}
	}
	if g, _ := games.Lookup("gin"); g.Any() != gamesgin.Game.Any() {
		t.Fatal("gin is no longer the gin package's game")
	}
	if got := games.Names(); !slices.Equal(got, realGames) {
		t.Fatalf("names %v after the refusals, want %v", got, realGames)
	}
}

// TestNames: Names and All list the games in the order registered.
func TestNames(t *testing.T) {
	if got := games.Names(); !slices.Equal(got, realGames) {
		t.Fatalf("names %v, want %v", got, realGames)
	}
	all := games.All()
	if len(all) != len(realGames) {
		t.Fatalf("%d games, want %d", len(all), len(realGames))
	}
	for i, g := range all {
		if g.About().Name != realGames[i] {
			t.Fatalf("game %d is %s, want %s", i, g.About().Name, realGames[i])
		}
	}
}

// TestVerify: a whole game's log of each registered game verifies through
// the registry, and with its last line torn verifies to the line before;
// a log of a game the registry does not know is refused; a replay log's
// header is not a table log's.
func TestVerify(t *testing.T) {
	for _, g := range games.All() {
		p := play(t, g.Any(), nil, 2)
		v, err := games.Verify(bytes.NewReader(p.log))
		if err != nil || v.Outcome != p.res.Outcome || v.Lines != p.res.Lines || v.Torn != 0 || !games.IsTableLog(p.log[:bytes.IndexByte(p.log, '\n')]) {
			t.Fatalf("%s: %v %+v", g.About().Name, err, v)
		}
		cut := len(p.log) - 5
		v, err = games.Verify(bytes.NewReader(p.log[:cut]))
		if err != nil || v.Lines != p.res.Lines-1 || int(v.Offset)+v.Torn != cut {
			t.Fatalf("%s cut: %v %+v", g.About().Name, err, v)
		}
	}
	if _, err := games.Verify(bytes.NewReader([]byte(`{"type":"header","n":0,"table":1,"game":"chess"}` + "\n"))); !errors.Is(err, games.ErrUnknownGame) {
		t.Fatalf("chess: %v", err)
	}
	if games.IsTableLog([]byte(`{"type":"header","format":1,"game":"gin"}`)) {
		t.Fatal("a gin replay log's header taken for a table log's")
	}
}

// TestAnyPlaysAsTyped: whole games of each real game, one a seed with the
// levels in turn at its seats (each level at each seat; with -short or the
// race detector, each level once), played with the erased Spec and the erased
// levels (Def.Any) write the same log byte for byte as with the typed
// Spec and levels, and tell every seat and a spectator the same things;
// what each seat may see (Visible) after each line reads the same through
// the erasure, and the erased engine holds the game's own.
func TestAnyPlaysAsTyped(t *testing.T) {
	anyPlaysAsTyped(t, gamesgin.Game)
	anyPlaysAsTyped(t, gamessj.Game)
}

func anyPlaysAsTyped[M, O, E any](t *testing.T, d *games.Def[M, O, E]) {
	t.Helper()
	n := len(d.Levels) // each level at each seat
	if testing.Short() || gamestest.Race {
		n = (len(d.Levels) + d.Seats[0] - 1) / d.Seats[0] // each level once
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		typed := play(t, d, nil, seed)
		erased := play(t, d.Any(), nil, seed)
		if !bytes.Equal(typed.log, erased.log) {
			t.Fatalf("%s seed %d: the erased game wrote another log", d.Name, seed)
		}
		if !bytes.Equal(typed.told, erased.told) {
			t.Fatalf("%s seed %d: the erased game told the seats other things", d.Name, seed)
		}
		if !bytes.Equal(typed.seen, erased.seen) || len(typed.seen) == 0 {
			t.Fatalf("%s seed %d: the seats may see other cards through the erasure", d.Name, seed)
		}
		if typed.res != erased.res {
			t.Fatalf("%s seed %d: result %+v, erased %+v", d.Name, seed, typed.res, erased.res)
		}
		if bytes.Count(typed.log, []byte("\n")) < 3 || !bytes.Contains(typed.told, []byte(" event ")) || !bytes.Contains(typed.told, []byte(" move ")) {
			t.Fatalf("%s seed %d: hardly a game:\n%s", d.Name, seed, typed.log)
		}
		inner, ok := games.Unwrap[M, O, E](erased.eng)
		if !ok || games.Inner(erased.eng) != any(inner) {
			t.Fatalf("%s: the erased engine %T does not hold the game's own", d.Name, erased.eng)
		}
		if !reflect.DeepEqual(inner, typed.eng) {
			t.Fatalf("%s seed %d: the erased game ended elsewhere", d.Name, seed)
		}
		for s := range table.Seat(d.Seats[0]) + 1 {
			if s == table.Seat(d.Seats[0]) {
				s = table.MaxSeats
			}
			if got, want := d.Any().Visible(erased.eng, s), d.Visible(typed.eng, s); got != want || want == 0 {
				t.Fatalf("%s seed %d: seat %d may see %s through the erasure, %s typed", d.Name, seed, s, got, want)
			}
		}
		t.Logf("%s seed %d: %d lines, %d bytes told", d.Name, seed, typed.res.Lines, len(typed.told))
	}
}

// TestAnyWire: at every decision and event of whole games of each real
// game, the erased Wire (Def.Any().Wire) gives the same bytes as the
// typed Wire: the observation, the legal moves, the move made (read back
// as the same move, checked alike, as is the move before it, often
// illegal there) and each event; handed a value of another type it
// refuses it.
func TestAnyWire(t *testing.T) {
	anyWire(t, gamesgin.Game)
	anyWire(t, gamessj.Game)
}

func anyWire[M, O, E any](t *testing.T, d *games.Def[M, O, E]) {
	t.Helper()
	checked, refused := 0, 0
	for seed := uint64(1); seed <= fewer(2); seed++ {
		p := play(t, d, d.Any(), seed)
		checked, refused = checked+p.tally.checked, refused+p.tally.refused
	}
	if checked < 100 || d.Wire.Check != nil && refused == 0 {
		t.Fatalf("%s: %d values checked, %d moves refused", d.Name, checked, refused)
	}
	t.Logf("%s: %d wire values the same erased, %d moves refused alike", d.Name, checked, refused)
	w := d.Any().Wire
	var foreign any = struct{ X int }{1}
	if _, err := w.Codec.MarshalMove(foreign); err == nil {
		t.Fatalf("%s: marshalled another game's move", d.Name)
	}
	if w.Legal != nil {
		if ms, more := w.Legal(&foreign); len(ms) != 0 || more != 0 {
			t.Fatalf("%s: legal moves %v for another game's observation", d.Name, ms)
		}
	}
	if w.Check != nil {
		if err := w.Check(&foreign, foreign); err == nil {
			t.Fatalf("%s: checked another game's move", d.Name)
		}
	}
}

// TestAnyLevel: an erased level (Def.Any().Level) is the typed level: the
// same name, kind and deadline, handed the same decisions (seat, line,
// whether it may decline, observation) in a whole game of each real game.
func TestAnyLevel(t *testing.T) {
	anyLevel(t, gamesgin.Game)
	anyLevel(t, gamessj.Game)
}

func anyLevel[M, O, E any](t *testing.T, real *games.Def[M, O, E]) {
	t.Helper()
	var handed bytes.Buffer
	// real's levels, each with a deadline of its own and writing down
	// every decision it is handed
	d := &games.Def[M, O, E]{Info: real.Info, Spec: real.Spec, Wire: real.Wire, Visible: real.Visible,
		Level: func(name string, seed uint64) (table.Player[M, O], error) {
			p, err := real.Level(name, seed)
			p.Deadline = time.Hour + time.Duration(seed)
			p.Control = handedTo[M, O]{p.Control, real.Wire.Obs, &handed}
			return p, err
		}}
	for _, name := range d.LevelNames() {
		p, err := d.Level(name, 7)
		e, eerr := d.Any().Level(name, 7)
		if err != nil || eerr != nil || e.Name != p.Name || e.Kind != p.Kind || e.Deadline != p.Deadline {
			t.Fatalf("%s level %s: %+v (%v), erased %+v (%v)", d.Name, name, p, err, e, eerr)
		}
	}
	if _, err := d.Any().Level("nobody", 1); err == nil {
		t.Fatalf("%s: an erased level of no name", d.Name)
	}
	for seed := uint64(1); seed <= fewer(2); seed++ {
		handed.Reset()
		typed := play(t, d, nil, seed)
		want := bytes.Clone(handed.Bytes())
		handed.Reset()
		erased := play(t, d.Any(), nil, seed)
		if !bytes.Equal(handed.Bytes(), want) || len(want) == 0 {
			t.Fatalf("%s seed %d: the erased levels were handed other decisions", d.Name, seed)
		}
		if !bytes.Equal(typed.log, erased.log) {
			t.Fatalf("%s seed %d: the erased game wrote another log", d.Name, seed)
		}
	}
}

// handedTo is a controller writing down each decision it is handed, its
// observation in the wire form obs.
type handedTo[M, O any] struct {
	inner table.Controller[M, O]
	obs   func(O) any
	out   *bytes.Buffer
}

func (h handedTo[M, O]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	b, err := json.Marshal(table.Decision[any]{Seat: d.Seat, Seq: d.Seq, Optional: d.Optional, Obs: wireOf(h.obs, d.Obs)})
	if err != nil {
		return *new(M), false, err
	}
	fmt.Fprintf(h.out, "%s\n", b)
	return h.inner.Decide(ctx, d)
}
