package sjbot

import (
	"slices"

	"felt/card"
	"felt/shengji"
)

// callFriends chooses the banker's friend calls in Finding Friends, from
// its observation in the call phase (its hand after burying): as many as
// Rules.Calls, each the top card of a plain suit that others may hold (the
// ace, or the king where the banker holds every ace of the suit, and so
// on down), of a different card each, suits the banker is short in first
// (it can lead a low card of the suit for the friend to win with the
// called one and show itself), cards it holds no copy of first. The
// ordinal is one more than the copies the banker holds, so that the
// banker's own copies, played first, do not make it its own friend. It
// never calls a trump (a card of the trump suit or the level rank) nor a
// joker.
func callFriends(o *shengji.Observation) []shengji.Call {
	n := o.Rules.Calls()
	if n == 0 {
		return nil
	}
	cands := callCandidates(o)
	calls := make([]shengji.Call, 0, n)
	var bySuit [card.NumSuits]int
	for len(calls) < n {
		best, bestScore := -1, 0
		for i, c := range cands {
			if c.used {
				continue
			}
			if s := c.score - 25*bySuit[c.call.Card.Suit()]; best < 0 || s > bestScore {
				best, bestScore = i, s
			}
		}
		if best < 0 {
			break
		}
		c := &cands[best]
		c.used = true
		bySuit[c.call.Card.Suit()]++
		calls = append(calls, c.call)
	}
	// fewer candidates than calls (a banker holding nearly every high
	// card): later copies of the cards called, then the engine's choice
	for i := 0; len(calls) < n && i < len(calls); i++ {
		next := shengji.Call{Card: calls[i].Card, Ordinal: calls[i].Ordinal + 1}
		if next.Ordinal <= o.Rules.Packs() && !slices.Contains(calls, next) {
			calls = append(calls, next)
		}
	}
	for _, d := range shengji.DefaultCalls(o) {
		if len(calls) == n {
			break
		}
		if !slices.Contains(calls, d) {
			calls = append(calls, d)
		}
	}
	return calls
}

// callCandidate is a call the banker might make and how good it is.
type callCandidate struct {
	call  shengji.Call
	score int
	used  bool
}

// callDepth is how many cards of each plain suit callCandidates offers,
// from the top card others may hold down.
const callDepth = 3

// callCandidates lists, for each plain suit, its callDepth highest cards
// (the level rank left out) of which some copy is neither in the banker's
// hand nor in its kitty, each with the ordinal after the banker's own
// copies and a score: higher for a card nearer the top, a suit the banker
// holds fewer cards of (but not none: then it cannot lead the suit to its
// friend), and a card it holds no copy of.
func callCandidates(o *shengji.Observation) []callCandidate {
	packs := o.Rules.Packs()
	ord := o.Order()
	var out []callCandidate
	for su := range card.Suit(card.NumSuits) {
		if su == o.Trump.Suit {
			continue
		}
		length := 0
		for c := range o.Hand.All() {
			if !c.IsJoker() && c.Suit() == su && ord.Group(c) != shengji.Trumps {
				length++
			}
		}
		lengthScore := -4 * length
		if length == 0 {
			lengthScore = -12
		}
		depth := 0
		for _, r := range []card.Rank{card.Ace, card.King, card.Queen, card.Jack, card.Ten, card.Nine} {
			if r == o.Level || depth == callDepth {
				continue
			}
			c := card.New(r, su)
			held := o.Hand.Count(c)
			if held+o.Kitty.Count(c) >= packs {
				// every copy the banker's: the next card down is the top
				// for the others, and no deeper
				continue
			}
			out = append(out, callCandidate{
				call:  shengji.Call{Card: c, Ordinal: held + 1},
				score: 100 + lengthScore - 15*depth - 6*held,
			})
			depth++
		}
	}
	return out
}
