package shengji

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"

	"felt/card"
	"felt/games"
	"felt/internal/strictjson"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// Spec is Shengji at a table: format 1 of its moves and deals in the
// table log. Its options are shengji.Rules as JSON, over the standard
// rules.
var Spec = table.Spec[shengji.Action, shengji.Observation, shengji.Event]{Kind: "shengji", Format: 1, New: New}

// Engine is Shengji as a table.Engine: its game and seed, and Game, Over
// and the deals' streams, are games.Dealt's. While the cards are dealt,
// ToAct holds every seat that may show a declaration and Optional is true;
// Advance deals one card.
type Engine struct {
	games.Dealt[*shengji.Game]
	// drawn is the deal Advance drew last, drawnRec a copy of its
	// record: a Redeal of those very bytes deals it without reading them
	// again (they read as drawn: TestShengjiDealLine_Drawn). haveDrawn
	// says they are set, until that Redeal.
	drawn     shengjiDeal
	drawnRec  []byte
	haveDrawn bool
}

// New returns a Shengji engine for a table with this seed and rules
// (shengji.Rules as JSON over the standard rules; empty for the standard).
func New(seed uint64, options json.RawMessage) (table.Engine[shengji.Action, shengji.Observation, shengji.Event], error) {
	r := shengji.Standard()
	if len(options) > 0 {
		var err error
		if r, err = shengji.ParseRules(r, options); err != nil {
			return nil, err
		}
	}
	g, err := shengji.NewGameUndealt(r)
	if err != nil {
		return nil, err
	}
	return &Engine{Dealt: games.NewDealt(g, seed)}, nil
}

// Seats is the rules' number of players (4 at the standard table).
func (e *Engine) Seats() int { return e.Game().Rules().NumPlayers() }

// Teams are, with fixed partnerships, every other seat (seats 0 and 2
// against 1 and 3 at four players); with Finding Friends, the banker's
// side as every seat knows it (the banker and the friends who have
// joined), every other seat standing alone until the hand's end.
func (e *Engine) Teams() table.Teams {
	r := e.Game().Rules()
	n := r.NumPlayers()
	if r.Calls() == 0 {
		if n == shengji.NumSeats {
			return pairTeams
		}
		return table.TeamsByTurn(n, 2)
	}
	if e.Game().HandNumber() == 0 {
		return table.SoloTeams(n)
	}
	return table.TeamsOf(n, table.Seats(e.Game().Hand().Side()))
}

// pairTeams are the standard table's teams, made once.
var pairTeams = table.TeamsByTurn(shengji.NumSeats, 2)

// views returns the table's views as the game fills them: the seats'
// and the spectator's, both nil when v is (nobody is shown them).
func views(v *table.Views[shengji.Event]) (*[shengji.MaxSeats]shengji.Event, *shengji.Event) {
	if v == nil {
		return nil, nil
	}
	return (*[shengji.MaxSeats]shengji.Event)(v.Seat[:shengji.MaxSeats]), &v.Spectator
}

// ToAct is who may act: while dealing, every seat that may declare.
func (e *Engine) ToAct() table.Seats {
	if e.Over() || e.Game().NeedsDeal() {
		return 0
	}
	return table.Seats(e.Game().Hand().ToAct())
}

// Optional is true while the cards are dealt: declaring is a choice.
func (e *Engine) Optional() bool {
	return !e.Game().NeedsDeal() && e.Game().Hand().Phase() == shengji.DealPhase
}

// Check reports whether the move is allowed; it changes nothing.
func (e *Engine) Check(s table.Seat, a shengji.Action) error {
	if e.Game().NeedsDeal() {
		return fmt.Errorf("shengji: %s: %w (no hand is being played)", a.Kind, shengji.ErrWrongPhase)
	}
	return e.Game().Check(shengji.Seat(s), a)
}

// TryApply checks a move and makes it in one step (table.Trier: a table
// without a log): the game checks each move it makes, refusing exactly
// what Check refuses, with the same error, and changing nothing then.
func (e *Engine) TryApply(s table.Seat, a shengji.Action, v *table.Views[shengji.Event]) error {
	if e.Game().NeedsDeal() {
		return e.Check(s, a)
	}
	return e.Apply(s, a, v)
}

// Apply makes the move and fills what each seat sees of it.
func (e *Engine) Apply(s table.Seat, a shengji.Action, v *table.Views[shengji.Event]) error {
	seen, sp := views(v)
	return e.Game().ApplyShown(shengji.Seat(s), a, seen, sp)
}

type shengjiDeal struct {
	Hand int         `json:"hand"`
	Deck []card.Card `json:"deck"`
}

// Advance deals one card, or returns the next hand's deal, a deck from
// the seed's stream for that hand, for the table to log and then make with
// Redeal.
func (e *Engine) Advance(v *table.Views[shengji.Event]) (json.RawMessage, error) {
	if !e.Game().NeedsDeal() {
		seen, sp := views(v)
		return nil, e.Game().DealOne(seen, sp)
	}
	d := shengjiDeal{Hand: e.Game().HandNumber() + 1}
	deck, err := card.ShuffledPacks(e.HandRand(d.Hand), e.Game().Rules().Packs(), true)
	if err != nil {
		return nil, err
	}
	d.Deck = deck
	e.drawnRec = appendDeal(e.drawnRec[:0], d)
	e.drawn, e.haveDrawn = d, true
	return append(json.RawMessage(nil), e.drawnRec...), nil
}

// appendDeal appends d's record to dst as json.Marshal writes it
// ({"hand":1,"deck":["4H","SJ",…]}), without a value made per card.
func appendDeal(dst []byte, d shengjiDeal) []byte {
	dst = append(dst, `{"hand":`...)
	dst = strconv.AppendInt(dst, int64(d.Hand), 10)
	dst = append(dst, `,"deck":`...)
	if d.Deck == nil {
		return append(dst, "null}"...)
	}
	dst = append(dst, '[')
	for i, c := range d.Deck {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, cardNames[c&63]...)
		dst = append(dst, '"')
	}
	return append(dst, "]}"...)
}

// cardNames is each card's text (card.Card.MarshalText), made once.
var cardNames = func() (t [64]string) {
	for i := range t {
		t[i] = card.Card(i).String()
	}
	return t
}()

// Redeal starts a logged hand: its deck is the one dealt.
func (e *Engine) Redeal(rec json.RawMessage, v *table.Views[shengji.Event]) error {
	var d shengjiDeal
	drawn := e.haveDrawn && bytes.Equal(rec, e.drawnRec)
	e.haveDrawn = false
	if drawn {
		d = e.drawn // the deal just drawn: its record need not be read
	} else if err := strictjson.Known(rec, &d); err != nil {
		return fmt.Errorf("shengji: deal: %w", err)
	}
	if err := e.Due("shengji", d.Hand); err != nil {
		return err
	}
	seen, sp := views(v)
	return e.Game().DealDeck(d.Deck, seen, sp)
}

// Observe writes seat s's observation to o.
func (e *Engine) Observe(s table.Seat, o *shengji.Observation) {
	e.Game().Observe(shengji.Seat(s), o)
}

// Outcome is the game's standing: each seat's level (2 to 14, the ace
// 14, NT 15: shengji.LevelNumber), and the winning side's seats once over.
func (e *Engine) Outcome() table.Outcome {
	o := table.Outcome{Over: e.Over(), Hands: e.Game().HandNumber()}
	lv := e.Game().SeatLevels()
	for s := range e.Seats() {
		o.Scores[s] = shengji.LevelNumber(lv[s])
	}
	if o.Over {
		o.Winners = table.Seats(e.Game().Winners())
	}
	return o
}

type shengjiMove struct {
	Kind  string     `json:"kind"`
	Cards card.Multi `json:"cards"`
	Calls []callWire `json:"calls,omitempty"`
}

// callWire is a friend call on the wire: {"card": "AS", "ordinal": 2}.
type callWire struct {
	Card    card.Card `json:"card"`
	Ordinal int       `json:"ordinal"`
}

// MarshalMove encodes an action: its kind and cards, and a call's calls
// ({"kind": "call", "cards": "", "calls": [{"card": "AS", "ordinal": 2}]}).
func (e *Engine) MarshalMove(a shengji.Action) ([]byte, error) {
	m := shengjiMove{Kind: a.Kind.String(), Cards: a.Cards}
	for _, c := range a.CallList() {
		m.Calls = append(m.Calls, callWire{c.Card, c.Ordinal})
	}
	if a.Kind == shengji.FriendCall && m.Calls == nil {
		m.Calls = []callWire{}
	}
	return json.Marshal(m)
}

// UnmarshalMove decodes an action, refusing malformed ones.
func (e *Engine) UnmarshalMove(b []byte) (shengji.Action, error) {
	var m shengjiMove
	if err := strictjson.Known(b, &m); err != nil {
		return shengji.Action{}, fmt.Errorf("shengji: move: %w", err)
	}
	k, err := shengji.ParseActionKind(m.Kind)
	if err != nil {
		return shengji.Action{}, err
	}
	a := shengji.Action{Kind: k, Cards: m.Cards}
	if len(m.Calls) > shengji.MaxCalls {
		return shengji.Action{}, fmt.Errorf("shengji: move: %d calls, at most %d: %w", len(m.Calls), shengji.MaxCalls, shengji.ErrMalformedAction)
	}
	if m.Calls != nil && k != shengji.FriendCall {
		return shengji.Action{}, fmt.Errorf("shengji: move: calls in a %s: %w", k, shengji.ErrMalformedAction)
	}
	if k == shengji.FriendCall {
		cs := make([]shengji.Call, len(m.Calls))
		for i, c := range m.Calls {
			cs[i] = shengji.Call{Card: c.Card, Ordinal: c.Ordinal}
		}
		a = shengji.CallAction(cs...)
		a.Cards = m.Cards
	}
	return a, a.Validate()
}

// Level returns Shengji's built-in player name (see
// sjbot.Levels) as a table player, seeded by rng.
func Level(name string, rng *rand.Rand) (table.Player[shengji.Action, shengji.Observation], error) {
	p, err := sjbot.New(name, rng)
	if err != nil {
		return table.Player[shengji.Action, shengji.Observation]{}, err
	}
	return table.Player[shengji.Action, shengji.Observation]{Name: p.Name(), Kind: table.Level, Control: games.Controller(p.Act)}, nil
}
