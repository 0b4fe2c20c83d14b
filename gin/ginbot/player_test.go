package ginbot

import (
	"fmt"
	"reflect"
	"testing"

	"felt/card"
	"felt/gin"
)

// fastHard is hard with a small search and a small belief, to keep tests
// quick.
func fastHard(seed uint64) Player {
	h := NewHard(gin.NewRand(seed))
	h.Worlds = 8
	h.dMin, h.dMax, h.roll.n = 8, 16, 20
	h.belief = resized(h.belief, 400)
	return h
}

func makers() map[string]maker {
	return map[string]maker{
		"random": func(s uint64) Player { return NewRandom(gin.NewRand(s)) },
		"simple": func(s uint64) Player { return NewSimple(gin.NewRand(s)) },
		"easy":   func(s uint64) Player { return NewEasy(gin.NewRand(s)) },
		"normal": func(s uint64) Player { return NewNormal(gin.NewRand(s)) },
		"hard":   fastHard,
		"hard-v1": func(s uint64) Player {
			h := NewHardV1(gin.NewRand(s))
			h.Worlds = 8
			return h
		},
		"gin-hunter":  func(s uint64) Player { return NewGinHunter(gin.NewRand(s)) },
		"low-knocker": func(s uint64) Player { return NewLowKnocker(gin.NewRand(s)) },
		"undercutter": func(s uint64) Player { return NewUndercutter(gin.NewRand(s)) },
	}
}

// TestPlayers_OnlyLegalActions plays every level against every level over
// many seeds and rule sets; playGame fails on any illegal action.
func TestPlayers_OnlyLegalActions(t *testing.T) {
	rules := []gin.Rules{gin.Standard(), gin.EAAI()}
	ok := gin.Standard()
	ok.Oklahoma = true
	nu := gin.Standard()
	nu.Upcard, nu.KnockLimit = gin.NoUpcard, 3
	rules = append(rules, ok, nu)
	games := 0
	for an, a := range makers() {
		for bn, b := range makers() {
			for seed := uint64(1); seed <= 3; seed++ {
				r := rules[int(seed+uint64(len(an)+len(bn)))%len(rules)]
				if an == "random" && bn == "random" {
					r.TargetScore = 30 // random games are long
				}
				playGame(t, r, seed, [2]Player{a(seed), b(seed + 100)})
				games++
			}
		}
	}
	t.Logf("%d games, every action legal", games)
}

// FuzzPlayers checks legality for arbitrary seeds and levels.
func FuzzPlayers(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(4))
	f.Add(uint64(99), uint8(3), uint8(2))
	names := []string{"random", "simple", "easy", "normal", "hard", "hard-v1", "gin-hunter", "low-knocker", "undercutter"}
	f.Fuzz(func(t *testing.T, seed uint64, a, b uint8) {
		ms := makers()
		pa, pb := ms[names[int(a)%len(names)]], ms[names[int(b)%len(names)]]
		r := gin.EAAI()
		r.TargetScore = 40
		if seed%3 == 1 {
			r = gin.Standard()
			r.Oklahoma = true
			r.TargetScore = 40
		}
		playGame(t, r, seed, [2]Player{pa(seed), pb(^seed)})
	})
}

func TestPlayers_SameSeedSameGame(t *testing.T) {
	for name, mk := range makers() {
		var logs [2]string
		for i := range logs {
			g, _ := gin.NewGame(gin.EAAI(), gin.NewRand(5))
			players := [2]Player{mk(11), NewSimple(gin.NewRand(12))}
			var trace []string
			for steps := 0; !g.Over() && steps < 3000; steps++ {
				h := g.Hand()
				if h.Over() {
					g.NextHand()
					continue
				}
				s := h.Turn()
				o := g.Observe(s)
				a := players[s].Act(&o)
				trace = append(trace, a.String())
				if err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
			}
			logs[i] = fmt.Sprint(trace)
			if !g.Over() || len(trace) < 10 {
				t.Fatalf("%s: game not played out (%d actions)", name, len(trace))
			}
		}
		if logs[0] != logs[1] {
			t.Fatalf("%s: the same seeds gave different games", name)
		}
	}
}

// TestPlayers_SeeOnlyTheObservation builds, for positions from real games,
// a second world that looks the same to the player (same observation) but
// hides different cards; a player seeded the same must choose the same.
func TestPlayers_SeeOnlyTheObservation(t *testing.T) {
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g, _ := gin.NewGame(gin.Standard(), gin.NewRand(seed))
		driver := NewSimple(gin.NewRand(seed))
		for steps := 0; steps < 60 && !g.Over(); steps++ {
			h := g.Hand()
			if h.Over() {
				g.NextHand()
				continue
			}
			s := h.Turn()
			o := g.Observe(s)
			// Another world: shuffle the hidden cards between the
			// opponent's unknown cards and the stock.
			hidden := o.Unseen()
			pool := hidden.Cards()
			gin.NewRand(seed+uint64(steps)).Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			k := o.OpponentCards - o.OpponentTook.Len()
			opp := o.OpponentTook | card.SetOf(pool[:k]...)
			other, err := gin.Determinize(&o, opp, pool[k:])
			if err != nil {
				t.Fatal(err)
			}
			o2 := other.Observe(s)
			o2.HandNumber, o2.Scores, o2.Boxes = o.HandNumber, o.Scores, o.Boxes
			if !reflect.DeepEqual(o, o2) {
				t.Fatalf("the other world looks different:\n%+v\n%+v", o, o2)
			}
			for name, mk := range makers() {
				if name == "hard" {
					continue // hard keeps a belief across a hand; checked below
				}
				if a1, a2 := mk(seed).Act(&o), mk(seed).Act(&o2); a1 != a2 {
					t.Fatalf("%s chose %s and %s in worlds that look the same", name, a1, a2)
				}
			}
			h1, h2 := fastHard(seed), fastHard(seed)
			if a1, a2 := h1.Act(&o), h2.Act(&o2); a1 != a2 {
				t.Fatalf("hard chose %s and %s in worlds that look the same", a1, a2)
			}
			checked++
			if err := g.Apply(s, driver.Act(&o)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestDeterminize_RefusesInconsistentWorlds(t *testing.T) {
	g, _ := gin.NewGame(gin.Standard(), gin.NewRand(1))
	o := g.Observe(0)
	pool := o.Unseen().Cards()
	if _, err := gin.Determinize(&o, card.SetOf(pool[:9]...), pool[9:]); err == nil {
		t.Fatal("nine opponent cards accepted")
	}
	if _, err := gin.Determinize(&o, o.Hand, pool[10:]); err == nil {
		t.Fatal("the seat's own cards accepted as the opponent's")
	}
	if _, err := gin.Determinize(&o, card.SetOf(pool[:10]...), pool[11:]); err == nil {
		t.Fatal("short stock accepted")
	}
}

// resized returns a belief like b with n particles.
func resized(b *Belief, n int) *Belief {
	r := NewBelief(b.rng, n)
	r.Beta, r.Sharpness, r.Repair, r.KnockChance, r.fast = b.Beta, b.Sharpness, b.Repair, b.KnockChance, b.fast
	return r
}
