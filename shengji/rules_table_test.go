package shengji

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"felt/card"
)

// TestRules_PacksAndKittyByTable is the table of the rules page: one pack
// for every two players (at least two), and the kitty the largest leftover
// from 4 to 8, or the smallest above 8.
func TestRules_PacksAndKittyByTable(t *testing.T) {
	for _, c := range []struct{ players, packs, kitty, hand, calls, step int }{
		{4, 2, 8, 25, 0, 40},
		{5, 2, 8, 20, 1, 40},
		{6, 3, 6, 26, 2, 60},
		{7, 3, 8, 22, 2, 60},
		{8, 4, 8, 26, 3, 80},
		{9, 4, 9, 23, 3, 80},
		{10, 5, 10, 26, 4, 100},
	} {
		r := Standard()
		if c.players != 4 {
			r.Players = c.players
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("%d players: %v", c.players, err)
		}
		if r.Packs() != c.packs || r.KittySize() != c.kitty || r.HandSize() != c.hand || r.Calls() != c.calls || r.LevelStep() != c.step {
			t.Errorf("%d players: packs %d kitty %d hand %d calls %d step %d, want %+v",
				c.players, r.Packs(), r.KittySize(), r.HandSize(), r.Calls(), r.LevelStep(), c)
		}
		if r.DeckSize() != r.NumPlayers()*r.HandSize()+r.KittySize() {
			t.Errorf("%d players: deck %d is not hands and kitty", c.players, r.DeckSize())
		}
	}
}

func TestRules_PresetsForFriends(t *testing.T) {
	for _, c := range []struct {
		name                  string
		players, packs, calls int
	}{{"friends-5", 5, 2, 1}, {"friends-6", 6, 3, 2}, {"friends-8", 8, 4, 3}, {"standard", 4, 2, 0}} {
		r, ok := Preset(c.name)
		if !ok || r.Validate() != nil || r.NumPlayers() != c.players || r.Packs() != c.packs || r.Calls() != c.calls {
			t.Errorf("%s: %+v", c.name, r)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseRules(Standard(), b)
		if err != nil || back != r {
			t.Errorf("%s: %s reads back as %+v, %v", c.name, b, back, err)
		}
	}
}

// TestRules_HouseRulesRoundTrip: every table setting has a JSON field that
// writes and reads back, and the defaults write nothing new.
func TestRules_HouseRulesRoundTrip(t *testing.T) {
	in := `{"start_level":"3","bid_after_deal":false,"no_bid":"redeal","throw_penalty":10,"players":6,"packs":4,"kitty":6,` +
		`"friends":false,"level_step":50,"kitty_multiplier":"fixed","joker_bids":false,"equal_override":true,"reinforce":false,"must_defend":["5","10","K","A"],"level_tractors":false}`
	r, err := ResolveRules(in)
	if err != nil {
		t.Fatal(err)
	}
	want := Rules{StartLevel: card.Three, NoBid: NoBidRedeal, ThrowPenalty: 10, Players: 6, NumPacks: 4, Kitty: 6, Friends: FriendsOff,
		Step: 50, KittyMultiplier: KittyFixed, NoJokerBids: true, EqualOverride: true, NoReinforce: true,
		MustDefend: 1<<card.Five | 1<<card.Ten | 1<<card.King | 1<<card.Ace, NoLevelTractors: true}
	if r != want {
		t.Fatalf("read %+v, want %+v", r, want)
	}
	b, _ := json.Marshal(r)
	if string(b) != in {
		t.Errorf("wrote %s, want %s", b, in)
	}
	if r.HandSize() != 35 || r.LevelStep() != 50 || r.Calls() != 0 {
		t.Errorf("hand %d step %d calls %d", r.HandSize(), r.LevelStep(), r.Calls())
	}
}

func TestRules_TableSettingsOutOfRangeNameTheField(t *testing.T) {
	for _, c := range []struct{ in, says string }{
		{`{"players":3}`, "players"},
		{`{"players":11}`, "players"},
		{`{"players":0}`, "players"},
		{`{"packs":1}`, "packs"},
		{`{"packs":6}`, "packs"},
		{`{"kitty":7}`, "kitty"},
		{`{"kitty":-8}`, "kitty"},
		{`{"players":5,"friends":false}`, "even number"},
		{`{"level_step":42}`, "level_step"},
		{`{"level_step":0}`, "level_step"},
		{`{"kitty_multiplier":"triple"}`, "kitty_multiplier"},
		{`{"must_defend":["1"]}`, "must_defend"},
		{`{"no_bid":"shuffle"}`, "no_bid"},
		{`{"joker_bids":"yes"}`, "joker_bids"},
	} {
		_, err := ResolveRules(c.in)
		if !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want ErrInvalidRules naming %s", c.in, err, c.says)
		}
	}
}
