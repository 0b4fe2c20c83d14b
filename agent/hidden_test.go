package agent

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
)

// referee follows a game from the full state, not from observations, and
// keeps for each seat every card it could have seen in the current hand:
// the cards it held, every card that lay on the discard pile (the upcard,
// discards, cards later taken back), and both hands once the hand is over.
type referee struct {
	g    *gin.Game
	hand int
	seen [2]card.Set
}

// update adds what each seat can see now.
func (r *referee) update() {
	if n := r.g.HandNumber(); n != r.hand {
		r.hand, r.seen = n, [2]card.Set{}
	}
	h := r.g.Hand()
	var pile card.Set
	for i := 0; i < h.Pile().Len(); i++ {
		pile = pile.Add(h.Pile().At(i))
	}
	for s := gin.Seat(0); s < 2; s++ {
		r.seen[s] |= h.Cards(s) | pile
		if h.Over() {
			r.seen[s] |= h.Cards(0) | h.Cards(1)
		}
	}
}

// kept is one decision as a player kept it: the pointer it was given, a
// deep copy made when it was given, and what its seat could see then.
type kept struct {
	d     *Decision
	given Decision
	seat  gin.Seat
	hand  int
	seen  card.Set
}

// keeper is a player that keeps every Decision it is given (as a web
// server keeps a pending decision for a reconnect) and lets inner choose.
type keeper struct {
	inner Player
	seat  gin.Seat
	ref   *referee
	kept  *[]kept
}

func (k *keeper) Name() string { return k.inner.Name() }
func (k *keeper) Act(ctx context.Context, d *Decision) (gin.Action, error) {
	k.ref.update()
	*k.kept = append(*k.kept, kept{d: d, given: cloneDecision(d), seat: k.seat, hand: k.ref.hand, seen: k.ref.seen[k.seat]})
	return k.inner.Act(ctx, d)
}
func (k *keeper) Notify(ctx context.Context, ev Event) error { return k.inner.Notify(ctx, ev) }
func (k *keeper) Close() error                               { return k.inner.Close() }

// cloneDecision copies d and everything it points to.
func cloneDecision(d *Decision) Decision {
	c := Decision{Obs: cloneObs(d.Obs)}
	for _, ev := range d.Events {
		if ev.Obs != nil {
			o := cloneObs(*ev.Obs)
			ev.Obs = &o
		}
		if ev.Game != nil {
			g := *ev.Game
			ev.Game = &g
		}
		c.Events = append(c.Events, ev)
	}
	return c
}

func cloneObs(o gin.Observation) gin.Observation {
	if o.Result != nil {
		r := *o.Result
		r.Showdown.Layoffs = slices.Clone(r.Showdown.Layoffs)
		o.Result = &r
	}
	return o
}

// decisionCards returns every card a decision mentions.
func decisionCards(d *Decision) card.Set {
	s := obsCards(&d.Obs)
	for _, ev := range d.Events {
		s = s.Add(ev.Card)
		if ev.Obs != nil {
			s |= obsCards(ev.Obs)
		}
	}
	for _, a := range d.Legal() {
		s = s.Add(a.Card) | a.Show.Melded()
	}
	return s
}

// obsCards returns every card an observation mentions.
func obsCards(o *gin.Observation) card.Set {
	s := o.Hand | o.OpponentTook | o.OpponentPassed | o.OpponentDiscarded | o.Discarded | o.Took | o.Passed
	s |= card.SetOf(o.JustTaken, o.Drawn, o.Upcard)
	for i := 0; i < o.Pile.Len(); i++ {
		s = s.Add(o.Pile.At(i))
	}
	for i := 0; i < o.OpponentMoves.Len(); i++ {
		m := o.OpponentMoves.At(i)
		s = s.Add(m.Card).Add(m.Declined)
	}
	if r := o.Result; r != nil {
		sd := &r.Showdown
		s |= sd.KnockerCards | sd.DefenderCards | sd.Knocker.Melded() | sd.Defender.Melded()
		for _, l := range sd.Layoffs {
			s = s.Add(l.Card) | l.Onto.Set()
		}
	}
	return s
}

// TestPlay_KeptDecisionsHoldOnlyWhatTheSeatSaw keeps every Decision each
// player is given over many games between built-in levels, and checks at
// the end that none — neither the pointer as kept nor its contents as
// given — holds a card its seat could not see when it was given, and that
// none changed after it was given. A driver that reuses one Decision for
// both seats, or lets Events share storage with its queue, shows one seat
// the other's hand here.
func TestPlay_KeptDecisionsHoldOnlyWhatTheSeatSaw(t *testing.T) {
	pairs := [][2]string{
		{"random", "simple"}, {"simple", "easy"}, {"easy", "normal"},
		{"normal", "simple"}, {"normal", "normal"}, {"simple", "random"},
		{"hard", "normal"}, {"simple", "hard"},
	}
	games := 40
	if testing.Short() {
		games = 5
	}
	var all []kept
	played := 0
	for i, pair := range pairs {
		n := games
		if slices.Contains(pair[:], "hard") {
			n = games / 10 // the hard player searches: slow under the race detector
		}
		for n := range n {
			seed := uint64(1000*i + n)
			rules := gin.Standard()
			if n%3 == 1 {
				rules = gin.EAAI()
			}
			rec, err := gin.NewRecordedGame(io.Discard, rules, seed, pair)
			if err != nil {
				t.Fatal(err)
			}
			ref := &referee{g: rec.Game()}
			var players [2]Player
			for s := gin.Seat(0); s < 2; s++ {
				p, err := New(pair[s], seed*2+uint64(s), Options{Rules: rules, Seat: s})
				if err != nil {
					t.Fatal(err)
				}
				players[s] = &keeper{inner: p, seat: s, ref: ref, kept: &all}
			}
			hooks := &Hooks{
				Moved:    func(gin.Seat, gin.Action, card.Card) { ref.update() },
				HandOver: func(*gin.Hand) { ref.update() },
			}
			out, err := Play(context.Background(), rec, players, hooks)
			if err != nil {
				t.Fatalf("%v seed %d: %v", pair, seed, err)
			}
			if out.Forfeit {
				t.Fatalf("%v seed %d: forfeit: %s", pair, seed, out.Reason)
			}
			played++
		}
	}
	seatsSeen := [2]int{}
	leaks, changed := 0, 0
	for i, k := range all {
		seatsSeen[k.seat]++
		for _, v := range []struct {
			what string
			d    *Decision
		}{{"as kept", k.d}, {"as given", &k.given}} {
			if hidden := decisionCards(v.d) &^ k.seen; hidden != 0 {
				if leaks++; leaks <= 5 {
					t.Errorf("decision %d (seat %d, hand %d) %s holds %v, which its seat could not see (its hand then %v)",
						i, k.seat, k.hand, v.what, hidden, k.given.Obs.Hand)
				}
			}
		}
		if !reflect.DeepEqual(*k.d, k.given) {
			if changed++; changed <= 5 {
				t.Errorf("decision %d (seat %d, hand %d) changed after it was given:\n given %+v\n later %+v",
					i, k.seat, k.hand, k.given.Obs, k.d.Obs)
			}
		}
	}
	if leaks > 0 || changed > 0 {
		t.Errorf("of %d decisions kept over %d games: %d views held hidden cards, %d decisions changed after they were given",
			len(all), played, leaks, changed)
	}
	if seatsSeen[0] == 0 || seatsSeen[1] == 0 {
		t.Fatalf("decisions kept per seat: %v", seatsSeen)
	}
}

// TestSeated_KeptDecisionsHoldOnlyWhatTheSeatSaw drives games the way the
// terminal game does — one Observation variable reused for every call — with
// both seats Seated, keeps every Decision and every Event, and checks that
// none holds a card its seat could not see and none changed afterwards.
func TestSeated_KeptDecisionsHoldOnlyWhatTheSeatSaw(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 5
	}
	type keptEvent struct {
		ev    *Event
		given Event
		seat  gin.Seat
		seen  card.Set
	}
	var all []kept
	var events []keptEvent
	for n := range games {
		seed := uint64(n)
		g, err := gin.NewGame(gin.Standard(), gin.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		ref := &referee{g: g}
		var seated [2]*Seated
		for s := gin.Seat(0); s < 2; s++ {
			p, err := New(ginbot.Levels()[1+(n+int(s))%3], seed*2+uint64(s), Options{Seat: s})
			if err != nil {
				t.Fatal(err)
			}
			rp := &recordingNotify{keeper: keeper{inner: p, seat: s, ref: ref, kept: &all}}
			rp.onEvent = func(ev *Event) {
				ref.update()
				c := cloneDecision(&Decision{Events: []Event{*ev}})
				events = append(events, keptEvent{ev: ev, given: c.Events[0], seat: s, seen: ref.seen[s]})
			}
			seated[s] = NewSeated(rp, seed)
		}
		var obs gin.Observation // reused for every call, as a caller may
		for !g.Over() {
			ref.update()
			h := g.Hand()
			if h.Over() {
				for s := gin.Seat(0); s < 2; s++ {
					obs = g.Observe(s)
					seated[s].HandEnded(&obs)
				}
				if err := g.NextHand(); err != nil {
					t.Fatal(err)
				}
				continue
			}
			seat := h.Turn()
			obs = g.Observe(seat)
			a := seated[seat].Act(&obs)
			obs = g.Observe(seat.Other()) // the caller moves on
			if err := g.Apply(seat, a); err != nil {
				t.Fatalf("seat %d: %v", seat, err)
			}
		}
		for s := range seated {
			if err := seated[s].Problem(); err != nil {
				t.Fatalf("seat %d fell back: %v", s, err)
			}
		}
	}
	bad := 0
	for i, k := range all {
		if hidden := decisionCards(k.d) &^ k.seen; hidden != 0 || !reflect.DeepEqual(*k.d, k.given) {
			if bad++; bad <= 5 {
				t.Errorf("decision %d (seat %d, hand %d) holds hidden %v or changed after it was given", i, k.seat, k.hand, hidden)
			}
		}
	}
	for i, k := range events {
		d := &Decision{Events: []Event{*k.ev}}
		if hidden := decisionCards(d) &^ k.seen; hidden != 0 || !reflect.DeepEqual(*k.ev, k.given) {
			if bad++; bad <= 10 {
				t.Errorf("event %d (%s to seat %d) holds hidden %v or changed after it was sent", i, k.ev.Kind, k.seat, hidden)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d decisions and %d events held hidden cards or changed", bad, len(all), len(events))
	}
	if len(all) == 0 || len(events) == 0 {
		t.Fatalf("kept %d decisions, %d events", len(all), len(events))
	}
}

// recordingNotify is a keeper that also keeps every event it is told.
type recordingNotify struct {
	keeper
	onEvent func(*Event)
}

func (r *recordingNotify) Notify(ctx context.Context, ev Event) error {
	r.onEvent(&ev)
	return r.keeper.Notify(ctx, ev)
}

// scribbler is a hostile player: it records a deep copy of everything it
// is given, then overwrites everything reachable from it.
type scribbler struct {
	inner    Player
	scribble bool
	got      *[]Decision
}

func (s *scribbler) Name() string { return s.inner.Name() }
func (s *scribbler) Act(ctx context.Context, d *Decision) (gin.Action, error) {
	*s.got = append(*s.got, cloneDecision(d))
	a, err := s.inner.Act(ctx, d)
	if s.scribble {
		scribbleDecision(d)
	}
	return a, err
}
func (s *scribbler) Notify(ctx context.Context, ev Event) error {
	*s.got = append(*s.got, cloneDecision(&Decision{Events: []Event{ev}}))
	err := s.inner.Notify(ctx, ev)
	if s.scribble {
		scribbleDecision(&Decision{Events: []Event{ev}})
	}
	return err
}
func (s *scribbler) Close() error { return s.inner.Close() }

func scribbleDecision(d *Decision) {
	scribbleObs(&d.Obs)
	for i := range d.Events {
		if o := d.Events[i].Obs; o != nil {
			scribbleObs(o)
		}
		if g := d.Events[i].Game; g != nil {
			*g = gin.GameResult{Winner: 1, Final: [2]int{-1, -1}}
		}
		d.Events[i] = Event{Kind: GameEndEvent, Card: card.New(card.King, card.Hearts)}
	}
}

func scribbleObs(o *gin.Observation) {
	if r := o.Result; r != nil {
		for i := range r.Showdown.Layoffs {
			r.Showdown.Layoffs[i] = gin.Layoff{Card: card.New(card.King, card.Hearts)}
		}
		*r = gin.Result{Points: -1}
	}
	*o = gin.Observation{HandNumber: -1}
}

// TestPlay_PlayersShareNoStorage plays the same seeded games twice, once
// with players that overwrite everything they are given after using it,
// and checks both seats were given exactly the same things both times:
// nothing a player receives shares storage with the game, the other seat,
// or what the player receives later (a showdown's lay-offs included).
func TestPlay_PlayersShareNoStorage(t *testing.T) {
	games := 30
	if testing.Short() {
		games = 10
	}
	layoffs := 0
	for n := range games {
		seed := uint64(n)
		var got [2][2][]Decision // [run][seat]
		for run, scribble := range []bool{false, true} {
			rec, err := gin.NewRecordedGame(io.Discard, gin.Standard(), seed, [2]string{"normal", "simple"})
			if err != nil {
				t.Fatal(err)
			}
			var players [2]Player
			for s := range players {
				p, err := New([]string{"normal", "simple"}[s], seed*2+uint64(s), Options{Seat: gin.Seat(s)})
				if err != nil {
					t.Fatal(err)
				}
				players[s] = &scribbler{inner: p, scribble: scribble, got: &got[run][s]}
			}
			if _, err := Play(context.Background(), rec, players, nil); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
		for s := range 2 {
			a, b := got[0][s], got[1][s]
			if len(a) != len(b) {
				t.Fatalf("seed %d seat %d: %d things given, %d when players scribble", seed, s, len(a), len(b))
			}
			for i := range a {
				for _, ev := range a[i].Events {
					if ev.Obs != nil && ev.Obs.Result != nil && ev.Kind == HandEndEvent {
						layoffs += len(ev.Obs.Result.Showdown.Layoffs)
					}
				}
				if !reflect.DeepEqual(a[i], b[i]) {
					t.Fatalf("seed %d seat %d: thing %d given differs when players scribble over what they were given:\n%s\n%s",
						seed, s, i, describe(&a[i]), describe(&b[i]))
				}
			}
		}
	}
	if layoffs == 0 {
		t.Fatal("no showdown with a lay-off was played; the test checks nothing about them")
	}
	t.Logf("%d games, %d lay-offs seen at hand ends", games, layoffs)
}

// describe prints the parts of a decision that tell one from another.
func describe(d *Decision) string {
	var b strings.Builder
	if d.Obs.HandNumber != 0 {
		fmt.Fprintf(&b, "decision: hand %d seat %d %s, holding %v, pile top %v; legal %v;", d.Obs.HandNumber, d.Obs.Seat, d.Obs.Phase, d.Obs.Hand, d.Obs.Pile.Top(), d.Legal())
	}
	for _, ev := range d.Events {
		fmt.Fprintf(&b, " event %s hand %d seat %d %s %v", ev.Kind, ev.Hand, ev.Seat, ev.Action, ev.Card)
		if o := ev.Obs; o != nil {
			fmt.Fprintf(&b, " (seat %d holding %v", o.Seat, o.Hand)
			if r := o.Result; r != nil {
				fmt.Fprintf(&b, "; %s %d points, lay-offs %v", r.Kind, r.Points, r.Showdown.Layoffs)
			}
			b.WriteString(")")
		}
		if g := ev.Game; g != nil {
			fmt.Fprintf(&b, " (game %+v)", *g)
		}
	}
	return b.String()
}
