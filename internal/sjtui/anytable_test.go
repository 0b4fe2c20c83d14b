package sjtui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// rulesOf reads a rules file's JSON.
func rulesOf(t *testing.T, js string) shengji.Rules {
	t.Helper()
	r, err := shengji.ParseRules(shengji.Standard(), []byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tenPlayers is the largest table: ten players, five packs, Finding
// Friends (four calls), as a rules file gives it.
func tenPlayers(t *testing.T) shengji.Rules {
	t.Helper()
	return rulesOf(t, `{"players": 10, "packs": 5, "friends": true}`)
}

// namedRules is a table's rules and its name in the tests.
type namedRules struct {
	name  string
	rules shengji.Rules
}

// anyTables are the tables beyond the standard one the screens are
// checked at: the Finding Friends presets, ten players, and four in fixed
// partnerships with three packs (the longest hands: 39 cards, 45 with the
// kitty).
func anyTables(t *testing.T) []namedRules {
	t.Helper()
	six, _ := shengji.Preset("friends-6")
	eight, _ := shengji.Preset("friends-8")
	return []namedRules{{"friends-6", six}, {"friends-8", eight}, {"10 players", tenPlayers(t)},
		{"4 players, 3 packs", rulesOf(t, `{"packs": 3}`)}}
}

// anyGameAt plays a seeded game of rules with greedy in every seat (which
// declares as its cards arrive and calls the suggested friends) until
// stop says so.
func anyGameAt(t *testing.T, r shengji.Rules, seed uint64, stop func(g *shengji.Game) bool) *shengji.Game {
	t.Helper()
	g, err := shengji.NewGame(r, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	bot := sjbot.NewGreedy(rand.New(rand.NewPCG(seed, 2)))
	n := r.NumPlayers()
	for range 100000 {
		if stop(g) {
			return g
		}
		h := g.Hand()
		if h.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if h.Phase() == shengji.DealPhase {
			for s := range shengji.Seat(n) {
				o := observeOf(g, s)
				if a, ok := bot.Act(&o); ok && a.Kind == shengji.Declare {
					_ = g.Apply(s, a) // a bid shown already by another is refused
				}
			}
			if h.Phase() == shengji.DealPhase {
				if err := g.Deal(); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		s := h.Turn()
		o := observeOf(g, s)
		a, ok := bot.Act(&o)
		if !ok {
			t.Fatalf("greedy has no move for seat %d in %v", s, h.Phase())
		}
		if err := g.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("never stopped")
	return nil
}

// seatModel is a screen of seat with no table behind it.
func seatModel(t *testing.T, seat shengji.Seat, look Look) Model {
	t.Helper()
	return New(staticModel(t, look).b, seat, Options{Look: look})
}

// anyTablePhases returns the screens of a table of rules: the deal with
// bids on offer, the burial with a hint, calling friends (a refused call,
// and another seat calling), a play refused with a hint once a friend is
// known, another's turn with the last trick, the hand's end and the
// score sheet.
func anyTablePhases(t *testing.T, name string, r shengji.Rules) []screenCase {
	t.Helper()
	var out []screenCase
	add := func(what string, m Model) { out = append(out, screenCase{name + ": " + what, m}) }
	n := shengji.Seat(r.NumPlayers())

	g := anyGameAt(t, r, 1, func(g *shengji.Game) bool {
		o := observeOf(g, n-1)
		return o.Phase == shengji.DealPhase && len(o.AppendDeclarations(nil)) > 0
	})
	m := seatModel(t, n-1, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: observeOf(g, n-1)})
	add("deal, bids", m)

	g = anyGameAt(t, r, 2, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.BuryPhase })
	banker := g.Hand().Banker()
	m = seatModel(t, banker, Look{})
	o := observeOf(g, banker)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 3, Obs: o}})
	var bury card.Multi
	for _, c := range m.order[len(m.order)-r.KittySize():] {
		_ = bury.Add(c)
	}
	m, _ = upd(m, hintMsg{seq: 3, action: shengji.BuryAction(bury)})
	add("burying, with a hint", m)

	if r.Calls() > 0 {
		g = anyGameAt(t, r, 3, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.CallPhase })
		banker = g.Hand().Banker()
		m = seatModel(t, banker, Look{})
		o = observeOf(g, banker)
		m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 5, Obs: o}})
		bad := append(shengji.DefaultCalls(&o)[1:], shengji.Call{Card: card.New(o.Level, card.Spades), Ordinal: 1})
		m, _ = upd(m, RefusedMsg{Action: shengji.CallAction(bad...), Err: o.Check(shengji.CallAction(bad...))})
		m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 5, Obs: o}})
		add("calling friends, refused", m)
		other := (banker + 1) % n
		m = seatModel(t, other, Look{})
		m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.BuryEvent, Seat: banker}, Obs: observeOf(g, other)})
		add("another calls", m)
	}

	g = anyGameAt(t, r, 4, func(g *shengji.Game) bool {
		h := g.Hand()
		f := h.Friendship()
		return h.Phase() == shengji.PlayPhase && h.Turn() == 0 && h.Trick(h.NumTricks()-1).Count > 1 &&
			(r.Calls() == 0 || f.NCalls > 0 && f.Pending() < f.NCalls)
	})
	m = seatModel(t, 0, Look{})
	o = observeOf(g, 0)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 4, Obs: o}})
	if play, ok := o.NthPlay(0); ok {
		m, _ = upd(m, hintMsg{seq: 4, action: shengji.PlayAction(play)})
	}
	m, _ = upd(m, RefusedMsg{Err: &shengji.ActionError{Seat: 0, Err: shengji.ErrIllegalFollow,
		Reason: "seat 0 cannot play 8♥ 9♥: you hold the pair 9♥ 9♥: a led pair must be followed with a pair, and a pair is what you must play"}})
	add("playing, refused, with a hint", m)

	g = anyGameAt(t, r, 5, func(g *shengji.Game) bool {
		h := g.Hand()
		return h.Phase() == shengji.PlayPhase && h.NumTricks() > 3 && h.Turn() != 0
	})
	m = seatModel(t, 0, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observeOf(g, 0)})
	m, _ = upd(m, key("l"))
	add("another's turn, the last trick", m)

	g = anyGameAt(t, r, 6, func(g *shengji.Game) bool { return g.Hand().Over() })
	m = seatModel(t, 0, Look{})
	var start [shengji.MaxSeats]card.Rank
	for s := range n {
		start[s] = r.StartLevel
	}
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.HandEvent, Hand: 1, SeatLevels: start}, Obs: observeOf(g, 0)})
	ev := shengji.Event{Kind: shengji.PlayEvent, Hand: 1, TrickDone: true, HandOver: true, Score: g.Hand().Score(), Kitty: g.Hand().Kitty()}
	m, _ = upd(m, EventMsg{Event: ev, Obs: observeOf(g, 0)})
	add("the hand's end", m)

	m = seatModel(t, 0, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observeOf(g, 0)})
	var scores [table.MaxSeats]int
	for i := range 30 {
		m.sheet = append(m.sheet, row{hand: i + 1, banker: shengji.Seat(i) % n, friends: shengji.SeatsOf(shengji.Seat(i+1)%n, shengji.Seat(i+3)%n), trump: g.Hand().Trump(), points: 85, up: 1})
	}
	for s := range n {
		scores[s] = 9 + int(s)%6
	}
	m, _ = upd(m, DoneMsg{Result: table.Result{Outcome: table.Outcome{Over: true, Winners: table.SeatsOf(1, 3, 4), Scores: scores, Hands: 30}}})
	add("the score sheet", m)
	return out
}

// callScreen returns the screen of the banker of a friends-6 hand (seed
// 3) at its call decision, with no table behind it, and the observation.
func callScreen(t *testing.T, look Look) (Model, Obs) {
	t.Helper()
	six, _ := shengji.Preset("friends-6")
	g := anyGameAt(t, six, 3, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.CallPhase })
	banker := g.Hand().Banker()
	o := observeOf(g, banker)
	m := seatModel(t, banker, look)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 7, Obs: o}})
	return m, o
}

// TestCallEditorOffersOnlyCallableCards: the banker's calls start as
// DefaultCalls suggests, so enter accepts them; the cards listed to call
// are the 48 that are neither jokers nor of the level rank, and moving
// over them never lands on one that is.
func TestCallEditorOffersOnlyCallableCards(t *testing.T) {
	m, o := callScreen(t, Look{NoColor: true})
	if !m.calling() || !slices.Equal(m.call.list(), shengji.DefaultCalls(&o)) || len(m.call.list()) != 2 {
		t.Fatalf("calling %v with %v, want the suggested %v", m.calling(), m.call.list(), shengji.DefaultCalls(&o))
	}
	s := ansi.Strip(m.Render())
	for _, want := range []string{"You are the banker: call 2 friends", "> Call 1: " + m.callText(shengji.DefaultCalls(&o)[0]), "enter call", "1-3 copy", "tab next call"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q on the call screen:\n%s", want, s)
		}
	}
	var listed []card.Card
	for _, l := range m.callLines(80)[1:5] {
		listed = append(listed, shownFaces(ansi.Strip(l))...)
	}
	if len(listed) != 48 {
		t.Fatalf("%d cards listed to call, want 48: %v", len(listed), listed)
	}
	for _, c := range listed {
		if c.IsJoker() || c.Rank() == o.Level {
			t.Fatalf("%v is listed to call at level %v", c, o.Level)
		}
	}
	seen := map[card.Card]bool{}
	for range 60 {
		for _, k := range []string{"right", "down", "right", "right", "up", "left"} {
			m, _ = upd(m, key(k))
			c := m.call.calls[m.call.at].Card
			if c.IsJoker() || c.Rank() == o.Level || !c.IsValid() {
				t.Fatalf("%s moved the call to %v", k, c)
			}
			seen[c] = true
		}
	}
	if len(seen) < 20 {
		t.Fatalf("the arrows reached only %d cards", len(seen))
	}
}

// TestCallEditorKeys: the arrows choose the card, a digit the copy (not
// beyond the packs), tab the next call, r the suggested calls again; enter
// submits exactly the calls shown.
func TestCallEditorKeys(t *testing.T) {
	m, o := callScreen(t, Look{ASCII: true})
	first := m.call.calls[0]
	m, _ = upd(m, key("right")) // the next rank down
	if c := m.call.calls[0].Card; c.Suit() != first.Card.Suit() || c == first.Card {
		t.Fatalf("right moved %v to %v", first.Card, c)
	}
	m, _ = upd(m, key("down")) // the next suit
	m, _ = upd(m, key("2"))
	if c := m.call.calls[0]; c.Ordinal != 2 || c.Card.Suit() == first.Card.Suit() {
		t.Fatalf("down and 2 made %v", c)
	}
	m, _ = upd(m, key("9"))
	if m.call.calls[0].Ordinal != 2 || !m.statusBad || !strings.Contains(m.status, "copy 1 to 3") {
		t.Fatalf("9 of 3 packs: call %v, status %q", m.call.calls[0], m.status)
	}
	m, _ = upd(m, key("tab"))
	m, _ = upd(m, key("3"))
	if m.call.at != 1 || m.call.calls[1].Ordinal != 3 || m.statusBad {
		t.Fatalf("tab and 3: at %d, calls %v, status %q", m.call.at, m.call.list(), m.status)
	}
	want := m.call.list()
	if s := m.Render(); !strings.Contains(s, "> Call 2: 3rd "+want[1].Card.String()) || !strings.Contains(s, "Call 1: 2nd "+want[0].Card.String()) {
		t.Fatalf("the calls %v are not shown:\n%s", want, s)
	}
	m, cmd := upd(m, key("enter"))
	if cmd == nil || m.pending != nil {
		t.Fatal("enter did not submit the calls")
	}
	// nothing is pending at a screen without a table: the submission is
	// refused as such, after the calls were made of what was shown
	if msg, ok := cmd().(submitErrMsg); !ok || !errors.Is(msg.err, table.ErrNoPending) {
		t.Fatalf("submission gave %v", msg)
	}
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(o.Seat), Seq: 8, Obs: o}})
	if !slices.Equal(m.call.list(), want) {
		t.Fatalf("the decision asked again reset the calls to %v, want %v kept", m.call.list(), want)
	}
	m, _ = upd(m, key("r"))
	if !slices.Equal(m.call.list(), shengji.DefaultCalls(&o)) {
		t.Fatalf("r made %v, want the suggested %v", m.call.list(), shengji.DefaultCalls(&o))
	}
}

// TestCallAsBankerRefusedThenMade plays a friends-6 table as the person
// until it is the banker and calls: a call of a level card (which the
// screen never offers, so it is put in by hand here) goes to the table,
// which refuses it with the engine's reason; the screen shows the reason,
// the table asks again, and the suggested calls are then made and shown.
func TestCallAsBankerRefusedThenMade(t *testing.T) {
	six, _ := shengji.Preset("friends-6")
	check := func(r *runtime, msg tea.Msg) {
		if r.m.haveObs {
			checkFits(t, "screen", r.m.Render(), 80, 24)
		}
	}
	for seed := uint64(1); seed < 30; seed++ {
		r := playUntil(t, Setup{Seat: shengji.Seat(seed % 6), Level: "greedy", Seed: seed, Rules: six}, 3, func(r *runtime) bool { return r.m.calling() }, check)
		if !r.m.calling() {
			r.cancel()
			continue
		}
		checkNoHidden(t, r.m)
		o := r.m.pending.Obs
		seq := r.m.pending.Seq
		r.m.call.calls[1].Card = card.New(o.Level, card.Spades)
		bad := r.m.call.list()
		r.press("enter")
		r.until(100, func(r *runtime) bool { return r.m.pending != nil })
		s := strings.Join(strings.Fields(r.screen()), " ")
		wantErr := o.Check(shengji.CallAction(bad...))
		var ae *shengji.ActionError
		if !errors.As(wantErr, &ae) || !strings.Contains(s, "Not allowed: "+ae.Reason) || r.m.pending.Seq != seq || !r.m.calling() {
			t.Fatalf("calling %v: not refused with the engine's reason %v, or not asked again:\n%s", bad, wantErr, r.screen())
		}
		if !slices.Equal(r.m.call.list(), bad) {
			t.Fatalf("after the refusal the calls are %v, want %v kept to change", r.m.call.list(), bad)
		}
		r.press("r", "enter")
		want := shengji.DefaultCalls(&o)
		r.until(200, func(r *runtime) bool { return r.m.obs.Friends.NCalls > 0 })
		if got := r.m.obs.Calls(); !slices.Equal(got, want) {
			t.Fatalf("the table has the calls %v, want %v", got, want)
		}
		r.until(200, func(r *runtime) bool { return strings.Contains(r.screen(), "You called") })
		s = r.screen()
		if !strings.Contains(s, "You called "+r.m.callsText(want)) || !strings.Contains(s, "Friends: "+r.m.callText(want[0])) || !strings.Contains(s, "2 friends unknown") {
			t.Fatalf("the calls are not shown:\n%s", s)
		}
		r.cancel()
		return
	}
	t.Fatal("the person was never the banker")
}

// TestPersonPlaysAnyTable plays a hand as the person at friends-6,
// friends-8, ten players and four with three packs: every screen fits 80×24, shows no card the
// seat may not see, and marks as a friend only a seat the calls have
// shown to be one; the hand's end shows the banker's side and the levels.
func TestPersonPlaysAnyTable(t *testing.T) {
	for _, tb := range anyTables(t) {
		t.Run(tb.name, func(t *testing.T) {
			screens := 0
			check := func(r *runtime, msg tea.Msg) {
				if !r.m.haveObs {
					return
				}
				screens++
				checkFits(t, "screen", r.m.Render(), 80, 24)
				checkNoHidden(t, r.m)
				f := &r.m.obs.Friends
				for s := range shengji.Seat(r.m.players()) {
					if r.m.role(s) != "friend" {
						continue
					}
					met := false
					for i := range f.NCalls {
						met = met || f.Met[i] == s
					}
					if !met {
						t.Fatalf("seat %d is shown as a friend before it met a call:\n%s", s, r.screen())
					}
				}
			}
			r := playHands(t, Setup{Seat: 1, Level: "greedy", Seed: 7, Rules: tb.rules}, 1, check)
			s := r.screen()
			wants := []string{"Hand 1 is over.", "Banker's side: ", "Levels: ", "Next banker: "}
			if r.m.compass() {
				// four in fixed partnerships: the standard table's words
				wants = []string{"Hand 1 is over.", "Attackers (seats ", "Next banker: "}
			}
			for _, want := range wants {
				if !strings.Contains(s, want) {
					t.Errorf("no %q at the hand's end:\n%s", want, s)
				}
			}
			r.cancel()
			t.Logf("%d screens", screens)
		})
	}
}

// TestMoreBidsThanKeys: with five packs a seat may show its level cards
// and jokers in more ways than there are keys (1 to 9 and 0); the screen
// keeps fewer, so that every card can still be shown at full strength.
func TestMoreBidsThanKeys(t *testing.T) {
	o := Obs{Rules: tenPlayers(t), Phase: shengji.DealPhase, Level: card.Two, Banker: shengji.NoSeat, Turn: shengji.NoSeat,
		Hand: card.MustParseMulti("2S 2S 2S 2S 2S 2H 2H 2H 2H 2D 2D 2D 2C 2C SJ SJ SJ BJ BJ 5C")}
	all := o.AppendDeclarations(nil)
	if len(all) <= bidKeys {
		t.Fatalf("only %d declarations listed: the test needs more than %d", len(all), bidKeys)
	}
	m := staticModel(t, Look{ASCII: true})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: o})
	ds := m.declarations()
	if len(ds) > bidKeys {
		t.Fatalf("%d declarations offered, more than the keys", len(ds))
	}
	most := map[card.Set]int{}
	for _, d := range all {
		most[d.Cards.One] = max(most[d.Cards.One], d.Cards.Len())
	}
	for face, n := range most {
		if !slices.ContainsFunc(ds, func(d shengji.Action) bool { return d.Cards.One == face && d.Cards.Len() == n }) {
			t.Errorf("the showing of all %d copies of %v is not offered: %v", n, face, ds)
		}
	}
	s := m.Render()
	for i, d := range ds {
		if want := fmt.Sprintf("%d bid %s", (i+1)%10, m.th.plain(trumpOf(&o).Order(), d.Cards)); !strings.Contains(s, want) {
			t.Errorf("no key %q:\n%s", want, s)
		}
	}
	checkFits(t, "bids", s, 80, 24)
}

// TestHelpSaysTheTable: the help speaks of the table's own rules (its
// players, packs, kitty and level table) and, with Finding Friends, of the
// calls and the keys to make them; the standard table's help does not.
func TestHelpSaysTheTable(t *testing.T) {
	m, _ := callScreen(t, Look{})
	m, _ = upd(m, key("?"))
	help := strings.Join(strings.Fields(strings.Join(m.helpLines(80), " ")), " ")
	for _, want := range []string{"6 players with 3 packs", "Finding Friends", "calls 2 friends", "26 each", "the 156th card",
		"buries any 6", "Under 120", "each 60 over 120", "1 to 3 which copy, tab the next call", "r the suggested calls", "never a level card or a joker"} {
		if !strings.Contains(help, want) {
			t.Errorf("no %q in the help:\n%s", want, help)
		}
	}
	std := staticModel(t, Look{})
	std, _ = upd(std, key("?"))
	help = strings.Join(strings.Fields(strings.Join(std.helpLines(80), " ")), " ")
	for _, not := range []string{"Finding Friends", "tab the next call"} {
		if strings.Contains(help, not) {
			t.Errorf("%q in the standard table's help", not)
		}
	}
	for _, want := range []string{"Four players in two teams", "25 each", "the 100th card", "buries any 8", "Under 80"} {
		if !strings.Contains(help, want) {
			t.Errorf("no %q in the standard help:\n%s", want, help)
		}
	}
}

// tableLogHands is the table log of a game of computers at rules, cut
// (abandoned) once hands hands are over.
func tableLogHands(t *testing.T, r shengji.Rules, seed uint64, hands int) []byte {
	t.Helper()
	var log bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b, err := Start(ctx, Setup{Seat: 0, Level: "greedy", Seed: seed, Rules: r, Autoplay: true, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	for over := 0; over < hands; {
		switch msg := b.Next().(type) {
		case EventMsg:
			if msg.Event.HandOver {
				over++
			}
		case DoneMsg:
			t.Fatalf("the table stopped: %v", msg.Err)
		}
	}
	cancel()
	b.Wait()
	return log.Bytes()
}

// TestReplayAnyTable steps through a friends-6 hand: s goes round the six
// seats and the spectator, a digit goes to its seat (none past the
// table's), and every view fits and shows only what its viewer saw.
func TestReplayAnyTable(t *testing.T) {
	six, _ := shengji.Preset("friends-6")
	log := tableLogHands(t, six, 3, 1)
	r, err := LoadReplay(bytes.NewReader(log), "six.jsonl", Look{})
	if err != nil {
		t.Fatal(err)
	}
	press := func(k string) {
		t.Helper()
		nr, _ := r.Update(key(k))
		r = nr.(Replay)
	}
	press("h") // the hand's end
	for _, want := range []int{1, 2, 3, 4, 5, Spectator, 0} {
		press("s")
		if r.Viewer() != want {
			t.Fatalf("s went to viewer %d, want %d", r.Viewer(), want)
		}
		s := ansi.Strip(r.Render())
		checkFits(t, "replay", r.Render(), 80, 24)
		checkNoHidden(t, r.m)
		if !strings.Contains(s, "Hand 1 is over.") || !strings.Contains(s, "Banker's side: ") {
			t.Fatalf("viewer %d does not see the hand's end:\n%s", want, s)
		}
	}
	press("5")
	if r.Viewer() != 5 {
		t.Fatalf("5 went to viewer %d", r.Viewer())
	}
	press("7")
	if r.Viewer() != 5 {
		t.Fatalf("7, a seat the table does not have, went to viewer %d", r.Viewer())
	}
	press("home")
	for range 400 {
		press("right")
		checkFits(t, "replay", r.Render(), 80, 24)
		checkNoHidden(t, r.m)
	}
}

// observeOf returns seat s's observation of game g.
func observeOf(g *shengji.Game, s shengji.Seat) shengji.Observation {
	var o shengji.Observation
	g.Observe(s, &o)
	return o
}
