package gin

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"felt/card"
)

// The brute-force reference: list every valid meld in the hand, then try
// every collection of disjoint melds. Slow and obviously right.

func refMelds(hand card.Set) []card.Set {
	var out []card.Set
	// sets
	for r := card.Ace; r <= card.King; r++ {
		var cs []card.Card
		for s := card.Suit(0); s < card.NumSuits; s++ {
			if c := card.New(r, s); hand.Has(c) {
				cs = append(cs, c)
			}
		}
		if len(cs) == 4 {
			out = append(out, card.SetOf(cs...))
		}
		if len(cs) >= 3 {
			for skip := range cs {
				if len(cs) == 3 && skip > 0 {
					break
				}
				var s card.Set
				for i, c := range cs {
					if len(cs) == 4 && i == skip {
						continue
					}
					s = s.Add(c)
				}
				out = append(out, s)
			}
		}
	}
	// runs
	for s := card.Suit(0); s < card.NumSuits; s++ {
		for lo := card.Ace; lo <= card.King; lo++ {
			var run card.Set
			for hi := lo; hi <= card.King; hi++ {
				c := card.New(hi, s)
				if !hand.Has(c) {
					break
				}
				run = run.Add(c)
				if hi-lo >= 2 {
					out = append(out, run)
				}
			}
		}
	}
	return out
}

// refSolve returns the most value that can be melded and every collection
// of disjoint melds that reaches it.
func refSolve(hand card.Set) (int, [][]card.Set) {
	melds := refMelds(hand)
	best := 0
	var all [][]card.Set
	var cur []card.Set
	var dfs func(i int, used card.Set)
	dfs = func(i int, used card.Set) {
		if i == len(melds) {
			v := Sum(used)
			if v > best {
				best = v
				all = nil
			}
			if v == best {
				all = append(all, slices.Clone(cur))
			}
			return
		}
		dfs(i+1, used)
		if used&melds[i] == 0 {
			cur = append(cur, melds[i])
			dfs(i+1, used|melds[i])
			cur = cur[:len(cur)-1]
		}
	}
	dfs(0, 0)
	return best, all
}

func refDeadwood(hand card.Set) int {
	best, _ := refSolve(hand)
	return Sum(hand) - best
}

// normalize merges runs of one suit that touch, and returns the melds as a
// sorted key.
func normalize(melds []card.Set) string {
	ms := slices.Clone(melds)
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(ms) && !changed; i++ {
			for j := i + 1; j < len(ms) && !changed; j++ {
				u := ms[i] | ms[j]
				if Meld(ms[i]).Kind() == RunMeld && Meld(ms[j]).Kind() == RunMeld && Meld(u).Kind() == RunMeld {
					ms[i] = u
					ms = append(ms[:j], ms[j+1:]...)
					changed = true
				}
			}
		}
	}
	keys := make([]string, len(ms))
	for i, m := range ms {
		keys[i] = m.String()
	}
	sort.Strings(keys)
	return joinKeys(keys)
}

func joinKeys(k []string) string {
	s := ""
	for _, x := range k {
		s += "[" + x + "]"
	}
	return s
}

func arrangementKey(a Arrangement) string {
	ms := make([]card.Set, a.Len())
	for i := range ms {
		ms[i] = a.Meld(i).Set()
	}
	return normalize(ms)
}

func randomHand(rng *rand.Rand, n int, dense bool) card.Set {
	pool := card.Pack()
	if dense {
		pool = pool[:0]
		for _, c := range card.Pack() {
			if c.Rank() >= card.Three && c.Rank() <= card.Nine {
				pool = append(pool, c)
			}
		}
	}
	card.Shuffle(rng, pool)
	return card.SetOf(pool[:n]...)
}

// TestSolverMatchesBruteForce checks Deadwood, BestDiscard and AllMelds
// against the brute-force reference on random hands, half of them dense
// (ranks 3–9 only), for 10 and 11 cards.
func TestSolverMatchesBruteForce(t *testing.T) {
	n := 6000 // per hand size: 12,000 hands in all, 6,000 of them dense
	if testing.Short() {
		n = 600
	}
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, size := range []int{10, 11} {
		for i := 0; i < n; i++ {
			hand := randomHand(rng, size, i%2 == 1)
			best, all := refSolve(hand)
			want := Sum(hand) - best
			if got := Deadwood(hand); got != want {
				t.Fatalf("Deadwood(%s) = %d, brute force %d", hand, got, want)
			}
			// every optimal arrangement, none missing, none extra
			wantKeys := map[string]bool{}
			for _, a := range all {
				wantKeys[normalize(a)] = true
			}
			arrs, err := AllMelds(hand)
			if err != nil {
				t.Fatal(err)
			}
			gotKeys := map[string]bool{}
			for _, a := range arrs {
				k := arrangementKey(a)
				if gotKeys[k] {
					t.Fatalf("AllMelds(%s) lists %s twice", hand, k)
				}
				gotKeys[k] = true
				checkArrangement(t, hand, a, want)
			}
			if len(gotKeys) != len(wantKeys) {
				t.Fatalf("AllMelds(%s): %d arrangements %v, brute force %d %v", hand, len(gotKeys), gotKeys, len(wantKeys), wantKeys)
			}
			for k := range wantKeys {
				if !gotKeys[k] {
					t.Fatalf("AllMelds(%s) misses %s", hand, k)
				}
			}
			canon, _ := Melds(hand)
			if canon != arrs[0] {
				t.Fatalf("Melds(%s) = %s, AllMelds first %s", hand, canon, arrs[0])
			}
			if size == 11 {
				bestAfter := 1 << 30
				for c := range hand.All {
					if d := refDeadwood(hand.Remove(c)); d < bestAfter {
						bestAfter = d
					}
				}
				d, after := BestDiscard(hand)
				if after != bestAfter {
					t.Fatalf("BestDiscard(%s) deadwood %d, brute force %d", hand, after, bestAfter)
				}
				if !hand.Has(d) || refDeadwood(hand.Remove(d)) != after {
					t.Fatalf("BestDiscard(%s) = %s does not leave %d", hand, d, after)
				}
			}
			checked++
		}
	}
	t.Logf("checked %d hands against the brute-force reference", checked)
}

// checkArrangement asserts the invariants of an optimal arrangement: melds
// valid and disjoint, inside the hand, deadwood + melded value = hand value.
func checkArrangement(t *testing.T, hand card.Set, a Arrangement, wantDeadwood int) {
	t.Helper()
	var used card.Set
	for _, m := range a.Melds() {
		if m.Kind() == NoMeld {
			t.Fatalf("%s: %s is not a meld", hand, m)
		}
		if used&m.Set() != 0 {
			t.Fatalf("%s: melds overlap in %s", hand, a)
		}
		used |= m.Set()
	}
	if !hand.Contains(used) {
		t.Fatalf("%s: arrangement %s uses cards not in hand", hand, a)
	}
	dead, dv := a.Deadwood(hand)
	if dv != wantDeadwood || dv+Sum(used) != Sum(hand) || dead|used != hand {
		t.Fatalf("%s: arrangement %s deadwood %d, want %d", hand, a, dv, wantDeadwood)
	}
}
