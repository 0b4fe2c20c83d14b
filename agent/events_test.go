package agent

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"felt/card"
	"felt/gin"
)

// eventRules are rule sets whose hands start differently: with an upcard,
// without one, and with Oklahoma's knock limit.
func eventRules() []gin.Rules {
	noUpcard := gin.Standard()
	noUpcard.Upcard = gin.NoUpcard
	oklahoma := gin.Standard()
	oklahoma.Oklahoma = true
	return []gin.Rules{gin.Standard(), gin.EAAI(), noUpcard, oklahoma}
}

// eventSpies returns a recording built-in player for each seat, seeded from
// seed.
func eventSpies(t *testing.T, seed uint64) [2]*spy {
	t.Helper()
	var spies [2]*spy
	for s := range spies {
		p, err := New([]string{"simple", "normal"}[(int(seed)+s)%2], seed*2+uint64(s), Options{})
		if err != nil {
			t.Fatal(err)
		}
		spies[s] = &spy{Bot: p.(Bot), seat: gin.Seat(s)}
	}
	return spies
}

// referenceEvents works out, from the moves of a game in order, the events
// each seat's decisions must carry by the protocol's rule: the seat's own
// previous move of the hand (with the card it drew, for a stock draw),
// then the opponent's moves since (no card for a stock draw). want[s][i] is
// for seat s's i-th decision.
type referenceEvents struct {
	hand    int
	pending [2][]Event
	want    [2][][]Event
}

func (r *referenceEvents) moved(seat gin.Seat, a gin.Action, own card.Card) {
	r.want[seat] = append(r.want[seat], r.pending[seat])
	r.pending[seat] = nil
	shown := own
	if a.Kind == gin.DrawStock {
		shown = 0
	}
	r.pending[seat] = append(r.pending[seat], Event{Kind: MoveEvent, Hand: r.hand, Seat: seat, Action: a.Kind, Card: own})
	r.pending[seat.Other()] = append(r.pending[seat.Other()], Event{Kind: MoveEvent, Hand: r.hand, Seat: seat, Action: a.Kind, Card: shown})
}

func (r *referenceEvents) handOver(*gin.Hand) {
	r.hand++
	r.pending = [2][]Event{}
}

// playSeated plays rec's game to its end the way the terminal game drives a
// computer player: each seat through Seated, asked with its observation,
// told when a hand ends.
func playSeated(t *testing.T, rec *gin.Recorder, seated [2]*Seated) {
	t.Helper()
	g := rec.Game()
	for !g.Over() {
		h := g.Hand()
		if h.Over() {
			for s := gin.Seat(0); s < 2; s++ {
				o := g.Observe(s)
				seated[s].HandEnded(&o)
			}
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := h.Turn()
		o := g.Observe(seat)
		if err := rec.Apply(seat, seated[seat].Act(&o)); err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
	for s := range seated {
		if err := seated[s].Problem(); err != nil {
			t.Fatalf("seat %d fell back: %v", s, err)
		}
	}
}

func eventsString(evs []Event) string {
	s := "["
	for i, e := range evs {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%d:%s", e.Seat, e.Action)
		if e.Card != 0 {
			s += " " + e.Card.String()
		}
	}
	return s + "]"
}

// TestSeated_EventsAreWhatPlaySends plays the same seeded games through Play
// (the arena) and through Seated (felt play) and checks that every decision
// of either seat carries the same events in both, and that these are the
// protocol's: the seat's own previous move first (its drawn card included),
// then the opponent's moves since.
func TestSeated_EventsAreWhatPlaySends(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	decisions, ownFirst := 0, 0
	for ri, rules := range eventRules() {
		for n := range games {
			seed := uint64(100*ri + n)
			played := eventSpies(t, seed)
			ref := &referenceEvents{hand: 1}
			rec, err := gin.NewRecordedGame(nil, rules, seed, [2]string{"a", "b"})
			if err != nil {
				t.Fatal(err)
			}
			hooks := &Hooks{Moved: ref.moved, HandOver: ref.handOver}
			out, err := Play(context.Background(), rec, [2]Player{played[0], played[1]}, hooks)
			if err != nil || out.Forfeit {
				t.Fatalf("Play: %v %+v", err, out)
			}

			seatedSpies := eventSpies(t, seed)
			rec, err = gin.NewRecordedGame(nil, rules, seed, [2]string{"a", "b"})
			if err != nil {
				t.Fatal(err)
			}
			playSeated(t, rec, [2]*Seated{NewSeated(seatedSpies[0], 1), NewSeated(seatedSpies[1], 2)})

			for s := range 2 {
				p, q, want := played[s].decisions, seatedSpies[s].decisions, ref.want[s]
				if len(p) != len(want) || len(q) != len(want) {
					t.Fatalf("rules %d game %d seat %d: %d decisions through Play, %d through Seated, %d moves", ri, n, s, len(p), len(q), len(want))
				}
				for i := range want {
					if !slices.Equal(p[i].Events, want[i]) {
						t.Fatalf("rules %d game %d seat %d decision %d (hand %d, %s): Play sent events %s, want %s",
							ri, n, s, i, p[i].Obs.HandNumber, p[i].Obs.Phase, eventsString(p[i].Events), eventsString(want[i]))
					}
					if !slices.Equal(q[i].Events, want[i]) {
						t.Fatalf("rules %d game %d seat %d decision %d (hand %d, %s): Seated sent events %s, Play %s",
							ri, n, s, i, q[i].Obs.HandNumber, q[i].Obs.Phase, eventsString(q[i].Events), eventsString(want[i]))
					}
					decisions++
					if len(want[i]) > 0 && want[i][0].Seat == gin.Seat(s) {
						ownFirst++
					}
				}
			}
		}
	}
	if ownFirst == 0 || ownFirst == decisions {
		t.Fatalf("%d of %d decisions start with the seat's own move: the games do not test the rule", ownFirst, decisions)
	}
}

// wrongDrawer answers pass when it should draw (a move the rules refuse)
// and the first legal action otherwise.
type wrongDrawer struct{ decisions []Decision }

func (w *wrongDrawer) Name() string { return "wrong" }
func (w *wrongDrawer) Act(_ context.Context, d *Decision) (gin.Action, error) {
	w.decisions = append(w.decisions, *d)
	if d.Obs.Phase == gin.DrawPhase {
		return gin.PassAction(), nil
	}
	return d.Legal()[0], nil
}
func (w *wrongDrawer) Notify(context.Context, Event) error { return nil }
func (w *wrongDrawer) Close() error                        { return nil }

// When the caller refuses the player's move and plays another for it (as
// felt play does), Seated's next events give the move that was played, not
// the one the player answered.
func TestSeated_EventsGiveTheMovePlayed(t *testing.T) {
	w := &wrongDrawer{}
	s := NewSeated(w, 1)
	g, err := gin.NewGame(gin.Standard(), gin.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	other := eventSpies(t, 3)[1]
	for g.HandNumber() == 1 && !g.Hand().Over() {
		seat := g.Hand().Turn()
		o := g.Observe(seat)
		var a gin.Action
		if seat == 0 {
			a = s.Act(&o)
		} else {
			a = other.P.Act(&o)
		}
		if g.Apply(seat, a) != nil {
			a = o.LegalActions(nil)[0] // draw_stock in place of the refused pass
			if err := g.Apply(seat, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	checked := 0
	for i := 1; i < len(w.decisions); i++ {
		prev, d := w.decisions[i-1], w.decisions[i]
		if prev.Obs.Phase != gin.DrawPhase {
			continue
		}
		want := Event{Kind: MoveEvent, Hand: 1, Seat: 0, Action: gin.DrawStock, Card: d.Obs.Drawn}
		if len(d.Events) != 1 || d.Events[0] != want {
			t.Fatalf("after a refused pass played as a stock draw: events %s, want [0:draw_stock %s]", eventsString(d.Events), d.Obs.Drawn)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("seat 0 never drew")
	}
}
