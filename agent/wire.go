package agent

import (
	"fmt"

	"felt/card"
	"felt/gin"
)

// ProtocolVersion is the version of the line protocol in docs/protocol.md.
const ProtocolVersion = 1

// WireObservation is an observation as the protocol writes it.
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

// WireObs converts an observation for the protocol.
func WireObs(o *gin.Observation) WireObservation {
	return WireObservation{
		Seat: o.Seat, Phase: o.Phase.String(), Turn: o.Turn, Dealer: o.Dealer, Hand: o.HandNumber,
		KnockLimit: o.KnockLimit, Doubled: o.Doubled, Cards: o.Hand.Cards(), JustTaken: o.JustTaken,
		Drawn: o.Drawn, MustDrawStock: o.MustStock, Upcard: o.Upcard, Pile: o.Pile.Cards(),
		Stock: o.StockLen, OpponentCards: o.OpponentCards, OpponentTook: o.OpponentTook.Cards(),
		OpponentPassed: o.OpponentPassed.Cards(), OpponentDiscarded: o.OpponentDiscarded.Cards(),
		Discarded: o.Discarded.Cards(), Scores: o.Scores, Boxes: o.Boxes,
	}
}

// WireAction is an action as the protocol writes it.
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

// Action converts a protocol action back, checking its form (not its
// legality, which the game checks).
func (w WireAction) ToAction() (gin.Action, error) {
	k, err := gin.ParseActionKind(w.Action)
	if err != nil {
		return gin.Action{}, err
	}
	a := gin.Action{Kind: k}
	switch k {
	case gin.Discard, gin.Knock:
		if !w.Card.IsValid() {
			return gin.Action{}, fmt.Errorf("%s needs a card", k)
		}
		a.Card = w.Card
	default:
		if w.Card != 0 {
			return gin.Action{}, fmt.Errorf("%s takes no card", k)
		}
	}
	if len(w.Melds) > 0 {
		if k != gin.Knock && k != gin.BigGin {
			return gin.Action{}, fmt.Errorf("%s takes no melds", k)
		}
		if a.Show, err = gin.ArrangementOf(w.Melds); err != nil {
			return gin.Action{}, err
		}
	}
	return a, nil
}

// WireEvent is a move event as the protocol writes it.
type WireEvent struct {
	Seat   gin.Seat  `json:"seat"`
	Action string    `json:"action"`
	Card   card.Card `json:"card,omitempty"`
}

// Message is one line Felt sends to an outside program; Type says which
// fields are used (see docs/protocol.md).
type Message struct {
	Type     string           `json:"type"`
	Protocol int              `json:"protocol,omitempty"`
	Game     string           `json:"game,omitempty"`
	Seat     *gin.Seat        `json:"seat,omitempty"`
	Rules    *gin.Rules       `json:"rules,omitempty"`
	Hand     int              `json:"hand,omitempty"`
	Dealer   *gin.Seat        `json:"dealer,omitempty"`
	Cards    []card.Card      `json:"cards,omitempty"`
	Upcard   card.Card        `json:"upcard,omitempty"`
	Scores   *[2]int          `json:"scores,omitempty"`
	Obs      *WireObservation `json:"observation,omitempty"`
	Events   []WireEvent      `json:"events,omitempty"`
	Legal    []WireAction     `json:"legal,omitempty"`

	Result           string        `json:"result,omitempty"`
	Knocker          *gin.Seat     `json:"knocker,omitempty"`
	Winner           *gin.Seat     `json:"winner,omitempty"`
	Points           *int          `json:"points,omitempty"`
	KnockerCards     []card.Card   `json:"knocker_cards,omitempty"`
	DefenderCards    []card.Card   `json:"defender_cards,omitempty"`
	KnockerMelds     [][]card.Card `json:"knocker_melds,omitempty"`
	DefenderMelds    [][]card.Card `json:"defender_melds,omitempty"`
	Layoffs          []card.Card   `json:"layoffs,omitempty"`
	KnockerDeadwood  *int          `json:"knocker_deadwood,omitempty"`
	DefenderDeadwood *int          `json:"defender_deadwood,omitempty"`
	Final            *[2]int       `json:"final,omitempty"`
}

func ptr[T any](v T) *T { return &v }

// handEndMessage describes a finished hand.
func handEndMessage(o *gin.Observation) Message {
	m := Message{Type: "hand_end", Hand: o.HandNumber, Scores: ptr(o.Scores)}
	if o.Result == nil {
		return m
	}
	r := o.Result
	m.Result = r.Kind.String()
	m.Points = ptr(r.Points)
	if r.Kind != gin.DrawResult {
		sd := &r.Showdown
		m.Knocker, m.Winner = ptr(r.Knocker), ptr(r.Winner)
		m.KnockerCards, m.DefenderCards = sd.KnockerCards.Cards(), sd.DefenderCards.Cards()
		m.KnockerMelds, m.DefenderMelds = gin.MeldLists(sd.Knocker), gin.MeldLists(sd.Defender)
		for _, l := range sd.Layoffs {
			m.Layoffs = append(m.Layoffs, l.Card)
		}
		m.KnockerDeadwood, m.DefenderDeadwood = ptr(sd.KnockerDeadwood), ptr(sd.DefenderDeadwood)
	}
	return m
}
