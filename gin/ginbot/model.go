package ginbot

import (
	"felt/card"
	"felt/gin"
)

// Model is a player's belief about the opponent's hand: for every card,
// the probability that the opponent holds it. Cards the seat can see (its
// own, the discard pile) have probability 0; cards the opponent took from
// the pile and still holds have 1; the rest share the opponent's unknown
// cards, weighted by what the opponent's choices suggest:
//
//   - a card it passed on, or discarded, tells that it held little around
//     that card: cards of the same rank and the suit neighbours weigh less;
//   - a card it took tells the opposite: its rank mates and neighbours weigh
//     more.
type Model struct {
	P       [64]float64 // indexed by card.Card
	Unseen  card.Set    // cards this seat cannot see
	Known   card.Set    // cards the opponent surely holds
	Unknown int         // how many of the opponent's cards are not known

	// danger, if set, holds each card's chance of melding with the
	// opponent's hand, worked out from whole hands (Belief.FromParticles)
	// rather than from P card by card.
	danger *[64]float64
}

// related calls f for each card that melds with c: the other cards of its
// rank and its suit neighbours within two ranks, with a weight for how
// closely (1 for rank mates and adjacent ranks, 0.5 two ranks away).
func related(c card.Card, f func(d card.Card, w float64)) {
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s != c.Suit() {
			f(card.New(c.Rank(), s), 1)
		}
	}
	r := int(c.Rank())
	for _, d := range [...]int{-2, -1, 1, 2} {
		if x := r + d; x >= 1 && x <= 13 {
			w := 1.0
			if d == -2 || d == 2 {
				w = 0.5
			}
			f(card.New(card.Rank(x), c.Suit()), w)
		}
	}
}

// NewModel builds the belief from an observation.
func NewModel(o *gin.Observation) Model {
	var m Model
	m.Unseen = o.Unseen()
	m.Known = o.OpponentTook
	for c := range m.Known.All {
		m.P[c] = 1
	}
	m.Unknown = o.OpponentCards - m.Known.Len()
	if m.Unknown <= 0 || m.Unseen == 0 {
		return m
	}
	var w [64]float64
	for c := range m.Unseen.All {
		w[c] = 1
	}
	scale := func(s card.Set, factor float64) {
		for c := range s.All {
			related(c, func(d card.Card, wt float64) {
				if m.Unseen.Has(d) {
					w[d] *= 1 + (factor-1)*wt
				}
			})
		}
	}
	scale(o.OpponentPassed&^o.OpponentTook, 0.55)
	scale(o.OpponentDiscarded, 0.65)
	scale(o.OpponentTook, 1.8)
	var sum float64
	for c := range m.Unseen.All {
		sum += w[c]
	}
	k := float64(m.Unknown)
	// Normalise to k expected cards. Cards whose share would pass 1 are
	// capped at 1 and the others share what is left.
	var capped, rest float64
	for c := range m.Unseen.All {
		if w[c]*k/sum >= 1 {
			capped++
		} else {
			rest += w[c]
		}
	}
	for c := range m.Unseen.All {
		switch {
		case capped == 0 || rest == 0:
			m.P[c] = w[c] * k / sum
		case w[c]*k/sum >= 1:
			m.P[c] = 1
		default:
			m.P[c] = w[c] * (k - capped) / rest
		}
	}
	return m
}

// Danger returns the probability that the opponent could meld c if it took
// it: two of its rank mates, or two cards making a run with it.
func (m *Model) Danger(c card.Card) float64 {
	if m.danger != nil {
		return m.danger[c]
	}
	p := func(r int, s card.Suit) float64 {
		if r < 1 || r > 13 {
			return 0
		}
		return m.P[card.New(card.Rank(r), s)]
	}
	// set: at least two of the three rank mates
	var q [3]float64
	n := 0
	for s := card.Suit(0); s < card.NumSuits; s++ {
		if s != c.Suit() {
			q[n] = m.P[card.New(c.Rank(), s)]
			n++
		}
	}
	none := (1 - q[0]) * (1 - q[1]) * (1 - q[2])
	one := q[0]*(1-q[1])*(1-q[2]) + q[1]*(1-q[0])*(1-q[2]) + q[2]*(1-q[0])*(1-q[1])
	set := 1 - none - one
	r, s := int(c.Rank()), c.Suit()
	a, b, d, e := p(r-2, s), p(r-1, s), p(r+1, s), p(r+2, s)
	run := 1 - (1-a*b)*(1-b*d)*(1-d*e)
	return 1 - (1-set)*(1-run)
}
