package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"felt/card"
	"felt/games"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/program"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// game is what the server needs of one game: its table spec, the wire
// forms its pages read (protocol version 2's), its built-in levels, the
// level that stands in for a person who is away, its presets and its hint.
type game[M, O, E any] struct {
	name    string
	seats   int
	teams   int
	spec    table.Spec[M, O, E]
	wire    program.Game[M, O, E]
	level   func(name string, rng *rand.Rand) (table.Player[M, O], error)
	levels  []string
	deflt   string // a computer seat's level when none is given
	standIn string // the level that plays for a person who is away
	rules   func(preset string) (json.RawMessage, error)
	// hint returns the hint level's move for a decision and says it.
	hint func(o O, seed uint64) (M, string, error)
}

// ginGame is Gin Rummy at the server.
var ginGame = &game[gin.Action, gin.Observation, gin.Event]{
	name:    "gin",
	seats:   2,
	teams:   2,
	spec:    games.Gin,
	wire:    games.GinProgram,
	level:   games.GinLevel,
	levels:  ginLevels(),
	deflt:   "normal",
	standIn: "normal",
	rules: func(preset string) (json.RawMessage, error) {
		r, ok := gin.Preset(preset)
		if !ok {
			return nil, fmt.Errorf("gin: no rules preset %q (%v)", preset, gin.Presets())
		}
		return json.Marshal(r)
	},
	hint: ginHint,
}

// ginLevels are Gin Rummy's levels a seat may have: the levels, not the
// styles hard is measured against.
func ginLevels() []string { return []string{"random", "simple", "easy", "normal", "hard"} }

// shengjiGame is Shengji at the server.
var shengjiGame = &game[shengji.Action, shengji.Observation, shengji.Event]{
	name:    "shengji",
	seats:   4,
	teams:   2,
	spec:    games.Shengji,
	wire:    games.ShengjiProgram,
	level:   games.ShengjiLevel,
	levels:  sjbot.Levels(),
	deflt:   "greedy",
	standIn: "greedy",
	rules: func(preset string) (json.RawMessage, error) {
		r, ok := shengji.Preset(preset)
		if !ok {
			return nil, fmt.Errorf("shengji: no rules preset %q (%v)", preset, shengji.Presets())
		}
		return json.Marshal(r)
	},
	hint: shengjiHint,
}

// hintLevel is the computer player whose choice a hint gives.
const hintLevel = "hard"

// hintSeed is the seed of the hint for decision seq at a table of seed.
func hintSeed(seed uint64, seq int) uint64 { return seed ^ uint64(seq)*0x9e3779b97f4a7c15 }

func ginHint(o gin.Observation, seed uint64) (gin.Action, string, error) {
	if o.Result != nil && o.Phase != gin.OverPhase {
		return games.GinLayOut(o.Result.Showdown.Defender), "lay out the engine's melds, the rest laid off", nil
	}
	if o.Turn != o.Seat || o.Phase == gin.OverPhase {
		return gin.Action{}, "", fmt.Errorf("gin: no decision to hint")
	}
	a := ginbot.NewHard(gin.NewRand(seed)).Act(&o)
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

func shengjiHint(o shengji.Observation, seed uint64) (shengji.Action, string, error) {
	p, err := sjbot.New(hintLevel, rand.New(rand.NewPCG(seed, 0x5eed)))
	if err != nil {
		return shengji.Action{}, "", err
	}
	a, ok := p.Act(&o)
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
	text := sjbot.Explain(&o, a).Text(name, func(c card.Multi) string { return c.String() })
	if text == "" {
		switch a.Kind {
		case shengji.Declare:
			text = "declare " + a.Cards.String()
		case shengji.Pass:
			text = "pass"
		case shengji.Bury:
			text = fmt.Sprintf("bury %s (%d points)", a.Cards, shengji.Points(a.Cards))
		default:
			text = "play " + a.Cards.String()
		}
	}
	return a, hintLevel + " would " + text, nil
}
