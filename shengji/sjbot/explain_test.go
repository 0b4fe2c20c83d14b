package sjbot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/shengji"
)

// trickOf is a trick: its leader and the plays in turn order from it.
type trickOf struct {
	leader shengji.Seat
	plays  []string
}

// situation builds seat 0's observation in the play, hearts trumps at
// level 2, seat 0 the banker: its hand, the finished tricks and the trick
// in progress (seat 0 to play next in it, or to lead when it is empty).
func situation(t *testing.T, hand string, done []trickOf, cur trickOf) shengji.Observation {
	t.Helper()
	tr, err := shengji.NewTrump(card.Hearts, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	ord := tr.Order()
	o := shengji.Observation{Seat: 0, Rules: shengji.Standard(), Phase: shengji.PlayPhase, HandNumber: 1,
		Level: card.Two, Banker: 0, Trump: tr, Turn: 0, Hand: card.MustParseMulti(hand)}
	add := func(tk trickOf) {
		x := shengji.Trick{Leader: tk.leader}
		var plays []card.Multi
		for i, p := range tk.plays {
			s := (tk.leader + shengji.Seat(i)) % shengji.NumSeats
			x.Plays[s] = card.MustParseMulti(p)
			plays = append(plays, x.Plays[s])
			x.Count++
		}
		if x.Done() {
			w, err := ord.Winner(plays)
			if err != nil {
				t.Fatal(err)
			}
			x.Winner = (tk.leader + shengji.Seat(w)) % shengji.NumSeats
			for _, p := range plays {
				x.Points += shengji.Points(p)
			}
		}
		if err := o.Tricks.Append(x); err != nil {
			t.Fatal(err)
		}
	}
	for _, tk := range done {
		add(tk)
	}
	add(cur)
	if (cur.leader+shengji.Seat(len(cur.plays)))%shengji.NumSeats != 0 {
		t.Fatalf("seat 0 is not to play in %+v", cur)
	}
	for s := range o.Counts {
		o.Counts[s] = 20
	}
	o.Counts[0] = o.Hand.Len()
	return o
}

// TestExplain_Reasons: each reason a hint gives, from the situation it is
// read from: who is winning the trick and with what, the points in it,
// the voids shown, the trumps held and the cards not yet seen.
func TestExplain_Reasons(t *testing.T) {
	// an earlier trick in which East showed void in spades
	eastVoidSpades := trickOf{2, []string{"9S", "8S", "7S", "3C"}}
	// and one in which the partner showed void in clubs
	partnerVoidClubs := trickOf{1, []string{"5C", "4D", "6C", "7C"}}
	cases := []struct {
		name  string
		hand  string
		done  []trickOf
		cur   trickOf
		play  string
		why   Why
		words string
	}{
		{"lead the highest pair", "KS KS AS 3C 4D 6D", nil, trickOf{0, nil}, "KS KS", LeadMaster,
			"lead the pair K♠ K♠: the highest pair left in spades, and nobody has shown void in spades"},
		{"lead a master an opponent may trump", "KS KS AS 3C 4D", []trickOf{eastVoidSpades}, trickOf{0, nil}, "AS", LeadMasterRuffable,
			"lead A♠: the highest card left in spades, though East has shown void in spades and may trump it"},
		{"throw masters", "AS AS KS QS 3C", nil, trickOf{0, nil}, "AS AS KS", LeadMaster,
			"throw A♠ A♠ K♠: no unseen card can beat any part of it, and nobody has shown void in spades"},
		{"lead for the partner to trump", "3C 9C 4D 6D", []trickOf{partnerVoidClubs}, trickOf{0, nil}, "3C", LeadForRuff,
			"lead 3♣: your partner has shown void in clubs and can trump it"},
		{"lead the top trump", "BJ 3H 4H 6D", nil, trickOf{0, nil}, "BJ", LeadTopTrump,
			"lead BJ: the top of the trumps, drawing the others' (you hold 3 trumps, 33 are still out)"},
		{"lead a trump", "BJ 3H 4H 6D", nil, trickOf{0, nil}, "3H", LeadTrump,
			"lead 3♥ to draw the others' trumps (you hold 3 trumps, 33 are still out)"},
		{"lead low", "3C 9C 4D 6D", nil, trickOf{0, nil}, "4D", LeadLow,
			"lead low with 4♦: nothing you hold is sure to win, and it gives away no points"},
		{"follow low under the partner", "3S QS KS 4D", nil, trickOf{2, []string{"AS", "4S"}}, "3S", FollowLowPartner,
			"follow low with 3♠: your partner is winning the trick with A♠"},
		{"give the partner points", "3S QS KS 4D", nil, trickOf{2, []string{"AS", "4S"}}, "KS", FeedPartner,
			"give points with K♠: your partner is winning the trick with A♠ and nobody after you can beat it; the trick holds 10 points with yours"},
		{"give points, East may trump", "3S QS KS 4D", []trickOf{eastVoidSpades}, trickOf{2, []string{"AS", "4S"}}, "KS", FeedPartner,
			"give points with K♠: your partner is winning the trick with A♠ (10 points with yours), though a seat after you may still beat it"},
		{"discard under the partner", "4D 6D", nil, trickOf{2, []string{"AC", "4C"}}, "4D", FollowLowPartner,
			"discard 4♦: your partner is winning the trick with A♣"},
		{"trump a suit you are void in", "5H 4D 6D", nil, trickOf{1, []string{"KC", "4C", "5C"}}, "5H", Ruff,
			"trump with 5♥: you are void in clubs and the trick holds 20 points"},
		{"trump higher", "6H 4D 6D", nil, trickOf{1, []string{"KC", "4C", "3H"}}, "6H", OverRuff,
			"trump higher with 6♥: West trumped with 3♥ and the trick holds 10 points"},
		{"win in the suit", "AS 3S 4D", nil, trickOf{3, []string{"QS"}}, "AS", Win,
			"take the trick with A♠: it beats West's Q♠ and you lead next"},
		{"win, not sure to hold", "QS 3S 4D", nil, trickOf{3, []string{"TS"}}, "QS", Win,
			"take the trick with Q♠: it beats West's T♠ and the trick holds 10 points, if nobody after you beats it"},
		{"discard rather than trump", "5H 4D 6D", nil, trickOf{1, []string{"3C", "4C", "6C"}}, "4D", Discard,
			"discard 4♦: you are void in clubs, and taking the trick from West is not worth your trumps (no points in it)"},
		{"discard, no trump to win with", "4D 6D", nil, trickOf{1, []string{"KC", "4C", "6C"}}, "4D", Discard,
			"discard 4♦: you are void in clubs and cannot take the trick from East"},
		{"the only legal follow", "KS KS 6S 4D", nil, trickOf{1, []string{"AS AS", "3S 4S", "5S 7S"}}, "KS KS", Forced,
			"play K♠ K♠, your only legal follow (East is winning the trick with A♠ A♠)"},
		{"follow low, the trick lost", "QS 5S 4D", nil, trickOf{1, []string{"AS", "3S", "4S"}}, "5S", FollowLow,
			"follow low with 5♠: East is winning the trick with A♠ and you cannot beat it"},
		{"follow low, not worth it", "AS 3S 4D", nil, trickOf{1, []string{"JS", "3S", "4S"}}, "3S", FollowLow,
			"follow low with 3♠: East is winning the trick with J♠, not worth your high cards (no points in it)"},
	}
	names := map[shengji.Seat]string{0: "you", 1: "East", 2: "your partner", 3: "West"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			o := situation(t, tc.hand, tc.done, tc.cur)
			play := card.MustParseMulti(tc.play)
			if last, ok := o.Tricks.Last(); ok && last.Count > 0 {
				if err := o.Order().CheckFollow(last.Lead(), o.Hand, play); err != nil {
					t.Fatalf("the case's play is not legal: %v", err)
				}
			}
			r := Explain(&o, shengji.PlayAction(play))
			if r.Why != tc.why {
				t.Fatalf("reason %v, want %v (%+v)", r.Why, tc.why, r)
			}
			ord := o.Order()
			got := r.Text(func(s shengji.Seat) string { return names[s] }, func(m card.Multi) string {
				cs := ord.Sorted(m)
				slices.Reverse(cs)
				parts := make([]string, len(cs))
				for i, c := range cs {
					parts[i] = c.Pretty()
					if c.IsJoker() {
						parts[i] = c.String()
					}
				}
				return strings.Join(parts, " ")
			})
			if got != tc.words {
				t.Fatalf("words\n%q, want\n%q", got, tc.words)
			}
		})
	}
}

// TestExplain_Bury names the points buried and the suits the burial
// empties.
func TestExplain_Bury(t *testing.T) {
	tr, _ := shengji.NewTrump(card.Hearts, card.Two)
	o := shengji.Observation{Seat: 0, Rules: shengji.Standard(), Phase: shengji.BuryPhase, Level: card.Two, Banker: 0, Trump: tr, Turn: 0,
		Hand: card.MustParseMulti("3C 4C 6C 5D 7D 8D 9S 9S AH KH 2S BJ")}
	r := Explain(&o, shengji.BuryAction(card.MustParseMulti("3C 4C 6C 5D 7D 8D 9S 9S")))
	if r.Why != Bury || r.Points != 5 || !slices.Equal(r.Voids, []shengji.Group{shengji.Spades, shengji.Diamonds, shengji.Clubs}) {
		t.Fatalf("%+v", r)
	}
	txt := r.Text(func(shengji.Seat) string { return "" }, func(m card.Multi) string { return m.String() })
	if txt != "bury 9S 9S 5D 7D 8D 3C 4C 6C, giving up only 5 points and no trump, leaving you void in spades, diamonds and clubs to trump them" {
		t.Fatalf("%q", txt)
	}
	// a burial of no points, trumps or pairs says so
	r = Explain(&o, shengji.BuryAction(card.MustParseMulti("3C 4C 6C 7D 8D")))
	if txt := r.Text(nil, func(m card.Multi) string { return m.String() }); txt != "bury 7D 8D 3C 4C 6C, giving up no points, no trump and no pair, leaving you void in clubs to trump them" {
		t.Fatalf("%q", txt)
	}
	// a declaration has no reason
	if r := Explain(&o, shengji.PassAction()); r.Why != NoReason || r.Text(nil, nil) != "" {
		t.Fatalf("%+v", r)
	}
}

// TestExplain_HardsMoves explains every move hard makes in whole hands:
// every play and burial gets a reason, in words that name the move's
// cards.
func TestExplain_HardsMoves(t *testing.T) {
	g, err := shengji.NewGame(shengji.Standard(), rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	var ps [shengji.NumSeats]Player
	for s := range ps {
		ps[s] = NewHard(rand.New(rand.NewPCG(uint64(s), 9)))
	}
	seen := map[Why]int{}
	hands := 2
	if testing.Short() {
		hands = 1
	}
	for g.HandNumber() <= hands && !g.Over() {
		h := g.Hand()
		if h.Over() {
			if err := g.NextHand(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if h.Phase() == shengji.DealPhase {
			if err := g.Deal(); err != nil {
				t.Fatal(err)
			}
			continue
		}
		s := h.Turn()
		var o shengji.Observation
		g.Observe(s, &o)
		a, ok := ps[s].Act(&o)
		if !ok {
			t.Fatalf("seat %d declined in %v", s, o.Phase)
		}
		if a.Kind == shengji.Play || a.Kind == shengji.Bury {
			r := Explain(&o, a)
			txt := r.Text(func(s shengji.Seat) string { return s.String() }, func(m card.Multi) string { return "<" + m.String() + ">" })
			if r.Why == NoReason || !strings.Contains(txt, "<"+a.Cards.String()+">") {
				t.Fatalf("%v of %v: reason %v, %q", a.Kind, a.Cards, r.Why, txt)
			}
			seen[r.Why]++
		}
		if err := g.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) < 6 {
		t.Errorf("only %d kinds of reason in %d hands: %v", len(seen), hands, seen)
	}
	t.Log(seen)
}
