package sjtui

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/internal/testenv"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// playHands plays hands of a seeded game as the person in seat, choosing
// with greedy through the keys, checking every screen.
func playHands(t *testing.T, s Setup, hands int, check func(r *runtime, msg tea.Msg)) *runtime {
	t.Helper()
	return playUntil(t, s, hands, nil, check)
}

// playUntil plays as playHands does, and stops early, before acting, when
// stop (if not nil) says so.
func playUntil(t *testing.T, s Setup, hands int, stop func(r *runtime) bool, check func(r *runtime, msg tea.Msg)) *runtime {
	t.Helper()
	r := newRuntime(t, s, Options{Look: Look{NoColor: true}, Seed: s.Seed, HintLevel: "greedy"})
	r.seen = check
	bot := sjbot.NewGreedy(rand.New(rand.NewPCG(s.Seed, 99)))
	finished := 0
	bids := 0
	for range 40000 {
		m := r.m
		switch {
		case stop != nil && stop(r):
			return r
		case m.done:
			return r
		case m.over != nil:
			finished++
			if finished >= hands {
				return r
			}
			r.press("enter")
			continue
		case m.pending != nil:
			o := m.pending.Obs
			a, ok := bot.Act(&o)
			if !ok {
				t.Fatalf("greedy declined a due decision in %v", o.Phase)
			}
			switch a.Kind {
			case shengji.Pass:
				r.press("p")
			case shengji.Declare:
				ds := m.declarations()
				for i, d := range ds {
					if d == a {
						r.press(string(rune('1' + i)))
					}
				}
			case shengji.FriendCall:
				// greedy's calls: the suggested ones, which enter accepts,
				// or, where greedy chooses others (which deal the person
				// is banker in depends on when the seats declared, which a
				// loaded machine changes), the hint's, which h fills in
				// (the hint level is greedy)
				want := a.CallList()
				if !slices.Equal(m.call.list(), want) {
					r.press("h")
					r.until(200, func(r *runtime) bool { return slices.Equal(r.m.call.list(), want) })
				}
				r.press("enter")
			default:
				r.selectCards(a.Cards)
				r.press("enter")
			}
			if r.m.pending != nil {
				t.Fatalf("the decision is still pending after %v:\n%s", a, r.screen())
			}
		case m.haveObs && m.obs.Phase == shengji.DealPhase && len(m.declarations()) > 0 && bids < 2:
			// bid as the cards arrive
			bids++
			r.press("1")
		}
		r.step()
	}
	t.Fatalf("the game did not get through %d hands", hands)
	return r
}

func TestPersonPlaysHandsNoHiddenCard(t *testing.T) {
	screens := 0
	phases := map[shengji.Phase]bool{}
	check := func(r *runtime, msg tea.Msg) {
		screens++
		if !r.m.haveObs {
			return
		}
		phases[r.m.obs.Phase] = true
		checkFits(t, "screen", r.m.Render(), 80, 24)
		checkNoHidden(t, r.m)
	}
	for _, seed := range []uint64{1, 2} {
		r := playHands(t, Setup{Seat: shengji.Seat(seed % 4), Level: "greedy", Seed: seed, Rules: shengji.Standard()}, 2, check)
		r.cancel()
	}
	for _, p := range []shengji.Phase{shengji.DealPhase, shengji.BuryPhase, shengji.PlayPhase, shengji.OverPhase} {
		if !phases[p] {
			t.Errorf("no screen in phase %v", p)
		}
	}
	t.Logf("%d screens checked", screens)
}

func TestBidAfterDeal(t *testing.T) {
	rules, _ := shengji.Preset("simple")
	sawBid := false
	check := func(r *runtime, msg tea.Msg) {
		if r.m.pending != nil && r.m.obs.Phase == shengji.BidPhase {
			sawBid = true
			if !strings.Contains(r.screen(), "p pass") {
				t.Fatalf("no pass key while declaring after the deal:\n%s", r.screen())
			}
		}
	}
	r := playHands(t, Setup{Seat: 0, Level: "greedy", Seed: 3, Rules: rules}, 1, check)
	r.cancel()
	if !sawBid {
		t.Error("never asked to declare after the deal")
	}
}

// TestAutoplayWholeGame watches four computers play a whole game: every
// screen fits 80×24 and shows nothing the watched seat may not see, and
// the game ends on the score sheet of every hand.
func TestAutoplayWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	screens := 0
	r := newRuntime(t, Setup{Seat: 2, Level: "greedy", Seed: 4, Rules: shengji.Standard(), Autoplay: true}, Options{Look: Look{}, Autoplay: true})
	r.seen = func(r *runtime, msg tea.Msg) {
		screens++
		if !r.m.haveObs {
			return
		}
		s := r.m.Render()
		checkFits(t, "screen", s, 80, 24)
		if screens%7 == 0 || r.m.over != nil {
			checkNoHidden(t, r.m)
		}
	}
	r.until(200000, func(r *runtime) bool { return r.m.done })
	s := r.screen()
	if !strings.Contains(s, "Score sheet") || !strings.Contains(s, "Levels at the end") || !r.m.result.Over {
		t.Fatalf("no score sheet at the end:\n%s", s)
	}
	if len(r.m.sheet) != r.m.result.Hands {
		t.Fatalf("%d hands on the sheet, %d played", len(r.m.sheet), r.m.result.Hands)
	}
	t.Logf("%d screens, %d hands", screens, len(r.m.sheet))
}

// TestIllegalPlayRefusedWithReason: a play the rules refuse is not made;
// the screen shows the engine's reason and asks again.
func TestIllegalPlayRefusedWithReason(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		r := newRuntime(t, Setup{Seat: 0, Level: "greedy", Seed: seed, Rules: shengji.Standard()}, Options{Look: Look{NoColor: true}})
		bot := sjbot.NewGreedy(rand.New(rand.NewPCG(seed, 1)))
		for range 5000 {
			if r.m.over != nil || r.m.done {
				break
			}
			if p := r.m.pending; p != nil {
				o := p.Obs
				if t2, ok := o.Trick(); ok && t2.Count > 0 {
					if bad, ok := illegalFollow(&o, t2.Lead()); ok {
						seq := p.Seq
						r.selectCards(bad)
						r.press("enter")
						r.until(100, func(r *runtime) bool { return r.m.pending != nil })
						s := r.screen()
						if !strings.Contains(s, "Not allowed: ") || r.m.pending.Seq != seq {
							t.Fatalf("playing %v to %v: no reason shown or not asked again (seq %d, was %d):\n%s", bad, t2.Lead(), r.m.pending.Seq, seq, s)
						}
						var fe *shengji.FollowError
						if err := trumpOf(&o).Order().CheckFollow(t2.Lead(), o.Hand, bad); !errors.As(err, &fe) || !strings.Contains(strings.Join(strings.Fields(s), " "), "Not allowed: "+fe.Reason) {
							t.Fatalf("the reason on screen is not the engine's %v:\n%s", err, s)
						}
						r.cancel()
						return
					}
				}
				a, _ := bot.Act(&o)
				switch a.Kind {
				case shengji.Pass:
					r.press("p")
				case shengji.Declare:
					r.press("1")
				default:
					r.selectCards(a.Cards)
					r.press("enter")
				}
			}
			r.step()
		}
		r.cancel()
	}
	t.Fatal("no seed gave an illegal follow to try")
}

// illegalFollow finds a play of the lead's size that breaks a rule of
// following.
func illegalFollow(o *shengji.Observation, lead card.Multi) (card.Multi, bool) {
	ord := trumpOf(o).Order()
	cs := ord.Sorted(o.Hand)
	n := lead.Len()
	for start := 0; start+n <= len(cs); start++ {
		var m card.Multi
		for _, c := range cs[start : start+n] {
			_ = m.Add(c)
		}
		if err := ord.CheckFollow(lead, o.Hand, m); err != nil {
			return m, true
		}
	}
	return card.Multi{}, false
}

// TestPersonPlaysWholeGame: a person (greedy's choices, made through the
// keys) plays a whole game to the score sheet.
func TestPersonPlaysWholeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	n := 0
	check := func(r *runtime, msg tea.Msg) {
		if n++; n%50 == 0 && r.m.haveObs {
			checkFits(t, "screen", r.m.Render(), 80, 24)
			checkNoHidden(t, r.m)
		}
	}
	r := playHands(t, Setup{Seat: 3, Level: "greedy", Seed: 17, Rules: shengji.Standard()}, 1000, check)
	r.press("enter") // the last hand's result, then the end
	r.until(100, func(r *runtime) bool { return r.m.done })
	s := r.screen()
	if !r.m.result.Over || !strings.Contains(s, "Score sheet") || len(r.m.sheet) != r.m.result.Hands {
		t.Fatalf("not at the end (%d hands on the sheet, result %+v):\n%s", len(r.m.sheet), r.m.result, s)
	}
	checkFits(t, "score sheet", r.m.Render(), 80, 24)
	t.Logf("%d hands, %d screens\n%s", len(r.m.sheet), n, s)
}

// TestAutoplayTakeoverKeepsTheScreenGoing: the watched seat is played by an
// outside program that answers nonsense; the built-in level that takes it
// over still plays through the bridge, so the screen shows the takeover
// and every hand to the score sheet instead of freezing at the failure.
func TestAutoplayTakeoverKeepsTheScreenGoing(t *testing.T) {
	if testing.Short() {
		t.Skip("a whole game")
	}
	testenv.AcquireProcs(t, shengji.NumSeats)
	r := newRuntime(t, Setup{Seat: 1, Level: "exec:sh -c 'echo nonsense'", Seed: 5, Rules: shengji.Standard(), Autoplay: true}, Options{Look: Look{NoColor: true}, Autoplay: true})
	took, after := false, 0
	r.seen = func(r *runtime, msg tea.Msg) {
		switch msg := msg.(type) {
		case NoticeMsg:
			if msg.Notice.Kind == table.Takeover && msg.Notice.Seat == 1 {
				took = true
				if !strings.Contains(r.screen(), "takes over") {
					t.Errorf("the takeover is not on the screen:\n%s", r.screen())
				}
			}
		case EventMsg:
			if took {
				after++
			}
		}
	}
	r.until(200000, func(r *runtime) bool { return r.m.done })
	if r.m.doneErr != nil || !r.m.result.Over {
		t.Fatalf("the game did not end: %v", r.m.doneErr)
	}
	if r.m.result.Takeovers != shengji.NumSeats {
		t.Fatalf("%d takeovers, want %d", r.m.result.Takeovers, shengji.NumSeats)
	}
	if !took || after == 0 {
		t.Fatalf("takeover notice seen %v, %d events after it", took, after)
	}
	if len(r.m.sheet) != r.m.result.Hands {
		t.Fatalf("%d hands on the score sheet, %d played: the screen stopped at the takeover", len(r.m.sheet), r.m.result.Hands)
	}
	t.Logf("%d events after the takeover, %d hands", after, r.m.result.Hands)
}
