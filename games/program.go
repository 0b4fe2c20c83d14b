package games

import (
	"felt/program"
	"felt/shengji"
)

// ShengjiProgram is what an outside program needs of Shengji: the move
// codec, the legal moves (declarations, a pass after the deal, plays: every
// follow, and every lead of one unit; a burial is the program's to choose)
// and wire forms of observations and events whose unset trump marshals.
var ShengjiProgram = program.Game[shengji.Action, shengji.Observation, shengji.Event]{
	Codec: &ShengjiEngine{},
	Legal: func(o *shengji.Observation) ([]shengji.Action, int) {
		switch o.Phase {
		case shengji.DealPhase:
			return o.AppendDeclarations(nil), 0
		case shengji.BidPhase:
			return append(o.AppendDeclarations(nil), shengji.PassAction()), 0
		case shengji.PlayPhase:
			var as []shengji.Action
			for _, m := range o.AppendPlays(nil) {
				as = append(as, shengji.PlayAction(m))
			}
			return as, 0
		}
		return nil, 0
	},
	Obs: func(o shengji.Observation) any {
		w := sjObsWire{Observation: o}
		if o.Phase == shengji.OverPhase {
			w.Score = &o.Score
		}
		return w
	},
	Event: func(e shengji.Event) any {
		w := sjEventWire{Event: e}
		if e.Settled {
			w.Trump = &e.Trump
		}
		if e.HandOver {
			w.Score = &e.Score
		}
		return w
	},
}

// sjObsWire is an observation with its score only once the hand is over
// (an unset score's trump does not marshal).
type sjObsWire struct {
	shengji.Observation
	Score *shengji.Score `json:"Score,omitempty"`
}

// sjEventWire is an event with its trump only when it settled it and its
// score only when the hand is over.
type sjEventWire struct {
	shengji.Event
	Trump *shengji.Trump `json:"Trump,omitempty"`
	Score *shengji.Score `json:"Score,omitempty"`
}
