package shengji

import (
	"errors"
	"testing"

	"felt/card"
)

func sp(seat Seat, cards string) SeatPlay { return SeatPlay{seat, card.MustParseMulti(cards)} }

// TestFriends_TheOrdinalCopyJoinsWhenItsTrickEnds: "the second A♠ played":
// the first copy counts, the seat playing the second joins.
func TestFriends_TheOrdinalCopyJoinsWhenItsTrickEnds(t *testing.T) {
	f := NewFriendship(0, []Call{{card.MustParse("AS"), 2}})
	if j := f.EndTrick([]SeatPlay{sp(0, "3S"), sp(1, "AS"), sp(2, "4S"), sp(3, "5S")}); j != 0 || f.Pending() != 1 {
		t.Fatalf("first AS: joined %v pending %d", j, f.Pending())
	}
	if j := f.EndTrick([]SeatPlay{sp(1, "KH"), sp(2, "AH"), sp(3, "AS"), sp(0, "2H")}); j != SeatsOf(3) || f.Pending() != 0 || f.Friends() != SeatsOf(3) {
		t.Fatalf("second AS by seat 3: joined %v pending %d friends %v", j, f.Pending(), f.Friends())
	}
}

// TestFriends_BankerIsOwnFriend: the banker playing the called copy spends
// the call and nobody joins.
func TestFriends_BankerIsOwnFriend(t *testing.T) {
	f := NewFriendship(2, []Call{{card.MustParse("KD"), 1}, {card.MustParse("AC"), 1}})
	j := f.EndTrick([]SeatPlay{sp(2, "KD"), sp(3, "AC"), sp(0, "3D"), sp(1, "4D")})
	if j != SeatsOf(3) || f.Pending() != 0 || f.Side != SeatsOf(2, 3) {
		t.Fatalf("joined %v pending %d side %v", j, f.Pending(), f.Side)
	}
}

// TestFriends_OneSeatMeetingTwoCallsJoinsOnce leaves the side smaller.
func TestFriends_OneSeatMeetingTwoCallsJoinsOnce(t *testing.T) {
	f := NewFriendship(0, []Call{{card.MustParse("AH"), 1}, {card.MustParse("AH"), 2}})
	j := f.EndTrick([]SeatPlay{sp(1, "AH AH"), sp(2, "3H 4H"), sp(3, "5H 6H"), sp(0, "7H 8H")})
	if j != SeatsOf(1) || f.Pending() != 0 || f.Friends() != SeatsOf(1) {
		t.Fatalf("joined %v pending %d friends %v", j, f.Pending(), f.Friends())
	}
}

func TestFriends_CallsRefusedNameTheRule(t *testing.T) {
	for _, c := range []struct {
		calls []Call
		want  int
	}{
		{[]Call{{card.BigJoker, 1}}, 1},
		{[]Call{{card.MustParse("2S"), 1}}, 1},
		{[]Call{{card.MustParse("AS"), 4}}, 1},
		{[]Call{{card.MustParse("AS"), 0}}, 1},
		{[]Call{{card.MustParse("AS"), 1}}, 2},
	} {
		if err := CheckCalls(c.calls, c.want, card.Two, 3); !errors.Is(err, ErrBadCall) {
			t.Errorf("%v: %v, want ErrBadCall", c.calls, err)
		}
	}
	if err := CheckCalls([]Call{{card.MustParse("AS"), 3}, {card.MustParse("KH"), 1}}, 2, card.Two, 3); err != nil {
		t.Errorf("good calls refused: %v", err)
	}
}

// TestScore_WinnersAndNextBanker: the winners of a hand are the banker's
// side when it keeps the bank, else every other seat; the next banker is
// the first winner after the banker in turn order, the banker itself
// when it kept the bank alone; a redeal changes nothing.
func TestScore_WinnersAndNextBanker(t *testing.T) {
	six, _ := Preset("friends-6")
	std := Standard()
	for _, c := range []struct {
		name    string
		r       Rules
		s       Score
		winners Seats
		next    Seat
	}{
		{"fixed partnerships: the bankers keep, the partner banks", std, Score{Banker: 1, Result: Result{BankersKeep: true}}, SeatsOf(1, 3), 3},
		{"fixed partnerships: the attackers take it, the next seat banks", std, Score{Banker: 3, Result: Result{}}, SeatsOf(0, 2), 0},
		{"friends: the side keeps, the next friend after the banker banks", six, Score{Banker: 4, Friends: SeatsOf(1, 2), Result: Result{BankersKeep: true}}, SeatsOf(1, 2, 4), 1},
		{"friends: a banker alone keeps the bank itself", six, Score{Banker: 2, Result: Result{BankersKeep: true}}, SeatsOf(2), 2},
		{"friends: the attackers take it, the first attacker after the banker banks", six, Score{Banker: 5, Friends: SeatsOf(0), Result: Result{}}, SeatsOf(1, 2, 3, 4), 1},
		{"a redeal: no winners, the same banker", six, Score{Banker: 3, Redeal: true}, 0, 3},
	} {
		if w := c.s.Winners(c.r); w != c.winners {
			t.Errorf("%s: winners %v, want %v", c.name, w, c.winners)
		}
		if n := c.s.NextBanker(c.r); n != c.next {
			t.Errorf("%s: next banker %v, want %v", c.name, n, c.next)
		}
	}
}
