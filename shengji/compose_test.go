package shengji

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
)

// composed returns every play a player building its follow one card at a
// time, as FollowExtensions allows, can complete: each distinct partial
// play visited once.
func composed(o *Order, lead, hand card.Multi) []card.Multi {
	seen := map[card.Multi]bool{}
	var out []card.Multi
	var rec func(sel card.Multi)
	rec = func(sel card.Multi) {
		if seen[sel] {
			return
		}
		seen[sel] = true
		if sel.Len() == lead.Len() {
			out = append(out, sel)
			return
		}
		for c := range o.FollowExtensions(lead, hand, sel).All {
			next := sel
			if err := next.Add(c); err != nil {
				panic(err)
			}
			rec(next)
		}
	}
	rec(card.Multi{})
	return out
}

// Building a follow card by card with FollowExtensions reaches exactly the
// legal follows, at two packs and at three to five.
func TestFollowExtensions_ReachExactlyTheFollows(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 600
	}
	rng := rand.New(rand.NewPCG(23, 5))
	for i := range n {
		var tr Trump
		var lead, hand card.Multi
		if i%2 == 0 {
			tr, lead, hand = lgSituation(rng, 12)
		} else {
			tr, lead, hand = kSituation(rng, 3+rng.IntN(3), 12)
		}
		o := tr.Order()
		if o.CountFollows(lead, hand) > 4000 {
			continue
		}
		want := o.AppendFollows(nil, lead, hand)
		got := composed(o, lead, hand)
		if !slices.Equal(multiKeys(got), multiKeys(want)) {
			t.Fatalf("situation %d: trump %s, lead %s, hand %s: composed %d plays, %d legal follows\ngot  %v\nwant %v",
				i, tr, lead, hand, len(got), len(want), got, want)
		}
	}
}

// multiKeys orders multisets of any counts for comparing lists.
func multiKeys(ms []card.Multi) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprint(m.One, m.Two, m.Three, m.Four, m.Five)
	}
	slices.Sort(out)
	return out
}
