// Package highcard is a game for tests only: three seats, one card each
// from a shuffled pack, played in turn; the highest card wins (rank, then
// suit). It proves that a game is one package and one registration: the
// server, the load test, the arena and the log walk play it without a
// line of their own about it. Register adds it to the games registry.
//
// Its preset "friend" has teams that form during the hand, as Shengji's
// Finding Friends does: the first of seats 1 and 2 to play a card of seat
// 0's suit is revealed as seat 0's friend, and the two play together
// against the third; when nobody follows seat 0's suit, seat 0 plays
// alone against the other two, which is known once the last card is
// played. The team of the highest card wins.
package highcard

import (
	"bytes"
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

// Options are the game's rules.
type Options struct {
	// Friend makes seat 0's friend the first seat to follow its suit.
	Friend bool `json:"friend,omitempty"`
}

// engine is the game at a table.
type engine struct {
	seed   uint64
	opts   Options
	dealt  bool
	hands  [Seats]card.Card
	played []card.Card
}

func (e *engine) Seats() int { return Seats }

// Teams: each seat alone, or with Friend, seat 0 and its friend once
// revealed (and seat 0 alone against the others once the hand shows it
// has none).
func (e *engine) Teams() table.Teams {
	if !e.opts.Friend || len(e.played) < 2 {
		return table.SoloTeams(Seats)
	}
	lead := e.played[0].Suit()
	for s := 1; s < len(e.played); s++ {
		if e.played[s].Suit() == lead {
			return table.TeamsOf(Seats, table.SeatsOf(0, table.Seat(s)))
		}
	}
	if e.Over() {
		return table.TeamsOf(Seats, table.SeatsOf(1, 2))
	}
	return table.SoloTeams(Seats)
}
func (e *engine) Optional() bool { return false }
func (e *engine) Over() bool     { return len(e.played) == Seats }
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
	if v == nil { // nobody is shown the move
		return nil
	}
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

func (e *engine) Observe(s table.Seat, o *Obs) {
	*o = Obs{Seat: s, Turn: len(e.played), Played: append([]card.Card{}, e.played...)}
	if int(s) >= len(e.played) {
		o.Card = e.hands[s]
	}
}

func (e *engine) Outcome() table.Outcome {
	o := table.Outcome{Over: e.Over()}
	if o.Over {
		o.Hands = 1
		best := 0
		for i, c := range e.played {
			if beats(c, e.played[best]) {
				best = i
			}
		}
		o.Winners = e.Teams().Of(table.Seat(best))
		for s := range o.Winners.All() {
			o.Scores[s] = 1
		}
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
		Presets: []games.Choice{{Name: "standard", Title: "Standard"}, {Name: "friend", Title: "Seat 0 finds a friend"}}, Score: "wins"},
	Spec: table.Spec[Move, Obs, Event]{Kind: "highcard", Format: 1,
		New: func(seed uint64, options json.RawMessage) (table.Engine[Move, Obs, Event], error) {
			e := &engine{seed: seed}
			if len(options) > 0 {
				dec := json.NewDecoder(bytes.NewReader(options))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&e.opts); err != nil {
					return nil, fmt.Errorf("highcard: options %s: %w", options, err)
				}
			}
			return e, nil
		}},
	Wire: wire,
	Rules: func(preset string) (json.RawMessage, error) {
		switch preset {
		case "standard":
			return json.RawMessage("{}"), nil
		case "friend":
			return json.RawMessage(`{"friend":true}`), nil
		}
		return nil, fmt.Errorf("highcard: no preset %q: %w", preset, games.ErrUnknownPreset)
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
