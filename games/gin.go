package games

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/table"
)

// GinFormat is the version of Gin Rummy's moves and deals in the table log.
const GinFormat = 1

// Gin is Gin Rummy at a table. Its options are gin.Rules as JSON, over
// the standard rules.
var Gin = table.Spec[gin.Action, gin.Observation, gin.Event]{Kind: "gin", Format: GinFormat, New: NewGin}

// GinEngine is Gin Rummy as a table.Engine.
type GinEngine struct {
	g    *gin.Game
	seed uint64
}

// NewGin returns a Gin Rummy engine for a table with this seed and rules
// (gin.Rules as JSON over the standard rules; empty for the standard).
func NewGin(seed uint64, options json.RawMessage) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
	r := gin.Standard()
	if len(options) > 0 {
		var err error
		if r, err = gin.ParseRules(r, options); err != nil {
			return nil, err
		}
	}
	g, err := gin.NewGameUndealt(r)
	if err != nil {
		return nil, err
	}
	return &GinEngine{g: g, seed: seed}, nil
}

// Game returns the game: the full state, for whoever runs the table.
func (e *GinEngine) Game() *gin.Game { return e.g }

// Seats is 2.
func (e *GinEngine) Seats() int { return 2 }

// Team is the seat: each player is a team.
func (e *GinEngine) Team(s table.Seat) int { return int(s) }

// ToAct is the seat to move, or none between hands.
func (e *GinEngine) ToAct() table.Seats {
	if e.g.Over() || e.g.NeedsDeal() {
		return 0
	}
	return table.SeatsOf(table.Seat(e.g.Hand().Turn()))
}

// Optional is false: the seat to move must move.
func (e *GinEngine) Optional() bool { return false }

// Over reports whether the game is over.
func (e *GinEngine) Over() bool { return e.g.Over() }

// Check tries the move on a copy.
func (e *GinEngine) Check(s table.Seat, a gin.Action) error {
	if s >= 2 {
		return fmt.Errorf("gin: seat %d: %w", s, gin.ErrInvalidSeat)
	}
	return e.g.Check(gin.Seat(s), a)
}

// Apply makes the move and fills what each seat sees of it.
func (e *GinEngine) Apply(s table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	if s >= 2 {
		return fmt.Errorf("gin: seat %d: %w", s, gin.ErrInvalidSeat)
	}
	return e.g.ApplyShown(gin.Seat(s), a, (*[2]gin.Event)(v.Seat[:2]), &v.Spectator)
}

// ginDeal is a deal line's record: the hand's number, dealer and deck.
type ginDeal struct {
	Hand   int         `json:"hand"`
	Dealer gin.Seat    `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// Advance returns the next hand's deal, from the seed's stream for that
// hand, for the table to log and then make with Redeal.
func (e *GinEngine) Advance(v *table.Views[gin.Event]) (json.RawMessage, error) {
	if !e.g.NeedsDeal() {
		return nil, fmt.Errorf("gin: advance: no hand is due")
	}
	d := ginDeal{Hand: e.g.HandNumber() + 1}
	rng := rand.New(rand.NewPCG(e.seed, uint64(d.Hand)))
	if d.Hand == 1 {
		d.Dealer = gin.Seat(rng.IntN(2))
	} else {
		d.Dealer = e.g.NextDealer()
	}
	d.Deck = card.Shuffled(rng)
	rec, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// Redeal deals a logged deal: its deck is the one dealt.
func (e *GinEngine) Redeal(rec json.RawMessage, v *table.Views[gin.Event]) error {
	var d ginDeal
	if err := strict(rec, &d); err != nil {
		return fmt.Errorf("gin: deal: %w", err)
	}
	if d.Hand != e.g.HandNumber()+1 {
		return fmt.Errorf("gin: deal of hand %d where hand %d is due", d.Hand, e.g.HandNumber()+1)
	}
	return e.deal(d, v)
}

func (e *GinEngine) deal(d ginDeal, v *table.Views[gin.Event]) error {
	return e.g.DealDeck(d.Deck, d.Dealer, (*[2]gin.Event)(v.Seat[:2]), &v.Spectator)
}

// Observe returns seat s's observation.
func (e *GinEngine) Observe(s table.Seat) gin.Observation { return e.g.Observe(gin.Seat(s)) }

// Outcome is the game's standing: totals, with every bonus once over.
func (e *GinEngine) Outcome() table.Outcome {
	o := table.Outcome{Over: e.g.Over(), Winner: table.NoTeam, Hands: e.g.HandNumber()}
	sc := e.g.Scores()
	if o.Over {
		r := e.g.Result()
		o.Winner, sc = int(r.Winner), r.Final
	}
	o.Scores[0], o.Scores[1] = sc[0], sc[1]
	return o
}

type ginMove struct {
	Kind  string        `json:"kind"`
	Card  card.Card     `json:"card,omitempty"`
	Melds [][]card.Card `json:"melds,omitempty"`
}

// MarshalMove encodes an action: its kind, card and shown melds.
func (e *GinEngine) MarshalMove(a gin.Action) ([]byte, error) {
	m := ginMove{Kind: a.Kind.String(), Card: a.Card}
	if a.Show.Len() > 0 {
		m.Melds = gin.MeldLists(a.Show)
	}
	return json.Marshal(m)
}

// UnmarshalMove decodes an action, refusing malformed ones.
func (e *GinEngine) UnmarshalMove(b []byte) (gin.Action, error) {
	var m ginMove
	var a gin.Action
	if err := strict(b, &m); err != nil {
		return a, fmt.Errorf("gin: move: %w", err)
	}
	k, err := gin.ParseActionKind(m.Kind)
	if err != nil {
		return a, err
	}
	a = gin.Action{Kind: k, Card: m.Card}
	if len(m.Melds) > 0 {
		if a.Show, err = gin.ArrangementOf(m.Melds); err != nil {
			return gin.Action{}, err
		}
	}
	return a, a.Validate()
}

// GinLevel returns Gin Rummy's built-in player name as a table player,
// seeded by rng.
func GinLevel(name string, rng *rand.Rand) (table.Player[gin.Action, gin.Observation], error) {
	p, err := ginbot.New(name, rng)
	if err != nil {
		return table.Player[gin.Action, gin.Observation]{}, err
	}
	return table.Player[gin.Action, gin.Observation]{Name: p.Name(), Kind: table.Level,
		Control: Controller(func(o *gin.Observation) (gin.Action, bool) { return p.Act(o), true })}, nil
}

// strict decodes one JSON value, refusing unknown fields and trailing data.
func strict(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if d.More() {
		return fmt.Errorf("more than one JSON value")
	}
	return nil
}
