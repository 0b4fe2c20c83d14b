package ginbot

import (
	"math/rand/v2"

	"felt/card"
	"felt/gin"
)

// knockStyle is one hypothesis about when the opponent knocks: with
// anything within the limit in its first early turns of a hand, then with
// at most at deadwood, and with anything within the limit once the stock
// is down to late cards.
type knockStyle struct{ early, at, late int }

// knocks reports whether a player of this style knocks with dw deadwood on
// its turn-th turn of the hand with stock cards left.
func (k knockStyle) knocks(dw, turn, stock, limit int) bool {
	if dw > limit {
		return false
	}
	return turn <= k.early || dw <= k.at || stock <= k.late
}

// knockStyles are the opponent knocking styles the hard player tells
// apart, with their prior chances: knocking as soon as it can (the
// commonest style, and the research baseline's), knocking only with
// little deadwood, playing for gin after a few turns, and waiting for gin
// or the end of the stock. They are kinds of play, not any one player.
var (
	knockStyles = [...]knockStyle{{0, 10, 0}, {0, 5, 0}, {0, 2, 0}, {3, 0, 0}, {0, 0, 6}}
	knockPrior  = [...]float64{0.4, 0.15, 0.15, 0.15, 0.15}
)

const (
	// styleFloor keeps every style possible: no style's chance falls
	// below it.
	styleFloor = 0.01
	// unlikely is the likelihood of a showdown that contradicts a style by
	// a clear margin; nearMiss, by a margin within what lay-offs explain.
	unlikely, nearMiss = 0.05, 0.35
	// layOffSlack is how many points of deadwood lay-offs are assumed to
	// hide when a showdown's deadwood is worked out from the scores.
	layOffSlack = 3
)

// OppModel learns, over a game, when the opponent knocks. The hard player
// never sees a showdown directly, but it sees the scores move: from the
// points of a hand and its own final hand it works out whether the
// opponent knocked, went gin or was knocked on, with how much deadwood
// and on which of its turns, and weighs each knocking style by how well it
// explains that:
//
//   - the opponent knocked with K deadwood on its turn n: styles that
//     would not knock then lose weight;
//   - the hand ended otherwise and the opponent held D deadwood at the
//     end (known when this seat knocked or went gin): styles that would
//     have knocked with D lose weight.
//
// Gins and drawn hands fit every style and change nothing.
type OppModel struct {
	p [len(knockStyles)]float64

	seen     bool
	me       gin.Seat
	rules    gin.Rules
	hand     int
	scores   [2]int
	limit    int
	doubled  bool
	stock    int
	oppTurns int      // the opponent's turns this hand (discards seen)
	knocked  bool     // this seat ended the hand by knocking
	myDW     int      // its deadwood when it knocked
	final    card.Set // this seat's ten cards after its last discard
}

// NewOppModel returns a model holding the prior.
func NewOppModel() *OppModel {
	m := &OppModel{}
	m.p = knockPrior
	return m
}

// Observe brings the model up to an observation: a new hand first settles
// the last one from the change in the scores, then the opponent's moves
// are counted.
func (m *OppModel) Observe(o *gin.Observation) {
	if m.seen && o.HandNumber != m.hand {
		m.settle(o.Scores)
	}
	if !m.seen || o.HandNumber != m.hand {
		m.seen, m.me, m.rules, m.hand = true, o.Seat, o.Rules, o.HandNumber
		m.oppTurns, m.knocked, m.final = 0, false, 0
	}
	m.scores, m.limit, m.doubled, m.stock = o.Scores, o.KnockLimit, o.Doubled, o.StockLen
	for i := 0; i < o.OpponentMoves.Len(); i++ {
		if o.OpponentMoves.At(i).Kind == gin.Discard {
			m.oppTurns++
		}
	}
}

// Acted records this seat's action.
func (m *OppModel) Acted(o *gin.Observation, a gin.Action) {
	switch a.Kind {
	case gin.Discard:
		m.final = o.Hand.Remove(a.Card)
	case gin.Knock:
		m.knocked, m.final = true, o.Hand.Remove(a.Card)
		m.myDW = gin.Deadwood(m.final)
	case gin.BigGin:
		m.knocked, m.myDW, m.final = true, -1, o.Hand
	}
}

// settle learns from the hand just ended, given the new scores.
func (m *OppModel) settle(scores [2]int) {
	if m.doubled || m.final == 0 {
		return // points doubled, or this seat never discarded: too little known
	}
	mine, theirs := scores[m.me]-m.scores[m.me], scores[m.me.Other()]-m.scores[m.me.Other()]
	r := m.rules
	switch {
	case m.knocked:
		// The opponent held its final ten at its last turn and did not
		// knock with them.
		if m.oppTurns == 0 {
			return // it never had a turn
		}
		var d int
		exact := false
		switch {
		case m.myDW <= 0 && mine > 0: // gin or big gin: nothing laid off
			bonus := r.GinBonus
			if m.myDW < 0 {
				bonus = r.BigGinBonus
			}
			d, exact = mine-bonus, true
		case mine > 0:
			d = m.myDW + mine
		case theirs > 0:
			d = m.myDW + r.UndercutBonus - theirs
		default:
			return
		}
		turn, stock := m.oppTurns, m.stock+1
		for i, k := range knockStyles {
			switch {
			case k.knocks(d, turn, stock, m.limit) && (exact || k.knocks(d+layOffSlack, turn, stock, m.limit)):
				m.p[i] *= unlikely
			case k.knocks(d, turn, stock, m.limit):
				m.p[i] *= nearMiss
			}
		}
	case theirs > 0 || mine > 0:
		// The opponent ended the hand on its next turn.
		dw := gin.Deadwood(m.final)
		var hi int // its knock's deadwood, at most
		switch {
		case theirs > 0 && (theirs == r.GinBonus+dw || r.BigGinAllowed() && theirs == r.BigGinBonus+dw):
			return // gin: every style goes gin
		case theirs > 0:
			hi = dw - theirs
		default: // this seat undercut it
			hi = mine - r.UndercutBonus + dw
		}
		lo := max(hi-layOffSlack, 0)
		turn, stock := m.oppTurns+1, m.stock-1
		for i, k := range knockStyles {
			switch {
			case k.knocks(lo, turn, stock, m.limit) && !k.knocks(hi, turn, stock, m.limit):
				m.p[i] *= nearMiss
			case !k.knocks(lo, turn, stock, m.limit):
				m.p[i] *= unlikely
			}
		}
	default:
		return // a drawn hand
	}
	m.normalize()
}

func (m *OppModel) normalize() {
	var sum float64
	for _, p := range m.p {
		sum += p
	}
	for i := range m.p {
		m.p[i] = max(m.p[i]/sum, styleFloor)
	}
	sum = 0
	for _, p := range m.p {
		sum += p
	}
	for i := range m.p {
		m.p[i] /= sum
	}
}

// Turns returns the opponent's turns so far this hand.
func (m *OppModel) Turns() int { return m.oppTurns }

// KnockChance returns the chance that the opponent knocks with dw
// deadwood on its turn-th turn with stock cards left, by the styles'
// weights.
func (m *OppModel) KnockChance(dw, turn, stock, limit int) float64 {
	var c float64
	for i, k := range knockStyles {
		if k.knocks(dw, turn, stock, limit) {
			c += m.p[i]
		}
	}
	return c
}

// sampleStyle draws a knocking style by the weights.
func (m *OppModel) sampleStyle(rng *rand.Rand) knockStyle {
	x := rng.Float64()
	for i, p := range m.p {
		x -= p
		if x <= 0 {
			return knockStyles[i]
		}
	}
	return knockStyles[len(knockStyles)-1]
}
