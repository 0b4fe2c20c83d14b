package agent

import (
	"errors"
	"fmt"

	"felt/card"
	"felt/gin"
	"felt/internal/strictjson"
)

// ProtocolVersion is the version of the line protocol in docs/protocol.md.
const ProtocolVersion = 1

// WireObservation is an observation as the protocol writes it. Every list
// is present (empty, never null); just_taken and drawn are left out when
// there is no such card.
type WireObservation struct {
	Seat              gin.Seat    `json:"seat"`
	Phase             string      `json:"phase"`
	Turn              gin.Seat    `json:"turn"`
	Dealer            gin.Seat    `json:"dealer"`
	Hand              int         `json:"hand"`
	KnockLimit        int         `json:"knock_limit"`
	Doubled           bool        `json:"doubled"`
	Cards             []card.Card `json:"cards"`
	JustTaken         card.Card   `json:"just_taken,omitempty"`
	Drawn             card.Card   `json:"drawn,omitempty"`
	MustDrawStock     bool        `json:"must_draw_stock"`
	Upcard            card.Card   `json:"upcard"`
	Pile              []card.Card `json:"pile"`
	Stock             int         `json:"stock"`
	OpponentCards     int         `json:"opponent_cards"`
	OpponentTook      []card.Card `json:"opponent_took"`
	OpponentPassed    []card.Card `json:"opponent_passed"`
	OpponentDiscarded []card.Card `json:"opponent_discarded"`
	Discarded         []card.Card `json:"discarded"`
	Scores            [2]int      `json:"scores"`
	Boxes             [2]int      `json:"boxes"`
}

// cards returns s, or an empty list for nil, so that JSON says [] and not
// null.
func cards(s []card.Card) []card.Card {
	if s == nil {
		return []card.Card{}
	}
	return s
}

// WireObs converts an observation for the protocol.
func WireObs(o *gin.Observation) WireObservation {
	return WireObservation{
		Seat: o.Seat, Phase: o.Phase.String(), Turn: o.Turn, Dealer: o.Dealer, Hand: o.HandNumber,
		KnockLimit: o.KnockLimit, Doubled: o.Doubled, Cards: cards(o.Hand.Cards()), JustTaken: o.JustTaken,
		Drawn: o.Drawn, MustDrawStock: o.MustStock, Upcard: o.Upcard, Pile: cards(o.Pile.Cards()),
		Stock: o.StockLen, OpponentCards: o.OpponentCards, OpponentTook: cards(o.OpponentTook.Cards()),
		OpponentPassed: cards(o.OpponentPassed.Cards()), OpponentDiscarded: cards(o.OpponentDiscarded.Cards()),
		Discarded: cards(o.Discarded.Cards()), Scores: o.Scores, Boxes: o.Boxes,
	}
}

// WireAction is an action as the protocol writes it: {"action": "discard",
// "card": "7H"}, {"action": "knock", "card": "KS", "melds": [["AS", "2S",
// "3S"], …]}.
type WireAction struct {
	Action string        `json:"action"`
	Card   card.Card     `json:"card,omitempty"`
	Melds  [][]card.Card `json:"melds,omitempty"`
}

// ToWire converts an action for the protocol.
func ToWire(a gin.Action) WireAction {
	w := WireAction{Action: a.Kind.String(), Card: a.Card}
	if a.Show.Len() > 0 {
		w.Melds = gin.MeldLists(a.Show)
	}
	return w
}

// ToAction converts a protocol action back, checking its form with
// gin.Action.Validate (not its legality, which the game checks): a known
// kind, a card for discard and knock and none for the others, melds only
// on a knock or a big gin, each a valid meld and no card in two of them.
func (w WireAction) ToAction() (gin.Action, error) {
	k, err := gin.ParseActionKind(w.Action)
	if err != nil {
		return gin.Action{}, err
	}
	a := gin.Action{Kind: k, Card: w.Card}
	if err := a.Validate(); err != nil {
		return gin.Action{}, err
	}
	if len(w.Melds) == 0 {
		return a, nil
	}
	if a.Show, err = gin.ArrangementOf(w.Melds); err != nil {
		return gin.Action{}, err
	}
	if err := a.Validate(); err != nil { // melds on a kind that takes none
		return gin.Action{}, err
	}
	return a, nil
}

// actionFields are the keys of an answer to decide, with what each holds.
var actionFields = []struct{ key, want string }{
	{"action", "a string"},
	{"card", "a card"},
	{"melds", "a list of melds, each a list of cards"},
}

// ParseAction reads one answer line: exactly one JSON object whose keys are
// among action, card and melds, spelled exactly and each given once (null
// counts as absent), and checks its form with ToAction.
func ParseAction(line []byte) (gin.Action, error) {
	fields, err := strictjson.Object(line, "action", "card", "melds")
	if errors.Is(err, strictjson.ErrMoreValues) {
		return gin.Action{}, errors.New("more than one JSON value on the line")
	}
	if err != nil {
		return gin.Action{}, fmt.Errorf("not an action object (%v)", err)
	}
	var w WireAction
	dst := []any{&w.Action, &w.Card, &w.Melds}
	for i, f := range actionFields {
		raw, ok := fields[f.key]
		if !ok || string(raw) == "null" {
			continue
		}
		if err := strictjson.Field(f.key, raw, dst[i], f.want); err != nil {
			return gin.Action{}, fmt.Errorf("not an action object (%v)", err)
		}
	}
	if raw, ok := fields["action"]; !ok || string(raw) == "null" {
		return gin.Action{}, errors.New(`no "action" field`)
	}
	return w.ToAction()
}

// WireEvent is a move event as the protocol writes it. Card is left out
// when the move showed no card (the opponent's stock draw).
type WireEvent struct {
	Seat   gin.Seat  `json:"seat"`
	Action string    `json:"action"`
	Card   card.Card `json:"card,omitempty"`
}

// The messages Felt sends, one JSON object a line; docs/protocol.md
// describes every field.

// StartMessage opens the conversation; the program answers ReadyMessage.
type StartMessage struct {
	Type      string    `json:"type"` // "start"
	Protocol  int       `json:"protocol"`
	Game      string    `json:"game"` // "gin"
	Seat      gin.Seat  `json:"seat"`
	Rules     gin.Rules `json:"rules"`
	TimeoutMS int64     `json:"timeout_ms"`
}

// ReadyMessage is the program's answer to start. Name is optional; other
// fields are ignored.
type ReadyMessage struct {
	Type string `json:"type"` // "ready"
	Name string `json:"name,omitempty"`
}

// HandStartMessage reports a deal.
type HandStartMessage struct {
	Type       string      `json:"type"` // "hand_start"
	Hand       int         `json:"hand"`
	Seat       gin.Seat    `json:"seat"`
	Dealer     gin.Seat    `json:"dealer"`
	Cards      []card.Card `json:"cards"`
	Upcard     card.Card   `json:"upcard"`
	KnockLimit int         `json:"knock_limit"`
	Doubled    bool        `json:"doubled"`
	Scores     [2]int      `json:"scores"`
	Boxes      [2]int      `json:"boxes"`
}

// DecideMessage asks for one action.
type DecideMessage struct {
	Type   string          `json:"type"` // "decide"
	Obs    WireObservation `json:"observation"`
	Events []WireEvent     `json:"events"`
	Legal  []WireAction    `json:"legal"`
}

// HandEndMessage reports how a hand ended. The showdown fields are present
// exactly when the result is not "draw".
type HandEndMessage struct {
	Type   string `json:"type"` // "hand_end"
	Hand   int    `json:"hand"`
	Result string `json:"result"` // knock, gin, big_gin, undercut or draw
	Points int    `json:"points"`
	Scores [2]int `json:"scores"`
	Boxes  [2]int `json:"boxes"`

	Knocker          *gin.Seat      `json:"knocker,omitempty"`
	Winner           *gin.Seat      `json:"winner,omitempty"`
	KnockerCards     *[]card.Card   `json:"knocker_cards,omitempty"`
	KnockerMelds     *[][]card.Card `json:"knocker_melds,omitempty"`
	KnockerDeadwood  *int           `json:"knocker_deadwood,omitempty"`
	DefenderCards    *[]card.Card   `json:"defender_cards,omitempty"`
	DefenderMelds    *[][]card.Card `json:"defender_melds,omitempty"`
	Layoffs          *[]card.Card   `json:"layoffs,omitempty"`
	DefenderDeadwood *int           `json:"defender_deadwood,omitempty"`
}

// GameEndMessage reports the game's result.
type GameEndMessage struct {
	Type      string   `json:"type"` // "game_end"
	Winner    gin.Seat `json:"winner"`
	Scores    [2]int   `json:"scores"`
	Boxes     [2]int   `json:"boxes"`
	GameBonus int      `json:"game_bonus"`
	Shutout   bool     `json:"shutout"`
	BoxBonus  [2]int   `json:"box_bonus"`
	Final     [2]int   `json:"final"`
}

// QuitMessage tells the program to exit.
type QuitMessage struct {
	Type string `json:"type"` // "quit"
}

func ptr[T any](v T) *T { return &v }

func handStartMessage(o *gin.Observation) HandStartMessage {
	return HandStartMessage{Type: "hand_start", Hand: o.HandNumber, Seat: o.Seat, Dealer: o.Dealer,
		Cards: cards(o.Hand.Cards()), Upcard: o.Upcard, KnockLimit: o.KnockLimit, Doubled: o.Doubled,
		Scores: o.Scores, Boxes: o.Boxes}
}

func decideMessage(d *Decision) DecideMessage {
	legal := d.Legal()
	m := DecideMessage{Type: "decide", Obs: WireObs(&d.Obs), Events: make([]WireEvent, 0, len(d.Events)),
		Legal: make([]WireAction, 0, len(legal))}
	for _, e := range d.Events {
		if e.Kind == MoveEvent {
			m.Events = append(m.Events, WireEvent{Seat: e.Seat, Action: e.Action.String(), Card: e.Card})
		}
	}
	for _, a := range legal {
		m.Legal = append(m.Legal, ToWire(a))
	}
	return m
}

// handEndMessage describes a finished hand.
func handEndMessage(o *gin.Observation) HandEndMessage {
	m := HandEndMessage{Type: "hand_end", Hand: o.HandNumber, Result: gin.NoResult.String(),
		Scores: o.Scores, Boxes: o.Boxes}
	if o.Result == nil {
		return m
	}
	r := o.Result
	m.Result = r.Kind.String()
	m.Points = r.Points
	if r.Kind == gin.DrawResult || r.Kind == gin.NoResult {
		return m
	}
	sd := &r.Showdown
	m.Knocker, m.Winner = ptr(r.Knocker), ptr(r.Winner)
	m.KnockerCards, m.DefenderCards = ptr(cards(sd.KnockerCards.Cards())), ptr(cards(sd.DefenderCards.Cards()))
	m.KnockerMelds, m.DefenderMelds = ptr(gin.MeldLists(sd.Knocker)), ptr(gin.MeldLists(sd.Defender))
	lay := make([]card.Card, 0, len(sd.Layoffs))
	for _, l := range sd.Layoffs {
		lay = append(lay, l.Card)
	}
	m.Layoffs = &lay
	m.KnockerDeadwood, m.DefenderDeadwood = ptr(sd.KnockerDeadwood), ptr(sd.DefenderDeadwood)
	return m
}

func gameEndMessage(g *gin.GameResult) GameEndMessage {
	return GameEndMessage{Type: "game_end", Winner: g.Winner, Scores: g.Scores, Boxes: g.Boxes,
		GameBonus: g.GameBonus, Shutout: g.Shutout, BoxBonus: g.BoxBonus, Final: g.Final}
}
