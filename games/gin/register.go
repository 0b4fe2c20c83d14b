package gin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"felt/card"
	"felt/games"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/seed"
	"felt/table"
)

// Game is Gin Rummy as the registry knows it.
var Game = &games.Def[gin.Action, gin.Observation, gin.Event]{
	Info: games.Info{Name: "gin", Title: "Gin Rummy", Seats: []int{2}, Teams: "each seat plays for itself",
		Levels: []games.Choice{{Name: "easy", Title: "Easy"}, {Name: "normal", Title: "Normal"}, {Name: "hard", Title: "Hard"}, {Name: "simple", Title: "Simple"}, {Name: "random", Title: "Random"}},
		MatchLevels: []games.Choice{{Name: "gin-hunter", Title: "Gin hunter"}, {Name: "low-knocker", Title: "Low knocker"},
			{Name: "undercutter", Title: "Undercutter"}, {Name: "hard-v1", Title: "Hard (version 1)"}},
		Default: "normal", StandIn: "normal", FastLevel: "simple", HintLevel: hintLevel,
		Presets: []games.Choice{{Name: "standard", Title: "Standard"}, {Name: "eaai", Title: "EAAI challenge"}}, MatchPreset: "eaai",
		Score: "points", Doc: "gin-rummy"},
	Spec:  Spec,
	Wire:  Wire,
	Rules: games.PresetRules("gin", gin.Presets(), gin.Preset),
	Level: func(name string, seed uint64) (table.Player[gin.Action, gin.Observation], error) {
		return Level(name, gin.NewRand(seed))
	},
	Hint:    Hint,
	Pick:    pick,
	Tally:   newTally,
	Figures: figures,
	// The seeds Gin Rummy's matches were measured with: a player's by its
	// side, whichever seat it takes.
	PlayerSeed: func(match uint64, i int, _ table.Seat, side int) uint64 {
		return seed.Mix(match, uint64(i), 2, uint64(side))
	},
	Visible: func(e table.Engine[gin.Action, gin.Observation, gin.Event], s table.Seat) card.Set {
		return Visible(e.(*Engine).Game(), s)
	},
	Env: NewEnv,
}

func init() { games.MustRegister(Game) }

// hintLevel is the computer player whose choice a hint gives.
const hintLevel = "hard"

// Hint returns hard's move for a seat's decision, and says it: for a
// defender whose layout is due, the engine's melds.
func Hint(o *gin.Observation, seed uint64) (gin.Action, string, error) {
	if o.Result != nil && o.Phase != gin.OverPhase {
		return LayOut(o.Result.Showdown.Defender), "lay out the engine's melds, the rest laid off", nil
	}
	if o.Turn != o.Seat || o.Phase == gin.OverPhase {
		return gin.Action{}, "", fmt.Errorf("gin: no decision to hint")
	}
	a := ginbot.NewHard(gin.NewRand(seed)).Act(o)
	var text string
	switch a.Kind {
	case gin.DrawStock:
		text = "draw from the stock"
	case gin.TakeDiscard:
		text = "take the upcard " + o.Pile.Top().String()
	case gin.Discard:
		text = "discard " + a.Card.String()
	case gin.Knock:
		text = "knock, discarding " + a.Card.String()
	case gin.Pass:
		text = "pass"
	default:
		text = a.String()
	}
	return a, hintLevel + " would " + text, nil
}

// Visible is what seat s of a Gin Rummy game may see (s beyond the seats:
// a spectator): its own hand, every card on the discard pile or taken
// from it, and once the hand is over everything but the stock.
func Visible(g *gin.Game, s table.Seat) card.Set {
	if g.HandNumber() == 0 {
		return 0
	}
	h := g.Hand()
	deck := h.Deck()
	if h.Over() {
		return card.FullSet &^ card.SetOf(deck[len(deck)-h.StockLen():]...)
	}
	allowed := h.Took(0) | h.Took(1)
	for i := range h.Pile().Len() {
		allowed = allowed.Add(h.Pile().At(i))
	}
	if s < 2 {
		allowed |= h.Cards(gin.Seat(s))
	}
	return allowed
}

// pick is a wire client's move: it ends the hand when it may (knock or
// gin), else most often the discard leaving the least deadwood, else a
// legal move at random.
func pick(obs json.RawMessage, legal []json.RawMessage, rng *rand.Rand) (json.RawMessage, error) {
	if len(legal) == 0 {
		return nil, fmt.Errorf("gin: %w: %.200s", games.ErrNoMove, obs)
	}
	for _, l := range legal {
		if bytes.Contains(l, []byte(`"kind":"gin"`)) || bytes.Contains(l, []byte(`"kind":"knock"`)) || bytes.Contains(l, []byte(`"kind":"big_gin"`)) {
			return l, nil
		}
	}
	if rng.IntN(5) > 0 {
		if best := leastDeadwood(obs, legal); best != nil {
			return best, nil
		}
	}
	return legal[rng.IntN(len(legal))], nil
}

// leastDeadwood picks, among discards, the one leaving the least deadwood
// (nil if the moves are not discards).
func leastDeadwood(obs json.RawMessage, legal []json.RawMessage) json.RawMessage {
	var o struct {
		Cards []card.Card `json:"cards"`
	}
	if json.Unmarshal(obs, &o) != nil || len(o.Cards) == 0 {
		return nil
	}
	hand := card.SetOf(o.Cards...)
	var best json.RawMessage
	bestDW := 1 << 30
	for _, l := range legal {
		var m struct {
			Kind string    `json:"kind"`
			Card card.Card `json:"card"`
		}
		if json.Unmarshal(l, &m) != nil || m.Kind != "discard" {
			continue
		}
		if dw := gin.Deadwood(hand.Remove(m.Card)); dw < bestDW {
			best, bestDW = l, dw
		}
	}
	return best
}
