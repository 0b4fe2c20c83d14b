package shengji

import (
	"errors"
	"testing"

	"felt/card"
)

// FuzzCheckFollow feeds CheckFollow any lead, hand and play under any trump,
// with up to five copies of a card: it never panics, a refusal is one of
// its errors, and on small hands its answer is the k-pack brute-force
// reference's (refFollowLegalK). (The two-pack reference it used before
// took a third copy for no card at all: the fuzzer's 37f94369d4b9c93e.)
func FuzzCheckFollow(f *testing.F) {
	f.Add(uint8(0), uint8(2), "3H 3H", "9H 9H 4H 5H", "4H 5H")
	f.Add(uint8(4), uint8(5), "5H 5H SJ SJ", "5C 5C BJ BJ 3H", "5C 5C BJ BJ")
	f.Add(uint8(0), uint8(2), "QH QH KH KH AH AH 9H 9H 8H", "3H 3H 4H 4H 5H 5H 7H 7H TH 6H", "3H 3H 4H 4H 5H 5H 7H 7H 6H")
	f.Add(uint8(1), uint8(1), "AS AS KS KS", "2S 2S 3C 3C 4D", "2S 2S 3C 4D")
	f.Fuzz(func(t *testing.T, suit, level uint8, lead, hand, play string) {
		tr := Trump{card.Suit(suit % 5), card.Rank(1 + level%13)}
		l, err1 := card.ParseMulti(lead)
		h, err2 := card.ParseMulti(hand)
		p, err3 := card.ParseMulti(play)
		if err1 != nil || err2 != nil || err3 != nil {
			return
		}
		if _, err := l.Sum(h); err != nil {
			return // more copies of a card between them than five packs hold
		}
		o := tr.Order()
		err := o.CheckFollow(l, h, p)
		if err != nil && !errors.Is(err, ErrIllegalFollow) && !errors.Is(err, ErrBadLead) && !errors.Is(err, ErrNotHeld) {
			t.Fatalf("CheckFollow: unexpected error %v", err)
		}
		if err == nil && (!h.Contains(p) || p.Len() != l.Len()) {
			t.Fatalf("accepted %s from %s on %s", p, h, l)
		}
		if h.Len() > 10 || l.Len() > 6 || !h.Contains(p) || p.Len() != l.Len() {
			return
		}
		if _, ok := o.GroupOf(l); !ok {
			return
		}
		// the k-pack reference: any number of copies
		if isLegal := refFollowLegalK(refRule{Trump: tr}, l, h, p); (err == nil) != isLegal {
			t.Fatalf("%v lead %s hand %s play %s: CheckFollow %v, reference legal %v", tr, l, h, p, err, isLegal)
		}
	})
}
