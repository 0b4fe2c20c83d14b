package sjbot

import (
	"math"
	"math/rand/v2"
	"testing"

	"felt/card"
	"felt/shengji"
)

// likelyProbe is seat 0's Greedy player that, at each of its plays,
// weighs the true deal and a sampled one by the play model.
type likelyProbe struct {
	*Greedy
	h       *shengji.Hand
	d       dealer
	events  int
	trueLog float64 // sum of the true deals' log weights
	sampLog float64 // and of the sampled deals'
	decided int
	t       *testing.T
}

func (p *likelyProbe) Act(o *shengji.Observation) (shengji.Action, bool) {
	if o.Phase == shengji.PlayPhase && o.Turn == o.Seat {
		v := newView(o)
		fs := throwAways(nil, &v)
		if len(fs) > 0 {
			var truth [shengji.MaxSeats]card.Multi
			for s := range shengji.Seat(v.n) {
				truth[s] = p.h.Cards(s)
			}
			h, ok := newHidden(&v)
			var hands [shengji.MaxSeats]card.Multi
			var kitty card.Multi
			if ok {
				if _, ok = p.d.dealHidden(&h, &hands, &kitty); ok {
					hands[o.Seat] = o.Hand
					wt := likelihood(v.ord, fs, &truth, 0.5)
					ws := likelihood(v.ord, fs, &hands, 0.5)
					p.trueLog += math.Log2(wt)
					p.sampLog += math.Log2(ws)
					p.events += len(fs)
					p.decided++
					// The weight is the count of plays the deal makes
					// unlikely, by the rule written out again.
					for _, w := range []struct {
						hs  *[shengji.MaxSeats]card.Multi
						got float64
					}{{&truth, wt}, {&hands, ws}} {
						unlikely := 0
						for _, f := range fs {
							for _, d := range card.Pack() {
								if w.hs[f.x].Count(d)+f.later.Count(d) == 1 && d != f.c &&
									v.ord.Group(d) == f.g && cost(v.ord, d) < cost(v.ord, f.c) {
									unlikely++
									break
								}
							}
						}
						if want := math.Pow(0.5, float64(unlikely)); w.got != want {
							p.t.Fatalf("weight %v, want %v (%d of %d plays unlikely)", w.got, want, unlikely, len(fs))
						}
					}
				}
			}
		}
	}
	return p.Greedy.Act(o)
}

// The play model is informative: over the hands Greedy players play, the
// true deal is far likelier under it than the deals drawn uniformly among
// those consistent with what the seat has seen (Greedy throws away its
// cheapest card of the suit when the other side wins the trick), and each
// weight is 1/2 to the power of the plays the deal makes unlikely, counted
// card by card.
func TestLikelihood_TheTrueDealIsLikelier(t *testing.T) {
	probe := &likelyProbe{t: t}
	for seed := range uint64(12) {
		h, ps := greedyHand(t, seed, 3, 0)
		probe.Greedy, probe.h = NewGreedy(rand.New(rand.NewPCG(seed, 9))), h
		probe.d = dealer{rng: rand.New(rand.NewPCG(seed, 10)), deal: make([]card.Card, 0, shengji.MaxDeck)}
		ps[0] = probe
		if err := playHand(h, h, ps); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d decisions with %d throw-away plays seen: log2 weight a decision, true deal %.2f, sampled %.2f",
		probe.decided, probe.events, probe.trueLog/float64(probe.decided), probe.sampLog/float64(probe.decided))
	if probe.decided < 50 {
		t.Fatalf("only %d decisions weighed", probe.decided)
	}
	if probe.trueLog < probe.sampLog/2 || probe.trueLog <= probe.sampLog {
		t.Fatalf("the true deals are not likelier: log2 weights %.1f (true) against %.1f (sampled)", probe.trueLog, probe.sampLog)
	}
}

// Hard leaning its deals by the play model plays whole hands, and the
// deals it keeps are likelier under the model than those drawn plainly:
// at each of its plays with throw-away plays seen, more of its kept deals
// make none of them unlikely.
func TestHard_PlayLikelihoodPlaysHands(t *testing.T) {
	const eps = 0.25
	plainly, leaning, weighed := 0, 0, 0
	for seed := range uint64(2) {
		h, ps := greedyHand(t, seed, 5, 1)
		hd := NewHard(rand.New(rand.NewPCG(seed, 7)))
		hd.PlayLikelihood, hd.BidLikelihood = eps, 0 // the plays alone
		searched := 0
		ps[0] = actorFunc(func(o *shengji.Observation) (shengji.Action, bool) {
			if o.Phase == shengji.PlayPhase && o.Turn == o.Seat {
				v := newView(o)
				hd.follow = throwAways(hd.follow[:0], &v)
				if hid, ok := newHidden(&v); ok && len(hd.follow) > 0 {
					weighed++
					for range 10 {
						if hd.sample(o, &hid) && likelihood(v.ord, hd.follow, &hd.hands, eps) == 1 {
							plainly++
						}
						if hd.sampleLikely(o, &hid, &v) && likelihood(v.ord, hd.follow, &hd.hands, eps) == 1 {
							leaning++
						}
					}
				}
			}
			a, ok := hd.Act(o)
			if hd.LastSearch().Deals > 0 {
				searched++
			}
			return a, ok
		})
		if err := playHand(h, h, ps); err != nil {
			t.Fatal(err)
		}
		if !h.Over() || searched == 0 {
			t.Fatalf("hand %d: over %v, %d searched decisions", seed, h.Over(), searched)
		}
	}
	t.Logf("%d plays weighed: of 10 deals each, %d kept deals make no play unlikely, %d drawn plainly", weighed, leaning, plainly)
	if weighed < 10 || 5*leaning < 6*plainly { // a fifth more, at least
		t.Fatalf("%d plays weighed; deals making no play unlikely: %d kept, %d drawn plainly", weighed, leaning, plainly)
	}
}

// actorFunc is a function as an actor.
type actorFunc func(o *shengji.Observation) (shengji.Action, bool)

func (f actorFunc) Act(o *shengji.Observation) (shengji.Action, bool) { return f(o) }

// bruteCanShow is whether a seat holding held could show a declaration
// over the standing one under the standard rules, by the rule written out
// again: over its own the same card with more copies, over another's (or
// none) every copy of a level card or of a joker held twice or more,
// stronger than it.
func bruteCanShow(o *shengji.Observation, x shengji.Seat, held card.Multi) bool {
	st, has := o.Bids.Last()
	if has && st.Seat == x {
		c := firstCard(st.Cards)
		return held.Count(c) > st.Cards.Len()
	}
	for _, c := range append(card.Pack(), card.SmallJoker, card.BigJoker) {
		joker := c == card.SmallJoker || c == card.BigJoker
		if !joker && c.Rank() != o.Level {
			continue
		}
		n := held.Count(c)
		if n == 0 || joker && n < 2 {
			continue
		}
		if !has || (shengji.Bid{Cards: card.Times(card.Bit(c), n)}).Strength() > st.Strength() {
			return true
		}
	}
	return false
}

// The declarations not made are informative: over the hands Greedy
// players play, the true deal is likelier under the declaration model
// than the deals drawn uniformly among those consistent with what the
// seat has seen (Greedy reinforces its own declaration with every copy
// it holds, and overturns only with a strong hand), and each weight is
// 1/2 for each overturn and 1/8 for each reinforcement the deal would
// have allowed, counted by the rule written out again.
func TestLikelihood_DeclarationsNotMade(t *testing.T) {
	var trueLog, sampLog float64
	decided, own := 0, 0
	for seed := range uint64(30) {
		h, ps := greedyHand(t, seed, 3, 0)
		d := dealer{rng: rand.New(rand.NewPCG(seed, 10)), deal: make([]card.Card, 0, shengji.MaxDeck)}
		g := ps[0]
		ps[0] = actorFunc(func(o *shengji.Observation) (shengji.Action, bool) {
			if o.Phase != shengji.PlayPhase || o.Turn != o.Seat {
				return g.Act(o)
			}
			v := newView(o)
			bs := heldBacks(nil, &v)
			for _, b := range bs {
				if b.x == o.Seat || b.x == o.Banker {
					t.Fatalf("seat %s weighed (banker %s, seat %s)", b.x, o.Banker, o.Seat)
				}
				if b.own {
					own++
				}
			}
			hid, ok := newHidden(&v)
			var hands [shengji.MaxSeats]card.Multi
			var kitty card.Multi
			if !ok {
				t.Fatal("no hidden cards")
			}
			if _, ok := d.dealHidden(&hid, &hands, &kitty); !ok {
				t.Fatal("no deal")
			}
			hands[o.Seat] = o.Hand
			var truth [shengji.MaxSeats]card.Multi
			for s := range shengji.Seat(v.n) {
				truth[s] = h.Cards(s)
			}
			for _, hs := range []*[shengji.MaxSeats]card.Multi{&truth, &hands} {
				got := bidLikelihood(o, bs, hs, 1.0/8, 0.5)
				want := 1.0
				for _, b := range bs {
					held, _ := hs[b.x].Sum(playedBy(o, b.x))
					if bruteCanShow(o, b.x, held) {
						want *= map[bool]float64{true: 1.0 / 8, false: 0.5}[b.own]
					}
				}
				if got != want {
					t.Fatalf("seed %d: weight %v, the rule %v", seed, got, want)
				}
			}
			trueLog += math.Log2(bidLikelihood(o, bs, &truth, 1.0/8, 0.5))
			sampLog += math.Log2(bidLikelihood(o, bs, &hands, 1.0/8, 0.5))
			decided++
			return g.Act(o)
		})
		if err := playHand(h, h, ps); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d decisions (%d standing declarations by another seat weighed): log2 weight a decision, true deal %.2f, sampled %.2f",
		decided, own, trueLog/float64(decided), sampLog/float64(decided))
	if decided < 100 || own == 0 {
		t.Fatalf("only %d decisions weighed, %d with another seat's declaration", decided, own)
	}
	if trueLog < sampLog/2 || trueLog <= sampLog {
		t.Fatalf("the true deals are not clearly likelier: log2 weights %.1f (true) against %.1f (sampled)", trueLog, sampLog)
	}
}
