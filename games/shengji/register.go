package shengji

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"felt/card"
	"felt/games"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// Game is Shengji as the registry knows it.
var Game = &games.Def[shengji.Action, shengji.Observation, shengji.Event]{
	Info: games.Info{Name: "shengji", Title: "Shengji", Seats: []int{4, 5, 6, 7, 8, 9, 10},
		Teams:       "seats 0 and 2 against seats 1 and 3; at five players or more the banker and the friends it calls against the rest",
		Levels:      []games.Choice{{Name: "greedy", Title: "Greedy"}, {Name: "hard", Title: "Hard"}, {Name: "random", Title: "Random"}, {Name: "expert", Title: "Expert"}},
		MatchLevels: []games.Choice{{Name: "hard-v1", Title: "Hard (version 1)"}}, Default: "greedy", StandIn: "greedy", FastLevel: "greedy",
		HintLevel: hintLevel, Score: "level",
		Presets: []games.Choice{{Name: "standard", Title: "Standard"}, {Name: "simple", Title: "Declare after the deal"}, {Name: "penalty", Title: "Throw penalty 10"},
			{Name: "friends-5", Title: "Finding Friends, 5 players"}, {Name: "friends-6", Title: "Finding Friends, 6 players, 3 packs"}, {Name: "friends-8", Title: "Finding Friends, 8 players, 4 packs"}},
		Settings: settings, Doc: "shengji"},
	Spec:  Spec,
	Wire:  Wire,
	Rules: games.PresetRules("shengji", shengji.Presets(), shengji.Preset),
	Mix:   Mix,
	Level: func(name string, seed uint64) (table.Player[shengji.Action, shengji.Observation], error) {
		return Level(name, rand.New(rand.NewPCG(seed, 0)))
	},
	Hint:    Hint,
	Pick:    pick,
	Tally:   newTally,
	Figures: figures,
	Env: func(options json.RawMessage) (games.Env, error) {
		env, err := NewEnv(options)
		if err != nil {
			return nil, err
		}
		return env, nil
	},
	Visible: func(e table.Engine[shengji.Action, shengji.Observation, shengji.Event], s table.Seat) card.Set {
		return Visible(e.(*Engine).Game(), s)
	},
}

func init() { games.MustRegister(Game) }

// hintLevel is the computer player whose choice a hint gives.
const hintLevel = "hard"

// Hint returns hard's move for a seat's decision and says why, in the
// words sjbot.Explain finds.
func Hint(o *shengji.Observation, seed uint64) (shengji.Action, string, error) {
	p, err := sjbot.New(hintLevel, rand.New(rand.NewPCG(seed, 0x5eed)))
	if err != nil {
		return shengji.Action{}, "", err
	}
	a, ok := p.Act(o)
	if !ok {
		return shengji.Action{}, hintLevel + " would not declare now", nil
	}
	name := func(x shengji.Seat) string {
		switch {
		case x == o.Seat:
			return "you"
		case x == o.Seat.Partner():
			return "your partner"
		}
		return fmt.Sprintf("seat %d", x)
	}
	text := sjbot.Explain(o, a).Text(name, func(c card.Multi) string { return c.String() })
	if text == "" {
		switch a.Kind {
		case shengji.Declare:
			text = "declare " + a.Cards.String()
		case shengji.Pass:
			text = "pass"
		case shengji.Bury:
			text = fmt.Sprintf("bury %s (%d points)", a.Cards, shengji.Points(a.Cards))
		case shengji.FriendCall:
			text = a.String() // "call 1st AS, 2nd AH"
		default:
			text = "play " + a.Cards.String()
		}
	}
	if h, ok := p.(interface{ LastSearch() sjbot.Search }); ok && a.Kind == shengji.Play {
		if s := h.LastSearch().Text(func(c card.Multi) string { return c.String() }); s != "" {
			text += "; " + s
		}
	}
	return a, hintLevel + " would " + text, nil
}

// Visible is what seat s of a Shengji game may see (s beyond the seats: a
// spectator): its own hand, every declaration, card played and failed
// throw, the kitty cards turned up, the kitty for the banker once it took
// it, and the buried kitty once the hand is over.
func Visible(g *shengji.Game, s table.Seat) card.Set {
	if g.HandNumber() == 0 {
		return 0
	}
	h := g.Hand()
	var allowed card.Set
	for _, b := range h.Bids() {
		allowed |= b.Cards.Faces()
	}
	for _, t := range h.Tricks() {
		allowed |= t.Attempt.Faces()
		for _, p := range t.Plays {
			allowed |= p.Faces()
		}
	}
	allowed |= card.SetOf(h.TurnedUp()...)
	if h.Over() {
		allowed |= h.Kitty().Faces()
	}
	if int(s) < g.Rules().NumPlayers() {
		allowed |= h.Cards(shengji.Seat(s)).Faces()
		if shengji.Seat(s) == h.Banker() && h.Phase() >= shengji.BuryPhase {
			allowed |= h.DealtKitty().Faces() | h.Kitty().Faces()
		}
	}
	return allowed
}

// pick is a wire client's move: a legal move at random, and for a burial
// (which lists none) the hand's first cards, as many as the kitty holds.
func pick(obs json.RawMessage, legal []json.RawMessage, rng *rand.Rand) (json.RawMessage, error) {
	if len(legal) > 0 {
		return legal[rng.IntN(len(legal))], nil
	}
	var o struct {
		Hand  string `json:"Hand"`
		Table struct {
			Kitty int `json:"kitty"`
		} `json:"Table"`
	}
	json.Unmarshal(obs, &o)
	cards := strings.Fields(o.Hand)
	k := o.Table.Kitty
	if k < 1 || len(cards) < k {
		return nil, fmt.Errorf("shengji: %w: %.200s", games.ErrNoMove, obs)
	}
	return fmt.Appendf(nil, `{"kind":"bury","cards":%q}`, strings.Join(cards[:k], " ")), nil
}
