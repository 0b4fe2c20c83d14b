package ginbot

import (
	"math"
	"testing"

	"felt/card"
	"felt/gin"
)

// randomHand deals n distinct cards from rng.
func randomHand(rng interface{ IntN(int) int }, n int) card.Set {
	var h card.Set
	for h.Len() < n {
		h = h.Add(card.New(card.Rank(1+rng.IntN(13)), card.Suit(rng.IntN(4))))
	}
	return h
}

// oneDrawEach is rollouts of depth 1 whose sequences are every card of
// unseen once: its value is then exactly the mean over the next draw.
func oneDrawEach(unseen card.Set, limit int) *rollouts {
	r := &rollouts{n: unseen.Len(), depth: 1, k: 1, ws: []float64{1}, limit: limit, u: defaultUtility}
	for c := range unseen.All {
		r.seqs = append(r.seqs, c)
	}
	return r
}

// TestRollouts_OneDrawIsTheNextDrawsMean: looking one draw ahead over
// every unseen card once, the rollouts' value of a hand is the one-draw
// expectation the normal player uses (drawValue with equal weights),
// checked against it on random hands.
func TestRollouts_OneDrawIsTheNextDrawsMean(t *testing.T) {
	rng := gin.NewRand(7)
	for i := range 500 {
		hand := randomHand(rng, 10)
		unseen := card.FullSet &^ hand
		var w [64]float64
		for c := range unseen.All {
			w[c] = 1
		}
		limit := 1 + i%10
		want := defaultUtility.drawValue(hand, &w, float64(unseen.Len()), unseen, limit)
		got := oneDrawEach(unseen, limit).value(hand)
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("hand %v: rollouts %.6f, one-draw mean %.6f", hand, got, want)
		}
	}
}

// TestRollouts_TakeCountsAsTheFirstDraw: one draw ahead, taking a card is
// worth the utility of the hand left after the take and the best discard
// other than the card taken, whatever the stock holds.
func TestRollouts_TakeCountsAsTheFirstDraw(t *testing.T) {
	rng := gin.NewRand(8)
	for i := range 300 {
		hand := randomHand(rng, 11)
		top := hand.Cards()[rng.IntN(11)]
		hand = hand.Remove(top)
		unseen := card.FullSet &^ hand &^ card.Set(0).Add(top)
		limit := 10
		_, dw := bestExcept(hand.Add(top), top)
		want := defaultUtility.of(dw, limit)
		if got := oneDrawEach(unseen, limit).takeValue(hand, top); math.Abs(got-want) > 1e-9 {
			t.Fatalf("case %d: hand %v taking %v: %.6f, want %.6f", i, hand, top, got, want)
		}
	}
}

// TestRollouts_GinEndsTheRollout: a draw that makes gin keeps gin's
// utility for every later draw (the hand is over), so a hand that gets
// gin on the first of three draws is worth gin, not the deadwood the later
// draws would leave.
func TestRollouts_GinEndsTheRollout(t *testing.T) {
	hand, err := card.ParseSet("AC 2C 3C 5D 6D 7D 9H 9S 9D KC")
	if err != nil {
		t.Fatal(err)
	}
	seq, err := card.ParseList("4C QH JS")
	if err != nil {
		t.Fatal(err)
	}
	r := &rollouts{n: 1, depth: 3, k: 3, ws: []float64{0.5, 0.3, 0.2}, seqs: seq, limit: 10, u: defaultUtility}
	want := defaultUtility.of(0, 10)
	if got := r.value(hand); math.Abs(got-want) > 1e-9 {
		t.Fatalf("value %.3f, want gin's %.3f", got, want)
	}
	// Without the gin card the same draws leave deadwood: worth less.
	r.seqs, _ = card.ParseList("QH JS TD")
	if got := r.value(hand); got <= want {
		t.Fatalf("no gin valued %.3f, not above gin's %.3f", got, want)
	}
}

// TestRollouts_SampleDrawsUnseenCards: every sampled draw is a card the
// seat cannot see, never twice in one sequence, and the weights sum to 1.
func TestRollouts_SampleDrawsUnseenCards(t *testing.T) {
	g, err := gin.NewGame(gin.EAAI(), gin.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	b := NewBelief(gin.NewRand(4), 400)
	obs := g.Observe(g.Hand().Turn())
	b.Update(&obs)
	r := rollouts{n: 50, depth: 5, decay: 0.8}
	if !r.sample(gin.NewRand(5), b, &obs, defaultUtility) {
		t.Fatal("no sample")
	}
	if len(r.seqs) != 50*5 {
		t.Fatalf("%d draws, want 250", len(r.seqs))
	}
	unseen := obs.Unseen()
	for s := 0; s < len(r.seqs); s += 5 {
		var seen card.Set
		for _, c := range r.seqs[s : s+5] {
			if !unseen.Has(c) || seen.Has(c) {
				t.Fatalf("sequence %v draws %v: seen or repeated", r.seqs[s:s+5], c)
			}
			seen = seen.Add(c)
		}
	}
	var sum float64
	for _, w := range r.ws {
		sum += w
	}
	if math.Abs(sum-1) > 1e-9 || r.ws[0] <= r.ws[4] {
		t.Fatalf("weights %v", r.ws)
	}
}

// TestRollouts_ShortStockDrawsFewer: with short set, a rollout draws no
// more cards than the seat has left before the stock runs down to the two
// that end the hand (and at least one).
func TestRollouts_ShortStockDrawsFewer(t *testing.T) {
	g, err := gin.NewGame(gin.EAAI(), gin.NewRand(11))
	if err != nil {
		t.Fatal(err)
	}
	players := [2]Player{NewRandom(gin.NewRand(1)), NewRandom(gin.NewRand(2))} // hands that run the stock down
	checked := map[int]bool{}
	for hands := 0; hands < 20 && !g.Over(); hands++ {
		for !g.Hand().Over() {
			s := g.Hand().Turn()
			obs := g.Observe(s)
			b := NewBelief(gin.NewRand(4), 100)
			b.Update(&obs)
			r := rollouts{n: 3, depth: 5, decay: 0.8, short: true}
			if obs.StockLen >= 3 && r.sample(gin.NewRand(5), b, &obs, defaultUtility) {
				left := (obs.StockLen - 2) / 2
				if obs.Phase != gin.DiscardPhase {
					left = (obs.StockLen - 1) / 2
				}
				want := max(1, min(5, left))
				if r.k != want || len(r.seqs) != 3*want || len(r.ws) != want {
					t.Fatalf("stock %d, %v: %d draws a rollout (%d cards, %d weights), want %d", obs.StockLen, obs.Phase, r.k, len(r.seqs), len(r.ws), want)
				}
				checked[r.k] = true
			}
			if err := g.Apply(s, players[s].Act(&obs)); err != nil {
				t.Fatal(err)
			}
		}
		g.NextHand()
	}
	if len(checked) < 3 {
		t.Fatalf("only rollouts of %v draws checked", checked)
	}
}

// TestRollouts_AdaptReadsTheOpponentsKnock: with adapt set, each later
// draw weighs decay times the chance the opponent does not knock first,
// from the sampled hands' deadwood and the opponent model: an opponent
// that surely knocks and holds a knocking hand leaves only the first
// draw, one that holds too much deadwood to knock leaves the decay as
// it is.
func TestRollouts_AdaptReadsTheOpponentsKnock(t *testing.T) {
	g, err := gin.NewGame(gin.EAAI(), gin.NewRand(3))
	if err != nil {
		t.Fatal(err)
	}
	obs := g.Observe(g.Hand().Turn())
	unseen := obs.Unseen().Cards()
	rng := gin.NewRand(9)
	var low, high card.Set
	for low == 0 || high == 0 {
		var h card.Set
		for h.Len() < 10 {
			h = h.Add(unseen[rng.IntN(len(unseen))])
		}
		switch dw := gin.Deadwood(h); {
		case dw <= obs.KnockLimit:
			low = h
		case dw > 30:
			high = h
		}
	}
	for _, c := range []struct {
		name  string
		opp   card.Set
		ratio float64
	}{{"knocking hand", low, 0}, {"no knocking hand", high, 0.9}} {
		b := NewBelief(gin.NewRand(4), 50)
		b.Update(&obs)
		for i := range b.parts {
			b.parts[i] = c.opp
		}
		b.KnockChance = func(int, int, int, int) float64 { return 1 }
		r := rollouts{n: 20, depth: 5, decay: 0.9, adapt: true}
		if !r.sample(gin.NewRand(5), b, &obs, defaultUtility) {
			t.Fatal("no sample")
		}
		if got := r.ws[1] / r.ws[0]; math.Abs(got-c.ratio) > 1e-9 {
			t.Errorf("%s: second draw weighs %.3f of the first, want %.3f", c.name, got, c.ratio)
		}
	}
}
