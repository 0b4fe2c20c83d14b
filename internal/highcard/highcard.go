// Package highcard is a game for tests only: three seats, one card each
// from a shuffled pack, played in turn; the highest card wins (rank, then
// suit). It proves that a game is one package and one registration: the
// server, the load test, the arena and the log walk play it without a
// line of their own about it. Register adds it to the games registry.
package highcard

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"felt/card"
	"felt/games"
	"felt/program"
	"felt/table"
)

// Seats is the number of seats.
const Seats = 3

// Move plays the seat's card.
type Move struct {
	Card card.Card `json:"card"`
}

// Event is a card played, as every seat sees it.
type Event struct {
	Seat table.Seat `json:"seat"`
	Card card.Card  `json:"card"`
}

// Obs is what a seat may know: its card until played, and the cards
// played so far.
type Obs struct {
	Seat   table.Seat  `json:"seat"`
	Card   card.Card   `json:"card,omitempty"`
	Turn   int         `json:"turn"`
	Played []card.Card `json:"played"`
}

// ErrNotYourCard is a move of a card the seat does not hold.
var ErrNotYourCard = errors.New("highcard: not your card")

// engine is the game at a table.
type engine struct {
	seed   uint64
	dealt  bool
	hands  [Seats]card.Card
	played []card.Card
}

func (e *engine) Seats() int            { return Seats }
func (e *engine) Team(s table.Seat) int { return int(s) }
func (e *engine) Optional() bool        { return false }
func (e *engine) Over() bool            { return len(e.played) == Seats }
func (e *engine) ToAct() table.Seats {
	if !e.dealt || e.Over() {
		return 0
	}
	return table.SeatsOf(table.Seat(len(e.played)))
}

func (e *engine) Check(s table.Seat, m Move) error {
	if e.ToAct() != table.SeatsOf(s) {
		return fmt.Errorf("highcard: seat %d: not your turn", s)
	}
	if m.Card != e.hands[s] {
		return fmt.Errorf("%w: %s", ErrNotYourCard, m.Card)
	}
	return nil
}

func (e *engine) Apply(s table.Seat, m Move, v *table.Views[Event]) error {
	e.played = append(e.played, m.Card)
	ev := Event{Seat: s, Card: m.Card}
	for i := range Seats {
		v.Seat[i] = ev
	}
	v.Spectator = ev
	return nil
}

type deal struct {
	Cards [Seats]card.Card `json:"cards"`
}

func (e *engine) Advance(v *table.Views[Event]) (json.RawMessage, error) {
	deck := card.Shuffled(rand.New(rand.NewPCG(e.seed, 1)))
	var d deal
	copy(d.Cards[:], deck)
	return json.Marshal(d)
}

func (e *engine) Redeal(rec json.RawMessage, v *table.Views[Event]) error {
	var d deal
	if err := json.Unmarshal(rec, &d); err != nil {
		return fmt.Errorf("highcard: deal: %w", err)
	}
	e.hands, e.dealt = d.Cards, true
	return nil
}

func (e *engine) Observe(s table.Seat) Obs {
	o := Obs{Seat: s, Turn: len(e.played), Played: append([]card.Card{}, e.played...)}
	if int(s) >= len(e.played) {
		o.Card = e.hands[s]
	}
	return o
}

func (e *engine) Outcome() table.Outcome {
	o := table.Outcome{Over: e.Over(), Winner: table.NoTeam}
	if o.Over {
		o.Hands = 1
		best := 0
		for i, c := range e.played {
			if beats(c, e.played[best]) {
				best = i
			}
		}
		o.Winner, o.Scores[best] = best, 1
	}
	return o
}

func beats(a, b card.Card) bool {
	if a.Rank() != b.Rank() {
		return a.Rank() > b.Rank()
	}
	return a.Suit() > b.Suit()
}

func (e *engine) MarshalMove(m Move) ([]byte, error) { return json.Marshal(m) }
func (e *engine) UnmarshalMove(b []byte) (Move, error) {
	var m Move
	if err := json.Unmarshal(b, &m); err != nil || !m.Card.IsValid() {
		return Move{}, fmt.Errorf("highcard: move %q: want {\"card\":\"AS\"}", b)
	}
	return m, nil
}

// Game is the game as the registry knows it.
var Game = &games.Def[Move, Obs, Event]{
	Info: games.Info{Name: "highcard", Title: "High card", Seats: []int{Seats}, Teams: "each seat plays for itself",
		Levels: []games.Choice{{Name: "first", Title: "First"}}, Default: "first", StandIn: "first", FastLevel: "first",
		Presets: []games.Choice{{Name: "standard", Title: "Standard"}}, Score: "wins"},
	Spec: table.Spec[Move, Obs, Event]{Kind: "highcard", Format: 1,
		New: func(seed uint64, _ json.RawMessage) (table.Engine[Move, Obs, Event], error) {
			return &engine{seed: seed}, nil
		}},
	Wire: wire,
	Rules: func(preset string) (json.RawMessage, error) {
		if preset != "standard" {
			return nil, fmt.Errorf("highcard: no preset %q: %w", preset, games.ErrUnknownPreset)
		}
		return json.RawMessage("{}"), nil
	},
	Level: func(name string, _ uint64) (table.Player[Move, Obs], error) {
		if name != "first" {
			return table.Player[Move, Obs]{}, fmt.Errorf("highcard: level %q: %w", name, games.ErrUnknownLevel)
		}
		return table.Player[Move, Obs]{Name: name, Kind: table.Level,
			Control: games.Controller(func(o *Obs) (Move, bool) { return Move{Card: o.Card}, true })}, nil
	},
	Hint: func(o *Obs, _ uint64) (Move, string, error) {
		return Move{Card: o.Card}, "play " + o.Card.String(), nil
	},
	Visible: func(e table.Engine[Move, Obs, Event], s table.Seat) card.Set {
		en := e.(*engine)
		v := card.SetOf(en.played...)
		if s < Seats && en.dealt {
			v = v.Add(en.hands[s])
		}
		return v
	},
}

var wire = program.Game[Move, Obs, Event]{
	Codec: &engine{},
	Legal: func(o *Obs) ([]Move, int) {
		if o.Turn != int(o.Seat) || !o.Card.IsValid() {
			return nil, 0
		}
		return []Move{{Card: o.Card}}, 0
	},
	Check: func(o *Obs, m Move) error {
		if m.Card != o.Card {
			return fmt.Errorf("%w: %s", ErrNotYourCard, m.Card)
		}
		return nil
	},
}

var once sync.Once

// Register adds the game to the registry, once.
func Register() { once.Do(func() { games.MustRegister(Game) }) }
