package shengji

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/games"
	"felt/shengji"
	"felt/table"
)

// TestSettings_NameEveryRulesField: the settings a page is offered are
// exactly the rules' JSON fields (rules with every field away from its
// default write them all), each once.
func TestSettings_NameEveryRulesField(t *testing.T) {
	r := shengji.Rules{StartLevel: card.Five, BidAfterDeal: true, NoBid: shengji.NoBidRedeal, ThrowPenalty: 10, Players: 6, NumPacks: 3,
		Kitty: 12, Friends: shengji.FriendsOn, Step: 30, KittyMultiplier: shengji.KittyFixed, NoJokerBids: true, EqualOverride: true,
		NoReinforce: true, MustDefend: 1 << card.Ten, NoLevelTractors: true, NoTrumpRank: true}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range Game.Settings {
		if slices.Contains(names, s.Name) {
			t.Errorf("setting %s twice", s.Name)
		}
		names = append(names, s.Name)
		if _, ok := fields[s.Name]; !ok {
			t.Errorf("setting %s is no rules field (%s)", s.Name, b)
		}
	}
	for f := range fields {
		if !slices.Contains(names, f) {
			t.Errorf("rules field %s has no setting", f)
		}
	}
}

// TestSettings_ChoicesAreRead: every choice a setting offers is a value
// the rules read, and every number's bounds are values Validate takes.
func TestSettings_ChoicesAreRead(t *testing.T) {
	for _, s := range Game.Settings {
		switch s.Kind {
		case games.ChoiceSetting:
			for _, c := range s.Choices {
				if _, err := shengji.ParseRules(shengji.Standard(), []byte(`{"`+s.Name+`":"`+c.Name+`"}`)); err != nil {
					t.Errorf("%s %q: %v", s.Name, c.Name, err)
				}
			}
		case games.RanksSetting:
			var all []string
			for _, c := range s.Choices {
				all = append(all, `"`+c.Name+`"`)
			}
			if _, err := shengji.ParseRules(shengji.Standard(), []byte(`{"`+s.Name+`":[`+strings.Join(all, ",")+`]}`)); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		case games.NumberSetting:
			if s.Min > s.Max || s.Step < 1 {
				t.Errorf("%s: min %d max %d step %d", s.Name, s.Min, s.Max, s.Step)
			}
		}
	}
}

// TestMix_PresetThenSettings: settings are read over the preset's rules;
// what they come to is said with every default worked out, and the seats
// follow the players.
func TestMix_PresetThenSettings(t *testing.T) {
	g, err := games.Lookup("shengji")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		preset, settings string
		seats            int
		want             tableWire
	}{
		{"standard", ``, 4, tableWire{Players: 4, Packs: 2, Kitty: 8, LevelStep: 40, Deck: 108, HandSize: 25, Calls: 0, TotalPoints: 200}},
		{"friends-6", ``, 6, tableWire{Players: 6, Packs: 3, Kitty: 6, Friends: true, LevelStep: 60, Deck: 162, HandSize: 26, Calls: 2, TotalPoints: 300}},
		{"friends-6", `{"players":7}`, 7, tableWire{Players: 7, Packs: 3, Kitty: 8, Friends: true, LevelStep: 60, Deck: 162, HandSize: 22, Calls: 2, TotalPoints: 300}},
		{"friends-8", `{"kitty":16,"level_step":100}`, 8, tableWire{Players: 8, Packs: 4, Kitty: 16, Friends: true, LevelStep: 100, Deck: 216, HandSize: 25, Calls: 3, TotalPoints: 400}},
		{"standard", `{"players":10}`, 10, tableWire{Players: 10, Packs: 5, Kitty: 10, Friends: true, LevelStep: 100, Deck: 270, HandSize: 26, Calls: 4, TotalPoints: 500}},
		{"standard", `{"friends":true}`, 4, tableWire{Players: 4, Packs: 2, Kitty: 8, Friends: true, LevelStep: 40, Deck: 108, HandSize: 25, Calls: 1, TotalPoints: 200}},
	} {
		m, err := g.Mix(tc.preset, json.RawMessage(tc.settings))
		if err != nil {
			t.Fatalf("%s %s: %v", tc.preset, tc.settings, err)
		}
		var got tableWire
		if err := json.Unmarshal(m.Effective, &got); err != nil {
			t.Fatal(err)
		}
		if m.Seats != tc.seats {
			t.Errorf("%s %s: %d seats, want %d", tc.preset, tc.settings, m.Seats, tc.seats)
		}
		w := tc.want
		if got.Players != w.Players || got.Packs != w.Packs || got.Kitty != w.Kitty || got.Friends != w.Friends || got.LevelStep != w.LevelStep ||
			got.Deck != w.Deck || got.HandSize != w.HandSize || got.Calls != w.Calls || got.TotalPoints != w.TotalPoints {
			t.Errorf("%s %s: %+v, want %+v", tc.preset, tc.settings, got, w)
		}
		// The table's rules read back to the same table.
		r, err := shengji.ParseRules(shengji.Standard(), m.Rules)
		if err != nil {
			t.Fatal(err)
		}
		if tableOf(r).Kitty != got.Kitty || r.NumPlayers() != got.Players || !strings.Contains(m.Summary, "players") {
			t.Errorf("%s %s: rules %s, summary %q", tc.preset, tc.settings, m.Rules, m.Summary)
		}
	}
}

// TestMix_RefusesNamingTheField: a setting out of range, of the wrong
// type or unknown is refused with the field named, a mix the preset makes
// invalid too (fixed partnerships at an odd table).
func TestMix_RefusesNamingTheField(t *testing.T) {
	g, err := games.Lookup("shengji")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ preset, settings, field string }{
		{"standard", `{"players":11}`, "players"},
		{"standard", `{"players":"six"}`, "players"},
		{"friends-6", `{"packs":6}`, "packs"},
		{"friends-6", `{"kitty":7}`, "kitty"},
		{"friends-5", `{"friends":false}`, "friends"},
		{"standard", `{"level_step":7}`, "level_step"},
		{"standard", `{"throw_penalty":-5}`, "throw_penalty"},
		{"standard", `{"start_level":"1"}`, "start_level"},
		{"standard", `{"no_bid":"shrug"}`, "no_bid"},
		{"standard", `{"must_defend":["Z"]}`, "must_defend"},
		{"standard", `{"jokers":true}`, "jokers"},
	} {
		_, err := g.Mix(tc.preset, json.RawMessage(tc.settings))
		if !errors.Is(err, shengji.ErrInvalidRules) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s %s: %v, want an error naming %s", tc.preset, tc.settings, err, tc.field)
		}
	}
}

// TestObsWire_SaysTheTable: an observation's wire form says what its
// rules come to, so a page need not work out the kitty's size.
func TestObsWire_SaysTheTable(t *testing.T) {
	r, _ := shengji.Preset("friends-6")
	tr, err := shengji.NewTrump(card.Spades, card.Two)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(obsWire(shengji.Observation{Rules: r, Trump: tr}))
	if err != nil {
		t.Fatal(err)
	}
	var w struct{ Table tableWire }
	if err := json.Unmarshal(b, &w); err != nil {
		t.Fatal(err)
	}
	if w.Table.Kitty != 6 || w.Table.Calls != 2 || w.Table.HandSize != 26 || !slices.Equal(w.Table.MustDefend, []string{"A"}) {
		t.Fatalf("table %+v", w.Table)
	}
}

// TestPick_BuriesTheKittysSize: a wire client's burial at a friends-6
// table (a kitty of six) is as many cards as the kitty, and the engine
// takes it.
func TestPick_BuriesTheKittysSize(t *testing.T) {
	e0, err := New(5, friends6)
	if err != nil {
		t.Fatal(err)
	}
	e := e0.(*Engine)
	var v table.Views[shengji.Event]
	bot := sjRandom(rand.New(rand.NewPCG(5, 1)))
	for range 5000 {
		if e.Game().NeedsDeal() {
			rec, err := e.Advance(&v)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Redeal(rec, &v); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if h := e.Game().Hand(); h.Phase() == shengji.BuryPhase {
			b := table.Seat(h.Banker())
			var bo shengji.Observation
			e.Observe(b, &bo)
			obs, err := json.Marshal(obsWire(bo))
			if err != nil {
				t.Fatal(err)
			}
			raw, err := pick(obs, nil, rand.New(rand.NewPCG(1, 1)))
			if err != nil {
				t.Fatal(err)
			}
			a, err := e.UnmarshalMove(raw)
			if err != nil {
				t.Fatal(err)
			}
			if a.Cards.Len() != 6 {
				t.Fatalf("buried %d cards (%s), want the kitty's 6", a.Cards.Len(), raw)
			}
			if err := e.Check(b, a); err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			return
		}
		moved := false
		for s := range e.Seats() {
			if !e.ToAct().Has(table.Seat(s)) {
				continue
			}
			var o shengji.Observation
			e.Observe(table.Seat(s), &o)
			a, ok, err := bot.Control.Decide(t.Context(), table.Decision[shengji.Observation]{Obs: o, Optional: e.Optional()})
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				if err := e.Apply(table.Seat(s), a, &v); err != nil {
					t.Fatal(err)
				}
				moved = true
				break
			}
		}
		if !moved {
			if _, err := e.Advance(&v); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no burial in 5000 steps")
}
