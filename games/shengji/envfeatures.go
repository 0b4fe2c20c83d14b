package shengji

import (
	"math/bits"

	"felt/card"
	"felt/shengji"
)

// The action features: for the seat to act, EnvFeatures values describing
// each legal action, for learners that score actions by what they do (a
// linear policy over them learns in minutes what the ids alone take
// millions of hands to learn). Each kind of decision has its own block of
// values, the others zero, so that one weight vector can value a lead, a
// follow, a burial and a declaration differently. Every value is public
// to the seat: its own hand, the cards played, the trick so far. See
// docs/env-shengji.md.
const (
	// FeatLead is the block of a card picked to lead: 1, trump, strength,
	// points, a pair or more of it in hand, master, extending a lead.
	FeatLead = 0
	// FeatCommit is the block of the commit: 1, cards picked / 4 (at
	// most 1).
	FeatCommit = FeatLead + 7
	// FeatFollow is the block of a card picked to follow: 1, trump,
	// strength, points, of the led group, points × partner winning,
	// points × an opponent winning, wins, wins × the trick's points / 20
	// (at most 1),
	// wins as the trick's last play.
	FeatFollow = FeatCommit + 2
	// FeatBury is the block of a card picked to bury: 1, trump,
	// strength, points, its group's length in hand, a pair or more.
	FeatBury = FeatFollow + 10
	// FeatDeclare is the block of a declaration or a pass: pass,
	// declare, declare × copies / packs, declare × the declared suit's
	// length in hand.
	FeatDeclare = FeatBury + 6
	// FeatCall is the block of a friend call: 1, an ace, the copy
	// / packs.
	FeatCall = FeatDeclare + 4
	// EnvFeatures is the number of values describing an action.
	EnvFeatures = FeatCall + 3
)

// features writes the seat to act's action features into feats
// (EnvActions × EnvFeatures values, zero for actions not legal).
func (env *Env) features(mask []uint8, feats []float32) {
	clear(feats[:EnvActions*EnvFeatures])
	if env.toAct < 0 {
		return
	}
	h := env.hand()
	seat := shengji.Seat(env.toAct)
	hand := h.Cards(seat)
	o := env.order()
	packs := float32(env.packs)
	row := func(a int) []float32 { return feats[a*EnvFeatures : (a+1)*EnvFeatures] }
	// strength is c's step in its group from 0 to 1.
	strength := func(c card.Card) float32 {
		g := o.Group(c)
		if n := o.Steps(g); n > 1 {
			return float32(o.Step(c)) / float32(n-1)
		}
		return 1
	}
	points := func(c card.Card) float32 { return float32(shengji.CardPoints(c)) / 10 }
	b2f := func(b bool) float32 {
		if b {
			return 1
		}
		return 0
	}
	// cardRow sets the first four values of block at of card action f's
	// row, shared by a lead, a follow and a burial: 1, trump, strength,
	// points. It returns the row and the card.
	cardRow := func(f, at int) ([]float32, card.Card) {
		c := envCards[f]
		r := row(ActCard + f)
		r[at] = 1
		r[at+1] = b2f(o.Group(c) == shengji.Trumps)
		r[at+2] = strength(c)
		r[at+3] = points(c)
		return r, c
	}
	rest := hand.Minus(env.sel)
	switch h.Phase() {
	case shengji.DealPhase, shengji.BidPhase:
		row(ActPass)[FeatDeclare] = 1
		for a := ActDeclare; a < ActCall; a++ {
			if mask[a] == 0 {
				continue
			}
			k, n := (a-ActDeclare)/5, (a-ActDeclare)%5+1
			r := row(a)
			r[FeatDeclare+1] = 1
			r[FeatDeclare+2] = float32(n) / packs
			if k < int(card.NumSuits) {
				// The suit's cards in hand (the level cards and jokers are
				// trumps whatever is declared), over a full hand's length.
				var m card.Set
				for rk := card.Ace; rk <= card.King; rk++ {
					if rk != h.Level() {
						m = m.Add(card.New(rk, card.Suit(k)))
					}
				}
				r[FeatDeclare+3] = float32(hand.Within(m).Len()) / float32(env.rules.HandSize())
			}
		}
	case shengji.BuryPhase:
		for f := range card.NumFaces {
			if mask[ActCard+f] == 0 {
				continue
			}
			r, c := cardRow(f, FeatBury)
			r[FeatBury+4] = float32(rest.Within(o.Faces(o.Group(c))).Len()) / float32(env.held)
			r[FeatBury+5] = b2f(rest.Count(c) >= 2)
		}
	case shengji.CallPhase:
		for a := ActCall; a < EnvActions; a++ {
			if mask[a] == 0 {
				continue
			}
			c := envCards[(a-ActCall)%card.NumFaces]
			r := row(a)
			r[FeatCall] = 1
			r[FeatCall+1] = b2f(c.Rank() == card.Ace)
			r[FeatCall+2] = float32((a-ActCall)/card.NumFaces+1) / packs
		}
	case shengji.PlayPhase:
		lead, following := env.lead()
		if !following {
			if mask[ActCommit] != 0 {
				r := row(ActCommit)
				r[FeatCommit] = 1
				r[FeatCommit+1] = min(1, float32(env.sel.Len())/4)
			}
			for f := range card.NumFaces {
				if mask[ActCard+f] == 0 {
					continue
				}
				r, c := cardRow(f, FeatLead)
				r[FeatLead+4] = b2f(rest.Count(c) >= 2)
				r[FeatLead+5] = b2f(env.master(o, c, hand))
				r[FeatLead+6] = b2f(!env.sel.IsEmpty())
			}
			return
		}
		// The trick so far, from its leader, and who is winning it.
		tk := h.Trick(h.NumTricks() - 1)
		var plays [shengji.MaxSeats + 1]card.Multi
		np := 0
		for i := range env.n {
			x := (int(tk.Leader) + i) % env.n
			if p := tk.Plays[x]; !p.IsEmpty() {
				plays[np] = p
				np++
			}
		}
		side := h.Side()
		mine := side.Has(seat)
		winner := -1
		if w, err := o.Winner(plays[:np]); err == nil {
			winner = (int(tk.Leader) + w) % env.n
		}
		var pts float32
		for _, p := range plays[:np] {
			pts += float32(shengji.Points(p))
		}
		partner := winner >= 0 && side.Has(shengji.Seat(winner)) == mine
		last := np == env.n-1
		lg, _ := o.GroupOf(lead)
		for f := range card.NumFaces {
			if mask[ActCard+f] == 0 {
				continue
			}
			r, c := cardRow(f, FeatFollow)
			pc := r[FeatFollow+3]
			r[FeatFollow+4] = b2f(o.Group(c) == lg)
			r[FeatFollow+5] = pc * b2f(partner)
			r[FeatFollow+6] = pc * b2f(!partner)
			// Wins: the card completes a play that takes the trick so far.
			play := env.sel
			_ = play.Add(c)
			if play.Len() == lead.Len() {
				plays[np] = play
				if w, err := o.Winner(plays[:np+1]); err == nil && w == np {
					r[FeatFollow+7] = 1
					r[FeatFollow+8] = min(1, (pts+float32(shengji.Points(play)))/20)
					r[FeatFollow+9] = b2f(last)
				}
			}
		}
	}
}

// master reports whether no card of c's group stronger than c is left
// unseen by the seat to act: every copy of each is in its hand or has
// been played.
func (env *Env) master(o *shengji.Order, c card.Card, hand card.Multi) bool {
	g := o.Group(c)
	var seen card.Multi
	for x := range env.n {
		seen, _ = seen.Sum(env.played[x])
	}
	for s := o.Step(c) + 1; s < o.Steps(g); s++ {
		for p := o.AtStep(g, s) & card.AllFaces; p != 0; p &= p - 1 {
			d := card.Card(bits.TrailingZeros64(uint64(p)))
			if seen.Count(d)+hand.Count(d) < env.packs {
				return false
			}
		}
	}
	return true
}
