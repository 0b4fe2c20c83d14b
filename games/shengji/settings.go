package shengji

import (
	"encoding/json"
	"fmt"
	"strings"

	"felt/card"
	"felt/games"
	"felt/shengji"
)

// levelChoices are the levels 2 … A as a page offers them, named as the
// rules' JSON writes them.
var levelChoices = func() []games.Choice {
	var out []games.Choice
	for _, r := range []card.Rank{card.Two, card.Three, card.Four, card.Five, card.Six, card.Seven, card.Eight,
		card.Nine, card.Ten, card.Jack, card.Queen, card.King, card.Ace} {
		l := shengji.LevelString(r)
		out = append(out, games.Choice{Name: l, Title: l})
	}
	return out
}()

// settings are every field of shengji.Rules as a page sets it, named as
// the rules' JSON fields (docs/rules/shengji.md, Options and Any table).
var settings = []games.Setting{
	{Name: "players", Title: "Players", Group: "Table", Kind: games.NumberSetting, Min: shengji.MinPlayers, Max: shengji.MaxPlayers, Step: 1,
		Help: "4 to 10. With 5 or more the banker calls friends, unless Finding Friends is off."},
	{Name: "packs", Title: "Packs", Group: "Table", Kind: games.NumberSetting, Min: shengji.MinPacks, Max: shengji.MaxPacks, Step: 1, Auto: true,
		Help: "54 cards each. By default one for every two players, at least two; at most one more than half the players."},
	{Name: "kitty", Title: "Kitty", Group: "Table", Kind: games.NumberSetting, Min: 1, Max: shengji.MaxKitty, Step: 1, Auto: true,
		Help: "The cards left over after the deal, which the banker buries anew. What is dealt must split evenly; by default the largest such kitty from 4 to 8."},
	{Name: "friends", Title: "Finding Friends (找朋友)", Group: "Table", Kind: games.BoolSetting, Auto: true,
		Help: "The banker calls friends by naming cards; whoever plays them joins its side. By default at 5 players or more. Off needs an even number of players (fixed partnerships)."},
	{Name: "start_level", Title: "Starting level", Group: "Table", Kind: games.ChoiceSetting, Choices: levelChoices,
		Help: "Every player's level when the game starts."},
	{Name: "bid_after_deal", Title: "Declare after the deal", Group: "Declaring", Kind: games.BoolSetting,
		Help: "Nobody declares while the cards are dealt; then each seat, from the dealer, declares once or passes."},
	{Name: "no_bid", Title: "When nobody declares", Group: "Declaring", Kind: games.ChoiceSetting,
		Choices: []games.Choice{{Name: "no-trump", Title: "Play without a trump suit"}, {Name: "turn-up-kitty", Title: "Turn up the kitty for the trump"}, {Name: "redeal", Title: "Deal again"}}},
	{Name: "joker_bids", Title: "Jokers may declare no trump", Group: "Declaring", Kind: games.BoolSetting},
	{Name: "equal_override", Title: "An equal declaration overrides", Group: "Declaring", Kind: games.BoolSetting,
		Help: "Another player's declaration as strong as the standing one takes it over."},
	{Name: "reinforce", Title: "Reinforcing allowed", Group: "Declaring", Kind: games.BoolSetting,
		Help: "A player may show more copies of its own standing declaration."},
	{Name: "throw_penalty", Title: "Failed throw penalty", Group: "Scoring", Kind: games.NumberSetting, Min: 0, Max: shengji.MaxThrowPenalty, Step: 1,
		Help: "Points given to the other side for each throw that fails (10 is usual)."},
	{Name: "level_step", Title: "Level step", Group: "Scoring", Kind: games.NumberSetting, Min: 5, Max: shengji.MaxLevelStep, Step: 5, Auto: true,
		Help: "The points between the rows of the level table; by default 20 a pack."},
	{Name: "kitty_multiplier", Title: "Kitty multiplier", Group: "Scoring", Kind: games.ChoiceSetting,
		Choices: []games.Choice{{Name: "format", Title: "Twice the last trick's largest unit"}, {Name: "fixed", Title: "Always 2"}}},
	{Name: "must_defend", Title: "Levels to defend", Group: "Scoring", Kind: games.RanksSetting, Choices: levelChoices,
		Help: "A player's level stops at these until it has kept the bank there. A always."},
	{Name: "level_tractors", Title: "Level cards make tractors", Group: "Playing", Kind: games.BoolSetting,
		Help: "The level rank's cards make tractors with the trump suit's ace, with each other and with the jokers."},
	{Name: "no_trump_rank", Title: "No-trump top level (NT)", Group: "Scoring", Kind: games.BoolSetting,
		Help: "Levels go on past A to NT, played with the jokers as the only trumps and nobody declaring; A must be defended, and the game is won by keeping the bank at NT."},
}

// tableWire is what a table's rules come to, every default worked out:
// each setting's value in effect, named as the rules' JSON fields, and the
// figures that follow (the cards dealt, a hand's size, the friends the
// banker calls, the points in the deck). A page reads it from an
// observation (its Table) and from games.Mixed.Effective.
type tableWire struct {
	StartLevel      string            `json:"start_level"`
	BidAfterDeal    bool              `json:"bid_after_deal"`
	NoBid           shengji.NoBidRule `json:"no_bid"`
	ThrowPenalty    int               `json:"throw_penalty"`
	Players         int               `json:"players"`
	Packs           int               `json:"packs"`
	Kitty           int               `json:"kitty"`
	Friends         bool              `json:"friends"`
	LevelStep       int               `json:"level_step"`
	KittyMultiplier shengji.KittyRule `json:"kitty_multiplier"`
	JokerBids       bool              `json:"joker_bids"`
	EqualOverride   bool              `json:"equal_override"`
	Reinforce       bool              `json:"reinforce"`
	MustDefend      []string          `json:"must_defend"`
	LevelTractors   bool              `json:"level_tractors"`
	NoTrumpRank     bool              `json:"no_trump_rank"`
	Deck            int               `json:"deck"`
	HandSize        int               `json:"hand_size"`
	Calls           int               `json:"calls"`
	TotalPoints     int               `json:"total_points"`
}

// tableOf returns what rules r come to.
func tableOf(r shengji.Rules) tableWire {
	t := tableWire{
		StartLevel: shengji.LevelString(r.StartLevel), BidAfterDeal: r.BidAfterDeal, NoBid: r.NoBid, ThrowPenalty: r.ThrowPenalty,
		Players: r.NumPlayers(), Packs: r.Packs(), Kitty: r.KittySize(), Friends: r.PlayFriends(), LevelStep: r.LevelStep(),
		KittyMultiplier: r.KittyMultiplier, JokerBids: !r.NoJokerBids, EqualOverride: r.EqualOverride, Reinforce: !r.NoReinforce,
		MustDefend: []string{}, LevelTractors: !r.NoLevelTractors, NoTrumpRank: r.NoTrumpRank, Deck: r.DeckSize(), HandSize: r.HandSize(), Calls: r.Calls(), TotalPoints: r.TotalPoints(),
	}
	for _, l := range r.Defends().Ranks() {
		t.MustDefend = append(t.MustDefend, shengji.LevelString(l))
	}
	return t
}

// summary says a table's rules in a line: "6 players, 3 packs (162
// cards): 26 cards each and a kitty of 6; the banker calls 2 friends;
// levels from 2, a step of 60 points."
func summary(r shengji.Rules) string {
	t := tableOf(r)
	var b strings.Builder
	fmt.Fprintf(&b, "%d players, %d packs (%d cards): %d cards each and a kitty of %d; ", t.Players, t.Packs, t.Deck, t.HandSize, t.Kitty)
	switch {
	case t.Calls == 1:
		b.WriteString("the banker calls 1 friend; ")
	case t.Calls > 1:
		fmt.Fprintf(&b, "the banker calls %d friends; ", t.Calls)
	default:
		b.WriteString("fixed partnerships; ")
	}
	fmt.Fprintf(&b, "levels from %s, a step of %d points.", t.StartLevel, t.LevelStep)
	return b.String()
}

// Mix reads settings (shengji.Rules JSON fields) over a preset's options:
// the table's rules, what they come to (tableWire) and a line saying them.
func Mix(options, settings json.RawMessage) (games.Mixed, error) {
	r := shengji.Standard()
	var err error
	for _, b := range []json.RawMessage{options, settings} {
		if len(b) == 0 {
			continue
		}
		if r, err = shengji.ParseRules(r, b); err != nil {
			return games.Mixed{}, err
		}
	}
	rules, err := json.Marshal(r)
	if err != nil {
		return games.Mixed{}, err
	}
	eff, err := json.Marshal(tableOf(r))
	if err != nil {
		return games.Mixed{}, err
	}
	return games.Mixed{Rules: rules, Effective: eff, Summary: summary(r)}, nil
}
