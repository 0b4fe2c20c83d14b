package gin

import (
	"errors"
	"math/bits"

	"felt/card"
)

// The solver works on four 13-bit rank masks, one a suit (bit rank-1 set for
// each card held). Two facts make it fast:
//
//   - Within one suit, with sets fixed, the best runs are every maximal block
//     of three or more consecutive ranks, melded whole. So the melded value of
//     a suit's leftover cards is a table look-up (runVal).
//   - A rank with three or more cards none of which can sit in any run is
//     always melded as a set ("forced"). Only the other ranks with three or
//     more cards ("contested", at most three in eleven cards) need a choice:
//     no set, the full set, or (with four cards) one of the four 3-card sets.
//
// So a hand's best arrangement is found by trying the few set choices of the
// contested ranks and adding four table look-ups for each.

const suitBits = 13
const maskCount = 1 << suitBits

var (
	// runVal[m] is the value of the cards of mask m in runs: those in a block
	// of three or more consecutive ranks.
	runVal [maskCount]uint8
	// maskVal[m] is the deadwood value of the cards of mask m.
	maskVal [maskCount]uint8
	// gain[m] is the best, over one card c of m, of value(c) +
	// runVal[m without c] - runVal[m]: what discarding one card of this suit
	// adds to the melded-plus-discarded value. noGain for the empty mask.
	gain [maskCount]int8
	// gainBit[m] is the rank bit (0–12) of the card that achieves gain[m]; on a
	// tie the highest rank.
	gainBit [maskCount]uint8
	// rankVal[i] is the deadwood value of rank bit i.
	rankVal = [suitBits]int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10}
)

const noGain = -128

// runCapable returns the cards of mask m that lie in some run of three.
func runCapable(m uint16) uint16 {
	t := m & (m >> 1) & (m >> 2)
	return (t | t<<1 | t<<2) & (maskCount - 1)
}

func init() {
	for m := 0; m < maskCount; m++ {
		maskVal[m] = uint8(maskValue(uint16(m)))
		runVal[m] = uint8(maskValue(runCapable(uint16(m))))
	}
	for m := 0; m < maskCount; m++ {
		best, bestBit := noGain, 0
		for i := 0; i < suitBits; i++ {
			if m&(1<<i) == 0 {
				continue
			}
			g := rankVal[i] + int(runVal[m&^(1<<i)]) - int(runVal[m])
			if g >= best {
				best, bestBit = g, i
			}
		}
		gain[m] = int8(best)
		gainBit[m] = uint8(bestBit)
	}
}

type masks [card.NumSuits]uint16

func splitSet(s card.Set) masks {
	return masks{uint16(s>>1) & 0x1FFF, uint16(s>>17) & 0x1FFF, uint16(s>>33) & 0x1FFF, uint16(s>>49) & 0x1FFF}
}

func (m masks) value() int {
	return int(maskVal[m[0]]) + int(maskVal[m[1]]) + int(maskVal[m[2]]) + int(maskVal[m[3]])
}

func (m masks) runs() int {
	return int(runVal[m[0]]) + int(runVal[m[1]]) + int(runVal[m[2]]) + int(runVal[m[3]])
}

// classify returns the ranks (as bits) held three or more times, split into
// forced and contested.
func (m masks) classify() (forced, contested uint16) {
	a, b, c, d := m[0], m[1], m[2], m[3]
	ge3 := a&b&c | a&b&d | a&c&d | b&c&d
	if ge3 == 0 {
		return 0, 0
	}
	capable := runCapable(a) | runCapable(b) | runCapable(c) | runCapable(d)
	return ge3 &^ capable, ge3 & capable
}

func (m masks) without(bit uint16) masks {
	return masks{m[0] &^ bit, m[1] &^ bit, m[2] &^ bit, m[3] &^ bit}
}

// count returns how many suits hold rank bit.
func (m masks) count(bit uint16) int {
	n := 0
	for _, x := range m {
		if x&bit != 0 {
			n++
		}
	}
	return n
}

// maxMelded returns the largest value of cards that can be melded.
func maxMelded(m masks) int {
	forced, contested := m.classify()
	fv := 0
	if forced != 0 {
		fv = int(maskVal[m[0]&forced]) + int(maskVal[m[1]&forced]) + int(maskVal[m[2]&forced]) + int(maskVal[m[3]&forced])
		m = m.without(forced)
	}
	return fv + enumMax(m, contested)
}

func enumMax(m masks, contested uint16) int {
	if contested == 0 {
		return m.runs()
	}
	bit := contested & -contested
	rest := contested ^ bit
	v := rankVal[bits.TrailingZeros16(bit)]
	best := enumMax(m, rest)
	n := m.count(bit)
	if x := n*v + enumMax(m.without(bit), rest); x > best {
		best = x
	}
	if n == 4 {
		for s := range m {
			k := m.without(bit)
			k[s] = m[s]
			if x := 3*v + enumMax(k, rest); x > best {
				best = x
			}
		}
	}
	return best
}

// Deadwood returns the least deadwood of hand over every arrangement of its
// cards into disjoint sets and runs. It works for a hand of any size and does
// not allocate.
func Deadwood(hand card.Set) int {
	m := splitSet(hand)
	return m.value() - maxMelded(m)
}

// discResult is what the eleven-card search carries: the best melded value,
// and the best melded-plus-discarded value with its discard.
type discResult struct {
	meld int
	disc int // value(d) + melded value of the rest; noGain*2 when none
	card card.Card
}

// cardKey orders the solver's cards by rank, then suit. The solver holds
// only the 52 cards, so it reads the encoding (suit<<4 | rank) directly:
// Rank and Suit, which also answer for jokers, would keep takeDisc from
// being inlined (melds11 costs about a tenth more then).
func cardKey(c card.Card) int { return int(c&0xF)*4 + int(c>>4) }

func (r *discResult) takeDisc(v int, c card.Card) {
	if v > r.disc || (v == r.disc && cardKey(c) > cardKey(r.card)) {
		r.disc, r.card = v, c
	}
}

func enumDisc(m masks, contested uint16, base int, fgain int, fcard card.Card) discResult {
	if contested == 0 {
		runs := m.runs()
		r := discResult{meld: base + runs, disc: -1 << 20}
		if fcard != 0 {
			r.takeDisc(base+runs+fgain, fcard)
		}
		for s, x := range m {
			if x != 0 {
				r.takeDisc(base+runs+int(gain[x]), card.New(card.Rank(gainBit[x]+1), card.Suit(s)))
			}
		}
		return r
	}
	bit := contested & -contested
	rest := contested ^ bit
	v := rankVal[bits.TrailingZeros16(bit)]
	best := enumDisc(m, rest, base, fgain, fcard)
	merge := func(x discResult) {
		if x.meld > best.meld {
			best.meld = x.meld
		}
		best.takeDisc(x.disc, x.card)
	}
	n := m.count(bit)
	merge(enumDisc(m.without(bit), rest, base+n*v, fgain, fcard))
	if n == 4 {
		for s := range m {
			k := m.without(bit)
			k[s] = m[s]
			merge(enumDisc(k, rest, base+3*v, fgain, fcard))
		}
	}
	return best
}

// analyze11 runs the discard search on hand.
func analyze11(hand card.Set) (total int, r discResult) {
	m := splitSet(hand)
	total = m.value()
	forced, contested := m.classify()
	fv, fgain, fcard := 0, 0, card.Card(0)
	if forced != 0 {
		fv = int(maskVal[m[0]&forced]) + int(maskVal[m[1]&forced]) + int(maskVal[m[2]&forced]) + int(maskVal[m[3]&forced])
		// Discarding one card of a forced set: a four-card set stays a set
		// (gain 0); a three-card set is broken (gain -2 × value).
		fgain = -1 << 20
		for f := forced; f != 0; f &= f - 1 {
			bit := f & -f
			i := bits.TrailingZeros16(bit)
			g := -2 * rankVal[i]
			if m.count(bit) == 4 {
				g = 0
			}
			for s := card.NumSuits - 1; s >= 0; s-- {
				if m[s]&bit != 0 {
					c := card.New(card.Rank(i+1), card.Suit(s))
					if g > fgain || (g == fgain && cardKey(c) > cardKey(fcard)) {
						fgain, fcard = g, c
					}
					break
				}
			}
		}
		m = m.without(forced)
	}
	return total, enumDisc(m, contested, fv, fgain, fcard)
}

// BestDiscard returns, for a hand of eleven cards (or any non-empty hand), the
// discard that leaves the least deadwood and that deadwood. Among equally
// good discards it picks the highest rank, then the last suit in S H D C
// order. It does not allocate. For an empty hand it returns the zero Card and
// 0.
func BestDiscard(hand card.Set) (discard card.Card, deadwood int) {
	if hand&card.FullSet == 0 {
		return 0, 0
	}
	total, r := analyze11(hand)
	return r.card, total - r.disc
}

// DeadwoodAfterDiscard returns the least deadwood left after discarding one
// card of hand: the knock check for an eleven-card hand. It does not allocate.
func DeadwoodAfterDiscard(hand card.Set) int {
	_, d := BestDiscard(hand)
	return d
}

// IsBigGin reports whether every card of hand can be melded at once.
func IsBigGin(hand card.Set) bool {
	return hand&card.FullSet != 0 && Deadwood(hand) == 0
}

// ErrHandSize is returned for a hand with the wrong number of cards: more
// than eleven to arrange, or not ten (eleven for big gin) at a showdown.
var ErrHandSize = errors.New("wrong number of cards")

// forEachOptimal calls visit with each arrangement of hand that melds the
// most value, in canonical order (ranks ascending; for each rank held three
// or more times: the full set, the 3-card sets leaving out S, H, D, C, then no
// set). It stops when visit returns false.
func forEachOptimal(hand card.Set, visit func(Arrangement) bool) {
	m := splitSet(hand)
	best := maxMelded(m)
	forced, contested := m.classify()
	var a Arrangement
	fv := 0
	for f := forced; f != 0; f &= f - 1 {
		bit := f & -f
		a.add(setMeldOf(m, bit, 0xF))
		fv += m.count(bit) * rankVal[bits.TrailingZeros16(bit)]
	}
	m = m.without(forced)
	enumArr(m, contested, fv, best, a, visit)
}

// setMeldOf returns the set of rank bit in the suits of keep (a 4-bit suit
// mask) that hold it.
func setMeldOf(m masks, bit uint16, keep int) Meld {
	i := bits.TrailingZeros16(bit)
	var s card.Set
	for su := range m {
		if keep&(1<<su) != 0 && m[su]&bit != 0 {
			s = s.Add(card.New(card.Rank(i+1), card.Suit(su)))
		}
	}
	return Meld(s)
}

// addRuns adds to a every maximal block of three or more consecutive ranks
// in each suit of m.
func addRuns(a *Arrangement, m masks) {
	for su, x := range m {
		c := runCapable(x)
		for c != 0 {
			lo := bits.TrailingZeros16(c)
			// length of the block starting at lo
			n := bits.TrailingZeros16(^(c >> lo))
			var s card.Set
			for i := lo; i < lo+n; i++ {
				s = s.Add(card.New(card.Rank(i+1), card.Suit(su)))
			}
			a.add(Meld(s))
			c &^= ((1 << n) - 1) << lo
		}
	}
}

func enumArr(m masks, contested uint16, base, target int, a Arrangement, visit func(Arrangement) bool) bool {
	if contested == 0 {
		if base+m.runs() != target {
			return true
		}
		addRuns(&a, m)
		a.sort()
		return visit(a)
	}
	bit := contested & -contested
	rest := contested ^ bit
	v := rankVal[bits.TrailingZeros16(bit)]
	n := m.count(bit)
	// Prune: even melding everything left cannot reach the target.
	if base+m.value() < target {
		return true
	}
	withSet := a
	withSet.add(setMeldOf(m, bit, 0xF))
	if !enumArr(m.without(bit), rest, base+n*v, target, withSet, visit) {
		return false
	}
	if n == 4 {
		for s := range m {
			k := m.without(bit)
			k[s] = m[s]
			three := a
			three.add(setMeldOf(m, bit, 0xF&^(1<<s)))
			if !enumArr(k, rest, base+3*v, target, three, visit) {
				return false
			}
		}
	}
	return enumArr(m, rest, base, target, a, visit)
}

// Melds returns the canonical optimal arrangement of hand (at most eleven
// cards): the same for the same cards in any order.
func Melds(hand card.Set) (Arrangement, error) {
	if hand.Len() > 11 || hand&^card.FullSet != 0 {
		return Arrangement{}, errorf(ErrHandSize, "gin: %d cards, at most 11 arrange", hand.Len())
	}
	var out Arrangement
	forEachOptimal(hand, func(a Arrangement) bool { out = a; return false })
	return out, nil
}

// AllMelds returns every optimal arrangement of hand (at most eleven cards),
// the canonical one first.
func AllMelds(hand card.Set) ([]Arrangement, error) {
	if hand.Len() > 11 || hand&^card.FullSet != 0 {
		return nil, errorf(ErrHandSize, "gin: %d cards, at most 11 arrange", hand.Len())
	}
	var out []Arrangement
	forEachOptimal(hand, func(a Arrangement) bool { out = append(out, a); return true })
	return out, nil
}
