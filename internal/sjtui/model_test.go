package sjtui

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// staticModel is a screen with no table behind it, for Update alone.
func staticModel(t *testing.T, look Look) Model {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	b := NewBridge(ctx, 0, nil)
	return New(b, 0, Options{Look: look})
}

func upd(m Model, msg tea.Msg) (Model, tea.Cmd) {
	nm, cmd := m.Update(msg)
	return nm.(Model), cmd
}

// gameAt plays a seeded game with random players until stop says so and
// returns seat 0's observation.
func gameAt(t *testing.T, seed uint64, stop func(g *shengji.Game) bool) *shengji.Game {
	t.Helper()
	g, err := shengji.NewGame(shengji.Standard(), rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatal(err)
	}
	pl := sjbot.NewRandom(rand.New(rand.NewPCG(seed, 2)))
	for range 10000 {
		if stop(g) {
			return g
		}
		h := g.Hand()
		if h.Phase() == shengji.DealPhase {
			if err := g.Deal(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := h.Turn()
		o := observe(g, s)
		a, _ := pl.Act(&o)
		if err := g.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("never stopped")
	return nil
}

func TestDealShowsBidKeys(t *testing.T) {
	g := gameAt(t, 5, func(g *shengji.Game) bool {
		o := observe(g, 0)
		return o.Phase == shengji.DealPhase && len(o.AppendDeclarations(nil)) > 0
	})
	m := staticModel(t, Look{NoColor: true})
	m, cmd := upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: observe(g, 0)})
	if cmd == nil {
		t.Fatal("no command to read the table on")
	}
	s := ansi.Strip(m.Render())
	d := observe(g, 0)
	want := "1 bid " + m.th.plain(trumpOf(&d).Order(), d.AppendDeclarations(nil)[0].Cards)
	if !strings.Contains(s, want) {
		t.Fatalf("no %q on the deal screen:\n%s", want, s)
	}
	m, cmd = upd(m, key("1"))
	if cmd == nil || !strings.Contains(m.status, "You declare") {
		t.Fatalf("pressing 1 queued nothing (status %q)", m.status)
	}
	// a key for a bid not on offer does nothing
	if _, cmd := upd(m, key("9")); cmd != nil {
		t.Fatal("key 9 did something with fewer bids on offer")
	}
}

func TestRefusalShowsTheEngineReason(t *testing.T) {
	m := staticModel(t, Look{NoColor: true})
	err := &shengji.ActionError{Seat: 0, Err: shengji.ErrIllegalFollow, Reason: "seat 0 cannot play 8♥ 9♥: you hold the pair 9♥ 9♥: a led pair must be followed with a pair"}
	m, _ = upd(m, RefusedMsg{Err: err})
	if !strings.Contains(m.status, "you hold the pair 9♥ 9♥: a led pair must be followed with a pair") || !m.statusBad {
		t.Fatalf("status %q", m.status)
	}
	m, _ = upd(m, RefusedMsg{Err: errors.New("shengji: something else")})
	if m.status != "Not allowed: something else" {
		t.Fatalf("status %q", m.status)
	}
}

func TestFailedThrowShown(t *testing.T) {
	g := gameAt(t, 6, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.PlayPhase })
	m := staticModel(t, Look{ASCII: true})
	ev := shengji.Event{Kind: shengji.PlayEvent, Seat: 2, Attempt: card.MustParseMulti("AS KS KS"), Cards: card.MustParseMulti("KS KS")}
	m, _ = upd(m, EventMsg{Event: ev, Obs: observe(g, 0)})
	s := m.Render()
	if !strings.Contains(s, "Partner's throw AS KS KS failed: KS KS can be beaten and was played alone.") {
		t.Fatalf("no failed throw on screen:\n%s", s)
	}
}

func TestBuryPickShowsPoints(t *testing.T) {
	g := gameAt(t, 7, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.BuryPhase })
	banker := g.Hand().Banker()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := NewBridge(ctx, banker, nil)
	m := New(b, banker, Options{Look: Look{ASCII: true}})
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 3, Obs: observe(g, banker)}})
	if !strings.Contains(m.Render(), "enter bury 8") {
		t.Fatalf("no bury keys:\n%s", m.Render())
	}
	// enter with too few cards is refused on the screen
	m, cmd := upd(m, key("enter"))
	if cmd != nil || !strings.Contains(m.status, "Pick exactly 8 cards") {
		t.Fatalf("status %q", m.status)
	}
	var want card.Multi
	for i := range 8 {
		m, _ = upd(m, key("space"))
		_ = want.Add(m.order[i])
		m, _ = upd(m, key("right"))
	}
	line := "Burying 8 of 8 cards, " + strconv.Itoa(shengji.Points(want)) + " points"
	if !strings.Contains(m.Render(), line) {
		t.Fatalf("no %q:\n%s", line, m.Render())
	}
	m, cmd = upd(m, key("enter"))
	if cmd == nil || m.pending != nil {
		t.Fatal("enter did not submit the burial")
	}
	// nothing is pending at the person's controller: the submission is refused as such
	if msg, ok := cmd().(submitErrMsg); !ok || !errors.Is(msg.err, table.ErrNoPending) {
		t.Fatalf("submission gave %v", msg)
	}
}

func TestStaleHintIgnored(t *testing.T) {
	g := gameAt(t, 8, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.PlayPhase && g.Hand().Turn() == 0 })
	m := staticModel(t, Look{})
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 10, Obs: observe(g, 0)}})
	o := observe(g, 0)
	play, _ := o.NthPlay(0)
	m, _ = upd(m, hintMsg{seq: 9, action: shengji.PlayAction(play)})
	if m.hint != "" || !m.selected().IsEmpty() {
		t.Fatal("a hint for an earlier decision was shown")
	}
	m, _ = upd(m, hintMsg{seq: 10, action: shengji.PlayAction(play)})
	if !strings.Contains(m.hint, "hard would ") || m.selected() != play {
		t.Fatalf("hint %q, selected %v, want %v", m.hint, m.selected(), play)
	}
}

func TestMouseClickSelects(t *testing.T) {
	g := gameAt(t, 9, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.PlayPhase && g.Hand().Turn() == 0 })
	m := staticModel(t, Look{})
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 10, Obs: observe(g, 0)}})
	sp := m.cardSpots()[3]
	m, _ = upd(m, tea.MouseClickMsg{X: sp.x + 1, Y: sp.y, Button: tea.MouseLeft})
	if !m.sel[3] || m.selected().Len() != 1 {
		t.Fatalf("click at (%d,%d) selected %v", sp.x+1, sp.y, m.selected())
	}
	// the spot is where the card is drawn
	line := strings.Split(ansi.Strip(m.Render()), "\n")[sp.y]
	if got := ansi.Cut(line, sp.x+1, sp.x+3); got != m.th.face(m.order[3]) {
		t.Fatalf("at the spot: %q, want %s", got, m.th.face(m.order[3]))
	}
	// the release of the click, a right click and a click beside the
	// hand change nothing; a second click takes the card back
	for _, msg := range []tea.Msg{
		tea.MouseReleaseMsg{X: sp.x + 1, Y: sp.y, Button: tea.MouseLeft},
		tea.MouseClickMsg{X: sp.x + 1, Y: sp.y, Button: tea.MouseRight},
		tea.MouseClickMsg{X: 70, Y: 1, Button: tea.MouseLeft},
	} {
		if m, _ = upd(m, msg); !m.sel[3] || m.selected().Len() != 1 {
			t.Fatalf("%T %+v changed the selection to %v", msg, msg, m.selected())
		}
	}
	if m, _ = upd(m, tea.MouseClickMsg{X: sp.x + 2, Y: sp.y, Button: tea.MouseLeft}); !m.selected().IsEmpty() {
		t.Fatalf("a second click left %v selected", m.selected())
	}
	// at every window size the spots stay on their cards
	for _, sz := range [][2]int{{70, 20}, {120, 40}} {
		m, _ = upd(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		lines := strings.Split(ansi.Strip(m.Render()), "\n")
		for _, sp := range m.cardSpots() {
			if got := ansi.Cut(lines[sp.y], sp.x+1, sp.x+3); got != m.th.face(m.order[sp.i]) {
				t.Fatalf("%v: at the spot of card %d: %q, want %s", sz, sp.i, got, m.th.face(m.order[sp.i]))
			}
		}
		last := m.cardSpots()[len(m.order)-1]
		if m, _ = upd(m, tea.MouseClickMsg{X: last.x + 1, Y: last.y, Button: tea.MouseLeft}); !m.sel[len(m.order)-1] {
			t.Fatalf("%v: a click on the last card did not select it", sz)
		}
		m, _ = upd(m, key("c"))
	}
	// the screen asks the terminal for mouse clicks
	if v := m.View(); v.MouseMode != tea.MouseModeCellMotion {
		t.Fatalf("mouse mode %v", v.MouseMode)
	}
}

func TestHandOverWaitsForEnter(t *testing.T) {
	g := gameAt(t, 10, func(g *shengji.Game) bool { return g.Hand().Over() })
	m := staticModel(t, Look{NoColor: true})
	ev := shengji.Event{Kind: shengji.PlayEvent, Hand: 1, TrickDone: true, HandOver: true, Score: g.Hand().Score(), Kitty: g.Hand().Kitty()}
	m, cmd := upd(m, EventMsg{Event: ev, Obs: observe(g, 0)})
	if cmd != nil {
		t.Fatal("the table goes on before the person has seen the hand's result")
	}
	s := ansi.Strip(m.Render())
	for _, want := range []string{"Hand 1 is over.", "Kitty buried by", "Multiplier:", "Attackers (seats", "Next banker:", "enter next hand"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q:\n%s", want, s)
		}
	}
	checkFits(t, "hand over", s, 80, 24)
	m, cmd = upd(m, key("enter"))
	if cmd == nil || m.over != nil {
		t.Fatal("enter did not go on")
	}
}

func TestLooks(t *testing.T) {
	g := gameAt(t, 11, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.PlayPhase && g.Hand().NumTricks() > 2 })
	for _, look := range []Look{{}, {NoColor: true}, {ASCII: true}} {
		m := staticModel(t, look)
		m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
		s := m.Render()
		checkFits(t, "play", s, 80, 24)
		hasColour := strings.Contains(s, "\x1b[9") || strings.Contains(s, "\x1b[3") || strings.Contains(s, ";9") || strings.Contains(s, "38;")
		switch {
		case look.ASCII:
			for _, r := range s {
				if r > 126 || r == 0x1b {
					t.Fatalf("ASCII look has %q:\n%s", r, s)
				}
			}
		case look.NoColor:
			if hasColour {
				t.Fatalf("NO_COLOR look has colour: %q", s)
			}
		default:
			if !hasColour {
				t.Fatal("the colour look has no colour")
			}
		}
		// a larger window shows the same within its size
		m, _ = upd(m, tea.WindowSizeMsg{Width: 120, Height: 40})
		big := m.Render()
		checkFits(t, "120x40", big, 120, 40)
		if !strings.Contains(big, "Tricks of this hand") {
			t.Errorf("a larger window shows no trick history:\n%s", big)
		}
		checkNoHidden(t, m)
	}
}

// TestHiddenCardCheckFindsALeak: the no-hidden-card check of the screen
// tests does find a card the seat may not see (here one put among the
// happenings by hand), so its silence means something.
func TestHiddenCardCheckFindsALeak(t *testing.T) {
	g := gameAt(t, 12, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.PlayPhase })
	m := staticModel(t, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
	if bad := hiddenShown(m); len(bad) > 0 {
		t.Fatalf("shown before any leak: %v", bad)
	}
	vis := visible(&m.obs, nil)
	var leak card.Card
	for c := range g.Hand().Cards(1).All() {
		if !vis.Has(c) {
			leak = c
			break
		}
	}
	m.addEvent("leak: " + m.th.face(leak))
	if bad := hiddenShown(m); len(bad) != 1 || bad[0] != leak {
		t.Fatalf("the check found %v, want %v", bad, leak)
	}
}

// TestHintSaysWhyInPlainWords: a hint names what the hint level would play
// and why, read from the situation by sjbot.Explain (here: following, who
// holds the trick), with the seats named as the screen names them.
func TestHintSaysWhyInPlainWords(t *testing.T) {
	g := gameAt(t, 13, func(g *shengji.Game) bool {
		h := g.Hand()
		if h.Phase() != shengji.PlayPhase || h.Turn() != 0 {
			return false
		}
		tr := h.Trick(h.NumTricks() - 1)
		return tr.Count > 0
	})
	m := staticModel(t, Look{ASCII: true})
	o := observe(g, 0)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 4, Obs: o}})
	play, _ := o.NthPlay(0)
	m, _ = upd(m, hintMsg{seq: 4, action: shengji.PlayAction(play)})
	why := sjbot.Explain(&o, shengji.PlayAction(play))
	if why.Why == sjbot.NoReason {
		t.Fatal("no reason for a follow")
	}
	ord := o.Order()
	want := "Hint: hard would " + why.Text(func(s shengji.Seat) string {
		return map[shengji.Seat]string{1: "East", 2: "your partner", 3: "West"}[s]
	}, func(c card.Multi) string { return m.th.plain(ord, c) }) + ". Selected: enter plays it."
	if m.hint != want {
		t.Fatalf("hint\n%q, want\n%q", m.hint, want)
	}
	if !strings.Contains(m.hint, m.th.plain(ord, play)) || !strings.Contains(m.hint, "winning the trick") && !strings.Contains(m.hint, "beats") {
		t.Fatalf("hint %q does not name the play or who holds the trick", m.hint)
	}
	t.Log(m.hint)
}

// TestHintNeverCallsAFollowAThrow: a hint for a follow of several units
// (say two odd hearts on a led pair) names the cards it plays, never "a
// throw": only a lead throws.
func TestHintNeverCallsAFollowAThrow(t *testing.T) {
	var play card.Multi
	g := gameAt(t, 21, func(g *shengji.Game) bool {
		h := g.Hand()
		if h.Phase() != shengji.PlayPhase || h.Turn() != 0 {
			return false
		}
		o := observe(g, 0)
		tr, ok := o.Trick()
		if !ok || tr.Count == 0 || tr.Lead().Len() < 2 {
			return false
		}
		ord := o.Order()
		for k := range o.CountPlays() {
			p, _ := o.NthPlay(k)
			if len(ord.Split(p)) > 1 {
				play = p
				return true
			}
		}
		return false
	})
	m := staticModel(t, Look{ASCII: true})
	o := observe(g, 0)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 4, Obs: o}})
	m, _ = upd(m, hintMsg{seq: 4, action: shengji.PlayAction(play)})
	if strings.Contains(m.hint, "throw") || !strings.Contains(m.hint, m.th.plain(o.Order(), play)) {
		t.Fatalf("hint %q for the follow %v", m.hint, play)
	}
	t.Log(m.hint)
}

// TestFinishedTrickStaysUntilTheNextLead: the engine opens the next trick
// as soon as one is finished; the table still shows the finished trick,
// its four plays and who won it, until the next lead.
func TestFinishedTrickStaysUntilTheNextLead(t *testing.T) {
	g := gameAt(t, 14, func(g *shengji.Game) bool {
		h := g.Hand()
		n := h.NumTricks()
		return h.Phase() == shengji.PlayPhase && n > 2 && h.Trick(n-1).Count == 0
	})
	m := staticModel(t, Look{ASCII: true})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent, TrickDone: true}, Obs: observe(g, 0)})
	h := g.Hand()
	done := h.Trick(h.NumTricks() - 2)
	s := m.Render()
	ord := h.Trump().Order()
	for seat, p := range done.Plays {
		if !strings.Contains(s, m.th.plain(ord, p)) {
			t.Errorf("seat %d's play %v of the finished trick is not shown", seat, p)
		}
	}
	want := fmt.Sprintf("Trick %d, led by %s, won by %s with %d points; %s to lead", h.NumTricks()-1, m.short(done.Leader), m.short(done.Winner), done.Points, m.short(h.Turn()))
	if !strings.Contains(s, want) {
		t.Fatalf("no %q:\n%s", want, s)
	}
	// the next lead shows the new trick
	lo := observe(g, h.Turn())
	lead, _ := lo.NthPlay(0)
	if err := g.Apply(h.Turn(), shengji.PlayAction(lead)); err != nil {
		t.Fatal(err)
	}
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
	if s := m.Render(); !strings.Contains(s, fmt.Sprintf("Trick %d, led by", h.NumTricks())) {
		t.Fatalf("the new trick is not shown:\n%s", s)
	}
}

// TestCardsWrittenInHandOrder: cards in words (a burial, the kitty, a
// trick) come in the order the hand is drawn in: trumps, then ♠ ♥ ♦ ♣,
// each from the highest.
func TestCardsWrittenInHandOrder(t *testing.T) {
	tr, _ := shengji.NewTrump(card.Clubs, card.Two)
	th := newTheme(Look{ASCII: true})
	if got := th.plain(tr.Order(), card.MustParseMulti("3D JS BJ 4C TH 2H QS 3D")); got != "BJ 2H 4C QS JS TH 3D 3D" {
		t.Fatalf("%q", got)
	}
}

// TestCursorStartsLeftAfterTheBurial: once the burial is done the cursor
// is on the first card again, not left past the end of a shorter hand.
func TestCursorStartsLeftAfterTheBurial(t *testing.T) {
	g := gameAt(t, 7, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.BuryPhase })
	banker := g.Hand().Banker()
	m := New(staticModel(t, Look{}).b, banker, Options{})
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 1, Obs: observe(g, banker)}})
	m, _ = upd(m, key("end"))
	if m.cursor != 32 {
		t.Fatalf("cursor %d on 33 cards", m.cursor)
	}
	o := observe(g, banker)
	if err := g.Apply(banker, shengji.BuryAction(card.MustParseMulti(strings.Join(func() []string {
		var s []string
		for _, c := range m.order[25:] {
			s = append(s, c.String())
		}
		return s
	}(), " ")))); err != nil {
		t.Fatal(err, o.Hand)
	}
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.BuryEvent, Seat: banker}, Obs: observe(g, banker)})
	if m.cursor != 0 {
		t.Fatalf("cursor %d after the burial", m.cursor)
	}
}

// TestGameOverHand: the last hand's result names the winning team as the
// screen names teams, and enter leads to the score sheet.
func TestGameOverHand(t *testing.T) {
	g := gameAt(t, 10, func(g *shengji.Game) bool { return g.Hand().Over() })
	m := staticModel(t, Look{NoColor: true})
	ev := shengji.Event{Kind: shengji.PlayEvent, Hand: 1, TrickDone: true, HandOver: true, Score: g.Hand().Score(), Kitty: g.Hand().Kitty(),
		GameOver: true, Winners: 1}
	m, _ = upd(m, EventMsg{Event: ev, Obs: observe(g, 0)})
	s := ansi.Strip(m.Render())
	for _, want := range []string{"The game is over: East/West (seats 1,3) won at A.", "enter score sheet"} {
		if !strings.Contains(s, want) {
			t.Errorf("no %q:\n%s", want, s)
		}
	}
	m, _ = upd(m, DoneMsg{Result: table.Result{Outcome: table.Outcome{Over: true, Winners: table.SeatsOf(1, 3), Scores: [table.MaxSeats]int{13, 14, 13, 14}, Hands: 1}}})
	if s := ansi.Strip(m.Render()); !strings.Contains(s, "Levels at the end: your team (seats 0,2) K, East/West (seats 1,3) A.") {
		t.Errorf("no levels at the end:\n%s", s)
	}
}
