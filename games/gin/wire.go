package gin

import (
	"felt/card"
	"felt/gin"
	"felt/program"
)

// Wire is what an outside program needs of Gin Rummy at a table
// (protocol version 2): the move codec, the legal moves (a knock once per
// discard, with the engine's arrangement; any arrangement within the limit
// is accepted; for a defender that lays out, the engine's lay_out, and
// lay_off moves are not listed), the observation (ginObs) and the events in a
// wire form that gives, at a hand's end, all that the table sees.
var Wire = program.Game[gin.Action, gin.Observation, gin.Event]{
	Codec: &Engine{},
	Legal: func(o *gin.Observation) ([]gin.Action, int) {
		if o.Result != nil && o.Phase != gin.OverPhase {
			// A knock awaits this defender's layout: the engine's choice
			// (any other arrangement of its own cards is accepted).
			return []gin.Action{LayOut(o.Result.Showdown.Defender)}, 0
		}
		return o.LegalActions(nil), 0
	},
	Obs:   func(o gin.Observation) any { return ginObsWire(&o) },
	Event: func(e gin.Event) any { return EventWire(e) },
}

// ginObs is an observation as protocol version 2 writes it. Every list
// is present (empty, never null); just_taken and drawn are left out when
// there is no such card.
type ginObs struct {
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

// ginObsWire converts an observation for protocol version 2.
func ginObsWire(o *gin.Observation) ginObs {
	return ginObs{
		Seat: o.Seat, Phase: o.Phase.String(), Turn: o.Turn, Dealer: o.Dealer, Hand: o.HandNumber,
		KnockLimit: o.KnockLimit, Doubled: o.Doubled, Cards: cardList(o.Hand), JustTaken: o.JustTaken,
		Drawn: o.Drawn, MustDrawStock: o.MustStock, Upcard: o.Upcard, Pile: pileList(o.Pile),
		Stock: o.StockLen, OpponentCards: o.OpponentCards, OpponentTook: cardList(o.OpponentTook),
		OpponentPassed: cardList(o.OpponentPassed), OpponentDiscarded: cardList(o.OpponentDiscarded),
		Discarded: cardList(o.Discarded), Scores: o.Scores, Boxes: o.Boxes,
	}
}

// pileList is the discard pile, bottom to top ([] when empty).
func pileList(p gin.Pile) []card.Card {
	if cs := p.Cards(); cs != nil {
		return cs
	}
	return []card.Card{}
}

// WireEvent is a Gin Rummy event as protocol version 2 writes it.
type WireEvent struct {
	Hand   int          `json:"hand"`
	Seat   gin.Seat     `json:"seat"`             // who moved; at a deal, the dealer
	Kind   string       `json:"kind"`             // the move's kind, "deal", "lay_off" (a defender's lay-off) or "lay_out" (a defender's layout ending the hand)
	Card   card.Card    `json:"card,omitempty"`   // the card the move put in view, if this viewer may see it
	Cards  []card.Card  `json:"cards,omitempty"`  // at a deal, the viewer's ten cards
	Upcard card.Card    `json:"upcard,omitempty"` // at a deal, the card turned up
	End    *WireHandEnd `json:"end,omitempty"`    // the hand's end, when the move ended it
	// Melds are, at a knock whose defender lays out, the knocker's melds.
	Melds [][]card.Card `json:"melds,omitempty"`
	// Onto is, at a lay_off, the knocker's meld (as shown) the card went onto.
	Onto []card.Card `json:"onto,omitempty"`
}

// GinHandEnd is all that the table sees when a hand ends.
type WireHandEnd struct {
	Result           string         `json:"result"` // knock, gin, big_gin, undercut or draw
	Knocker          *gin.Seat      `json:"knocker,omitempty"`
	Winner           *gin.Seat      `json:"winner,omitempty"`
	Points           int            `json:"points"`
	Hands            [2][]card.Card `json:"hands"`             // both hands as they ended (a knocker's without its discard)
	Discard          card.Card      `json:"discard,omitempty"` // the knock's discard, face up
	KnockerMelds     [][]card.Card  `json:"knocker_melds,omitempty"`
	KnockerDeadwood  *int           `json:"knocker_deadwood,omitempty"`
	DefenderMelds    [][]card.Card  `json:"defender_melds,omitempty"`
	Layoffs          []WireLayoff   `json:"layoffs,omitempty"`
	DefenderDeadwood *int           `json:"defender_deadwood,omitempty"`
	Scores           [2]int         `json:"scores"` // running totals after the hand
	Over             bool           `json:"over"`
	Final            *[2]int        `json:"final,omitempty"` // the game's totals with every bonus, once over
	GameWinner       *gin.Seat      `json:"game_winner,omitempty"`
}

// GinLayoff is one of the defender's lay-offs: the card and the knocker's
// meld (as shown, before any lay-off) it went onto.
type WireLayoff struct {
	Card card.Card   `json:"card"`
	Onto []card.Card `json:"onto"`
}

func ptr[T any](v T) *T { return &v }

func cardList(s card.Set) []card.Card {
	if cs := s.Cards(); cs != nil {
		return cs
	}
	return []card.Card{}
}

// GinEventWire converts an event for protocol version 2.
func EventWire(e gin.Event) WireEvent {
	w := WireEvent{Hand: e.Hand, Seat: e.Seat, Kind: e.Kind.String(), Card: e.Card, Upcard: e.Upcard}
	switch {
	case e.Kind == gin.LayOff:
		// Kind "lay_off", the card, and the meld it went onto.
		if e.Melds.Len() == 1 {
			w.Onto = e.Melds.Meld(0).Cards()
		}
		return w
	case e.Kind == gin.NoAction && e.End == nil:
		w.Kind = "deal"
		w.Cards = e.Cards.Cards()
	case e.Kind == gin.NoAction:
		w.Kind = "lay_out"
	}
	if e.Melds.Len() > 0 {
		w.Melds = gin.MeldLists(e.Melds)
	}
	if e.End == nil {
		return w
	}
	r := e.End.Result
	end := &WireHandEnd{Result: r.Kind.String(), Points: r.Points, Discard: e.End.Discard,
		Hands: [2][]card.Card{cardList(e.End.Hands[0]), cardList(e.End.Hands[1])}, Scores: e.End.Scores, Over: e.End.Over}
	if r.Kind != gin.DrawResult {
		end.Knocker, end.Winner = ptr(r.Knocker), ptr(r.Winner)
		sd := &r.Showdown
		end.KnockerMelds = gin.MeldLists(sd.Knocker)
		end.KnockerDeadwood = ptr(sd.KnockerDeadwood)
		end.DefenderMelds = gin.MeldLists(sd.Defender)
		end.DefenderDeadwood = ptr(sd.DefenderDeadwood)
		for _, l := range sd.Layoffs {
			end.Layoffs = append(end.Layoffs, WireLayoff{Card: l.Card, Onto: l.Onto.Cards()})
		}
	}
	if e.End.Over {
		end.Final, end.GameWinner = ptr(e.End.Game.Final), ptr(e.End.Game.Winner)
	}
	w.End = end
	return w
}
