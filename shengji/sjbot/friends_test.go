package sjbot

import (
	"math/rand/v2"
	"slices"
	"testing"

	"felt/card"
	"felt/shengji"
)

// calls parses friend calls written "AH:1 AD:2".
func calls(t testing.TB, s ...string) []shengji.Call {
	t.Helper()
	var out []shengji.Call
	for _, c := range s {
		out = append(out, shengji.Call{Card: card.MustParse(c[:2]), Ordinal: int(c[3] - '0')})
	}
	return out
}

// friendsTable describes a friends-6 position for the tests: spades
// trumps at level 2, banker seat 0 with the given calls; ended tricks
// (each its leader and its plays from the leader), then the trick in
// progress.
type friendsTable struct {
	me     shengji.Seat
	hand   string
	calls  []shengji.Call
	ended  []trickPlays
	leader shengji.Seat // of the trick in progress (the seat itself if no play is made yet)
	plays  []string     // the trick in progress, from its leader
	points [shengji.MaxSeats]int
}

type trickPlays struct {
	leader shengji.Seat
	plays  []string
}

// obs builds the observation of the position for seat ft.me.
func (ft friendsTable) obs(t testing.TB) shengji.Observation {
	t.Helper()
	rules := preset(t, "friends-6")
	n := rules.NumPlayers()
	o := shengji.Observation{
		Seat: ft.me, Rules: rules, Phase: shengji.PlayPhase, Level: card.Two,
		Banker: 0, Trump: spades2, Dealt: rules.DeckSize() - rules.KittySize(),
		Hand: card.MustParseMulti(ft.hand), SeatPoints: ft.points,
	}
	o.Friends = shengji.NewFriendship(0, ft.calls)
	mk := func(leader shengji.Seat, plays []string) shengji.Trick {
		tr := shengji.Trick{Leader: leader, Winner: shengji.NoSeat, Players: n}
		for i, p := range plays {
			tr.Plays[leader.Plus(i, n)] = card.MustParseMulti(p)
		}
		tr.Count = len(plays)
		return tr
	}
	for _, e := range ft.ended {
		tr := mk(e.leader, e.plays)
		var ps [shengji.MaxSeats]card.Multi
		for i := range n {
			ps[i] = tr.Plays[tr.Leader.Plus(i, n)]
		}
		w, err := spades2.Order().Winner(ps[:n])
		if err != nil {
			t.Fatal(err)
		}
		tr.Winner = tr.Leader.Plus(w, n)
		var buf [shengji.MaxSeats]shengji.SeatPlay
		o.Friends.EndTrick(tr.InOrder(buf[:0]))
		if err := o.Tricks.Append(tr); err != nil {
			t.Fatal(err)
		}
	}
	if len(ft.plays) == 0 {
		ft.leader = ft.me // the seat leads
	}
	if err := o.Tricks.Append(mk(ft.leader, ft.plays)); err != nil {
		t.Fatal(err)
	}
	o.Side = o.Friends.Side
	o.Turn = ft.leader.Plus(len(ft.plays), n)
	if o.Turn != ft.me {
		t.Fatalf("seat %s to play, not %s", o.Turn, ft.me)
	}
	for s := range n {
		o.Counts[s] = o.Hand.Len()
	}
	return o
}

// lowHearts are six plays of one low heart each, to fill ended tricks.
func lowHearts(leader shengji.Seat, first string) trickPlays {
	return trickPlays{leader, []string{first, "3H", "4H", "6H", "7H", "8H"}}
}

func TestSides_FixedPartnerships(t *testing.T) {
	o := trickObs(1, 0, "3H 4H")
	v := newView(&o)
	if v.allies != shengji.SeatsOf(1, 3) || v.foes != shengji.SeatsOf(0, 2) {
		t.Errorf("standard table: allies %v foes %v, want {1,3} and {0,2}", v.allies, v.foes)
	}
	r := preset(t, "friends-6")
	r.Friends = shengji.FriendsOff
	o.Rules = r
	o.Side = shengji.Seat(0).Parity(6)
	v = newView(&o)
	if v.allies != shengji.SeatsOf(1, 3, 5) || v.foes != shengji.SeatsOf(0, 2, 4) {
		t.Errorf("six players, fixed partnerships: allies %v foes %v, want {1,3,5} and {0,2,4}", v.allies, v.foes)
	}
}

func TestSides_FindingFriends(t *testing.T) {
	two := calls(t, "AH:1", "AD:1")
	for _, tc := range []struct {
		name         string
		ft           friendsTable
		allies, foes shengji.Seats
		join         int
	}{
		{name: "the banker knows nobody before a call is met",
			ft:     friendsTable{me: 0, hand: "3C 4C", calls: two},
			allies: shengji.SeatsOf(0), join: -1},
		{name: "an attacker holding no called card knows only the banker",
			ft:     friendsTable{me: 3, hand: "3C 4C", calls: two},
			allies: shengji.SeatsOf(3), foes: shengji.SeatsOf(0), join: -1},
		{name: "a seat holding the called card means to join",
			ft:     friendsTable{me: 3, hand: "AH 3C", calls: two},
			allies: shengji.SeatsOf(0, 3), join: 0},
		{name: "a seat holding the called card stays an attacker once the attackers have taken the bank",
			ft:     friendsTable{me: 3, hand: "AH 3C", calls: two, points: [shengji.MaxSeats]int{1: 70, 4: 50}},
			allies: shengji.SeatsOf(3), foes: shengji.SeatsOf(0), join: -1},
		{name: "a copy the seat holds does not make it a friend while an earlier copy is to come",
			ft:     friendsTable{me: 3, hand: "AH 3C", calls: calls(t, "AH:2", "AD:1")},
			allies: shengji.SeatsOf(3), foes: shengji.SeatsOf(0), join: -1},
		{name: "every call met: the sides are known",
			ft: friendsTable{me: 3, hand: "3C 4C", calls: two, ended: []trickPlays{
				{1, []string{"9H", "AH", "4H", "6H", "7H", "8H"}},
				{2, []string{"9D", "5D", "AD", "6D", "7D", "8D"}}}, leader: 3},
			allies: shengji.SeatsOf(1, 3, 5), foes: shengji.SeatsOf(0, 2, 4), join: -1},
		{name: "a seat shown void in the open call's suit cannot join",
			ft: friendsTable{me: 3, hand: "3C 4C", calls: two, ended: []trickPlays{
				{1, []string{"9H", "AH", "4H", "6H", "7H", "8H"}},
				{2, []string{"9D", "5D", "6D", "7D", "8D", "3C"}}}, leader: 3},
			allies: shengji.SeatsOf(1, 3), foes: shengji.SeatsOf(0, 2), join: -1},
		{name: "the called copy in the trick in progress makes a friend",
			ft: friendsTable{me: 3, hand: "3H 4C", calls: calls(t, "AH:1"), leader: 1,
				plays: []string{"9H", "AH"}},
			allies: shengji.SeatsOf(1, 3, 4, 5), foes: shengji.SeatsOf(0, 2), join: -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := tc.ft.obs(t)
			v := newView(&o)
			if v.allies != tc.allies || v.foes != tc.foes || v.join != tc.join {
				t.Errorf("allies %v foes %v join %d, want %v %v %d", v.allies, v.foes, v.join, tc.allies, tc.foes, tc.join)
			}
		})
	}
}

func TestGreedy_FindingFriends(t *testing.T) {
	for _, tc := range []struct {
		name string
		ft   friendsTable
		want string
	}{
		{name: "a friend shows itself with the called ace over the banker's lead",
			ft:   friendsTable{me: 1, hand: "AH 4H 9D", calls: calls(t, "AH:1", "AD:1"), plays: []string{"QH"}},
			want: "AH"},
		{name: "once the attackers have taken the bank the called ace stays home",
			ft: friendsTable{me: 1, hand: "AH 4H 9D", calls: calls(t, "AH:1", "AD:1"), plays: []string{"QH"},
				points: [shengji.MaxSeats]int{1: 70, 4: 50}},
			want: "4H"},
		{name: "the banker keeps its copy of a called card for a friend",
			ft: friendsTable{me: 0, hand: "KH 4H 9D", calls: calls(t, "KH:2"), ended: []trickPlays{lowHearts(1, "KH")}, leader: 1,
				plays: []string{"9H", "3H", "4H", "6H", "7H"}},
			want: "4H"},
		{name: "the banker leads low into the called suit for its friend",
			ft:   friendsTable{me: 0, hand: "6H 3C 9C", calls: calls(t, "AH:1", "AD:1")},
			want: "6H"},
		{name: "an attacker does not overtake a fellow attacker once the sides are known",
			ft: friendsTable{me: 5, hand: "AH 4H 9D", calls: calls(t, "AD:1"), ended: []trickPlays{{2, []string{"9D", "5D", "AD", "6D", "7D", "8D"}}},
				leader: 3, plays: []string{"QH", "5H"}},
			want: "4H"},
		{name: "the banker feeds points to its friend's trick",
			ft: friendsTable{me: 0, hand: "KH 4H 9D", calls: calls(t, "AD:1"), ended: []trickPlays{{2, []string{"AD", "5D", "9D", "6D", "7D", "8D"}}},
				leader: 1, plays: []string{"9H", "AH", "3H", "6H", "7H"}},
			want: "KH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := act(t, tc.ft.obs(t)); got != card.MustParseMulti(tc.want) {
				t.Errorf("played %s, want %s", got, tc.want)
			}
		})
	}
}

// callObs returns the call-phase observation of banker seat 0 holding
// hand (its kitty buried) under the named preset, spades trumps at level
// 2.
func callObs(t testing.TB, preset_ string, hand string) shengji.Observation {
	t.Helper()
	r := preset(t, preset_)
	return shengji.Observation{Seat: 0, Rules: r, Phase: shengji.CallPhase, Level: card.Two, Banker: 0,
		Trump: spades2, Turn: 0, Hand: card.MustParseMulti(hand)}
}

func TestCallFriends_Choices(t *testing.T) {
	for _, tc := range []struct {
		name, preset, hand string
		want               []string
	}{
		{name: "the aces of the suits the banker is shortest in (but holds a card of)", preset: "friends-6",
			hand: "3S 4S 5S BJ SJ 4H 6H 7H 9H TH JH 3D 4C 5C 6C 7C",
			want: []string{"AD:1", "AC:1"}},
		{name: "the king where the banker holds every ace", preset: "friends-5",
			hand: "3S 4S 5S BJ AD AD 4D 3H 4H 6H 7H 9H TH JH 4C 5C 6C 7C 8C",
			want: []string{"KD:1"}},
		{name: "a later copy where the banker holds one", preset: "friends-6",
			hand: "3S 4S 5S BJ AD 4D 3H 4H 6H 7H 9H TH JH QH 3C 4C 6C 7C 8C 9C",
			want: []string{"AD:2", "AC:1"}},
		{name: "the next copy after the banker's two", preset: "friends-6",
			hand: "3S 4S 5S BJ AD AD 3H 4H 6H 7H 9H TH JH QH 3C 4C 6C 7C 8C 9C",
			want: []string{"AD:3", "AC:1"}},
		{name: "never a card of the trump suit, however short", preset: "friends-5",
			hand: "3S BJ 3H 4H 6H 7H 9H TH JH 3D 4D 6D 7D 8D 3C 4C 6C 7C 8C 9C",
			want: []string{"AD:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := callObs(t, tc.preset, tc.hand)
			got := callFriends(&o)
			want := calls(t, tc.want...)
			if !slices.Equal(got, want) {
				t.Errorf("called %v, want %v", got, want)
			}
		})
	}
}

// TestCallFriends_LegalAndSensible: at every Finding Friends table, on
// many deals, the banker's calls are as many as the rules want, accepted
// by the rules, of different cards, never trumps or jokers, each for the
// copy after the banker's own, with some copy neither in its hand nor in
// its kitty.
func TestCallFriends_LegalAndSensible(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	tables := []shengji.Rules{preset(t, "friends-5"), preset(t, "friends-6"), preset(t, "friends-8")}
	ten := preset(t, "friends-8")
	ten.Players, ten.NumPacks = 10, 5
	four := shengji.Standard()
	four.Friends = shengji.FriendsOn
	tables = append(tables, ten, four)
	deals := 300
	if testing.Short() || race {
		deals = 60
	}
	for _, r := range tables {
		for range deals {
			deck := card.Times(card.AllFaces, r.Packs()).Cards()
			card.Shuffle(rng, deck)
			hs := r.HandSize() + r.KittySize()
			var hand, kitty card.Multi
			for _, c := range deck[:hs-r.KittySize()] {
				_ = hand.Add(c)
			}
			for _, c := range deck[hs-r.KittySize() : hs] {
				_ = kitty.Add(c)
			}
			level := card.Rank(1 + rng.IntN(13))
			tr := shengji.Trump{Suit: card.Suit(rng.IntN(card.NumSuits + 1)), Level: level}
			o := shengji.Observation{Seat: 0, Rules: r, Phase: shengji.CallPhase, Level: level, Banker: 0,
				Trump: tr, Turn: 0, Hand: hand, Kitty: kitty}
			got := callFriends(&o)
			if err := shengji.CheckCalls(got, r.Calls(), level, r.Packs()); err != nil {
				t.Fatalf("%d players, trump %s, hand %s: %v", r.NumPlayers(), tr, hand, err)
			}
			if a := shengji.CallAction(got...); o.Check(a) != nil {
				t.Fatalf("%d players: the rules refuse %v: %v", r.NumPlayers(), got, o.Check(a))
			}
			for i, c := range got {
				switch {
				case tr.IsTrump(c.Card):
					t.Fatalf("%d players, trump %s: called the trump %s", r.NumPlayers(), tr, c.Card)
				case slices.ContainsFunc(got[:i], func(d shengji.Call) bool { return d.Card == c.Card }):
					t.Fatalf("%d players: %s called twice in %v", r.NumPlayers(), c.Card, got)
				case c.Ordinal != hand.Count(c.Card)+1:
					t.Fatalf("%d players: %v with %d copies in hand", r.NumPlayers(), c, hand.Count(c.Card))
				case hand.Count(c.Card)+kitty.Count(c.Card) >= r.Packs():
					t.Fatalf("%d players: %v, every copy the banker's", r.NumPlayers(), c)
				}
			}
		}
	}
}
