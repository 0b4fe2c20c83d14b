package sjtui

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
	"felt/table"
)

// stackedDeal deals a hand whose seat 0 holds both joker pairs and a pair
// of every suit's level card, to card dealt: the most declarations a seat
// can be offered at once.
func stackedDeal(t *testing.T, r shengji.Rules, dealt int) shengji.Hand {
	t.Helper()
	deck, err := card.ShuffledPacks(rand.New(rand.NewPCG(1, 2)), 2, true)
	if err != nil {
		t.Fatal(err)
	}
	want := card.MustParseMulti("BJ BJ SJ SJ 2S 2S 2H 2H 2D 2D 2C 2C").Cards()
	for k, c := range want {
		// seat 0 is dealt deck[0], deck[4], …: find c anywhere but in the
		// places already given to it
		at := -1
		for i, d := range deck {
			if d == c && (i%4 != 0 || i >= 4*k) {
				at = i
				break
			}
		}
		deck[4*k], deck[at] = deck[at], deck[4*k]
	}
	h, err := shengji.NewHand(r, deck, 0, shengji.NoSeat, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	for range dealt {
		if err := h.Deal(); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// screenCase is one screen to draw at every size.
type screenCase struct {
	name string
	m    Model
}

// everyPhase returns a screen of every phase and state the game shows,
// each with its longest keys: the deal with all ten bids on offer, declaring
// after the deal, the burial with a hint, a play with a refusal and a
// hint, another seat's turn with the last trick, a hand's end, the score
// sheet, and the replay as a seat and as a spectator.
func everyPhase(t *testing.T) []screenCase {
	t.Helper()
	var out []screenCase
	add := func(name string, m Model) { out = append(out, screenCase{name, m}) }

	add("waiting", staticModel(t, Look{}))

	h := stackedDeal(t, shengji.Standard(), 60)
	m := staticModel(t, Look{})
	o := observe(&h, 0)
	o.HandNumber = 1
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.CardEvent}, Obs: o})
	if n := len(m.declarations()); n != 10 {
		t.Fatalf("the stacked deal offers %d declarations, want all ten", n)
	}
	add("deal, ten bids", m)

	simple, _ := shengji.Preset("simple")
	h = stackedDeal(t, simple, shengji.DealSize)
	m = staticModel(t, Look{})
	for h.Turn() != 0 {
		if err := h.Apply(h.Turn(), shengji.PassAction()); err != nil {
			t.Fatal(err)
		}
	}
	o = observe(&h, 0)
	o.HandNumber = 1
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 1, Obs: o}})
	add("declaring after the deal", m)

	g := gameAt(t, 7, func(g *shengji.Game) bool { return g.Hand().Phase() == shengji.BuryPhase })
	banker := g.Hand().Banker()
	m = New(staticModel(t, Look{}).b, banker, Options{})
	o = observe(g, banker)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: table.Seat(banker), Seq: 3, Obs: o}})
	var bury card.Multi
	for _, c := range m.order[len(m.order)-8:] {
		_ = bury.Add(c)
	}
	m, _ = upd(m, hintMsg{seq: 3, action: shengji.BuryAction(bury)})
	add("burying, with a hint", m)

	g = gameAt(t, 13, func(g *shengji.Game) bool {
		h := g.Hand()
		return h.Phase() == shengji.PlayPhase && h.Turn() == 0 && h.Trick(h.NumTricks()-1).Count > 0
	})
	m = staticModel(t, Look{})
	o = observe(g, 0)
	m, _ = upd(m, DecisionMsg{Decision: table.Decision[Obs]{Seat: 0, Seq: 4, Obs: o}})
	play, _ := o.NthPlay(0)
	m, _ = upd(m, hintMsg{seq: 4, action: shengji.PlayAction(play)})
	m, _ = upd(m, RefusedMsg{Err: &shengji.ActionError{Seat: 0, Err: shengji.ErrIllegalFollow,
		Reason: "seat 0 cannot play 8♥ 9♥: you hold the pair 9♥ 9♥: a led pair must be followed with a pair, and a pair is what you must play"}})
	add("playing, refused, with a hint", m)

	g = gameAt(t, 11, func(g *shengji.Game) bool {
		h := g.Hand()
		return h.Phase() == shengji.PlayPhase && h.NumTricks() > 3 && h.Turn() != 0
	})
	m = staticModel(t, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
	m, _ = upd(m, key("l"))
	add("another's turn, the last trick", m)

	g = gameAt(t, 10, func(g *shengji.Game) bool { return g.Hand().Over() })
	m = staticModel(t, Look{})
	ev := shengji.Event{Kind: shengji.PlayEvent, Hand: 1, TrickDone: true, HandOver: true, Score: g.Hand().Score(), Kitty: g.Hand().Kitty()}
	m, _ = upd(m, EventMsg{Event: ev, Obs: observe(g, 0)})
	add("the hand's end", m)

	m = staticModel(t, Look{})
	m, _ = upd(m, EventMsg{Event: shengji.Event{Kind: shengji.PlayEvent}, Obs: observe(g, 0)})
	for i := range 30 {
		m.sheet = append(m.sheet, row{hand: i + 1, banker: shengji.Seat(i % 4), trump: g.Hand().Trump(), points: 85, up: 1})
	}
	m, _ = upd(m, DoneMsg{Result: table.Result{Outcome: table.Outcome{Over: true, Winners: table.SeatsOf(1, 3), Scores: [table.MaxSeats]int{9, 14, 9, 14}, Hands: 30}}})
	add("the score sheet", m)

	log := tableLog(t, 21)
	r, err := LoadReplay(bytes.NewReader(log), "a-long-file-name-of-a-table-log.jsonl", Look{})
	if err != nil {
		t.Fatal(err)
	}
	r = r.step(1, func(f *Frame) bool { return f.Event.TrickDone })
	add("replay", r.m)
	nr, _ := r.Update(key("s"))
	for nr.(Replay).Viewer() != Spectator {
		nr, _ = nr.Update(key("s"))
	}
	add("replay, spectator", nr.(Replay).m)
	for _, tb := range anyTables(t) {
		out = append(out, anyTablePhases(t, tb.name, tb.rules)...)
	}
	return out
}

// TestEveryScreenFits draws every phase at 80×24, 70×20 and the smallest
// window, 60×20, and at 120×40: no line is wider than the window, no
// screen taller, every key is shown whole, the whole hand and the status
// are there. Below 60×20 the screen says the window is too small.
func TestEveryScreenFits(t *testing.T) {
	for _, sc := range everyPhase(t) {
		for _, sz := range [][2]int{{80, 24}, {70, 20}, {MinWidth, MinHeight}, {120, 40}} {
			w, h := sz[0], sz[1]
			m, _ := upd(sc.m, tea.WindowSizeMsg{Width: w, Height: h})
			what := fmt.Sprintf("%s at %d×%d", sc.name, w, h)
			s := m.Render()
			checkFits(t, what, s, w, h)
			plain := ansi.Strip(s)
			lines := strings.Split(plain, "\n")
			for _, p := range m.keyParts() {
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, p.plain()) }) {
					t.Errorf("%s: the key %q is not shown whole:\n%s", what, p.plain(), plain)
				}
			}
			// the whole hand is drawn
			var faces card.Multi
			for _, c := range shownFaces(plain) {
				_ = faces.Add(c)
			}
			if !m.opt.Spectator && !faces.Contains(m.obs.Hand) {
				t.Errorf("%s: the hand %v is not all shown:\n%s", what, m.obs.Hand.Minus(faces), plain)
			}
			for _, say := range []string{ansi.Strip(m.status), ansi.Strip(m.hint)} {
				// a long status or hint may take two or three lines, whole
				if !strings.Contains(strings.Join(lines, " "), say) {
					t.Errorf("%s: %q is not shown whole:\n%s", what, say, plain)
				}
			}
			if sc.name == "playing, refused, with a hint" && !strings.Contains(plain, "(to play)") && !strings.Contains(plain, "> You") {
				t.Errorf("%s: the trick is not shown:\n%s", what, plain)
			}
			if testing.Verbose() && (w == 70 || w == 60) {
				t.Logf("%s:\n%s", what, plain)
			}
		}
		for _, sz := range [][2]int{{MinWidth - 1, 24}, {80, MinHeight - 1}, {30, 8}} {
			w, h := sz[0], sz[1]
			m, _ := upd(sc.m, tea.WindowSizeMsg{Width: w, Height: h})
			s := m.Render()
			checkFits(t, fmt.Sprintf("%s at %d×%d", sc.name, w, h), s, w, h)
			if !strings.Contains(strings.Join(strings.Split(ansi.Strip(s), "\n"), " "), "too small") && !strings.Contains(s, "needs at least") {
				t.Errorf("%s at %d×%d: no word that the window is too small:\n%s", sc.name, w, h, ansi.Strip(s))
			}
		}
	}
}

// TestScoreSheetScrolls: a game longer than the window's score sheet
// shows every hand with ↑ and ↓.
func TestScoreSheetScrolls(t *testing.T) {
	var m Model
	for _, sc := range everyPhase(t) {
		if sc.name == "the score sheet" {
			m = sc.m
		}
	}
	m, _ = upd(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	seen := map[string]bool{}
	rowRE := regexp.MustCompile(`(?m)^\s+(\d+)  `)
	look := func() string {
		s := ansi.Strip(m.Render())
		for _, r := range rowRE.FindAllStringSubmatch(s, -1) {
			seen[r[1]] = true
		}
		return s
	}
	if s := look(); !strings.Contains(s, "↑↓ scroll the hands") || strings.Contains(s, "later hands") {
		t.Fatalf("the sheet opens elsewhere than on the last hands:\n%s", s)
	}
	for range 40 {
		m, _ = upd(m, key("up"))
		look()
	}
	if s := look(); !strings.Contains(s, "later hands (↓)") || strings.Contains(s, "earlier hands") {
		t.Fatalf("scrolled to the top:\n%s", s)
	}
	for i := 1; i <= 30; i++ {
		if !seen[fmt.Sprint(i)] {
			t.Errorf("hand %d never shown", i)
		}
	}
	for range 40 {
		m, _ = upd(m, key("down"))
	}
	if s := look(); strings.Contains(s, "later hands") {
		t.Fatalf("not back at the end:\n%s", s)
	}
}
