package shengji

import (
	"encoding/json"

	"felt/card"
	"felt/program"
	"felt/shengji"
)

// Wire is what an outside program (and a web page) needs of
// Shengji: the move codec, the legal moves (legal), a check of any move
// against the seat's observation with the rules' reason
// (shengji.Observation.Check), and a wire form of events whose unset
// trump marshals (eventWire), and an observation's wire form with its
// table's figures (obsWire).
var Wire = program.Game[shengji.Action, shengji.Observation, shengji.Event]{
	Codec: &Engine{},
	Legal: legal,
	Check: func(o *shengji.Observation, a shengji.Action) error { return o.Check(a) },
	Obs:   obsWire,
	Event: eventWire,
}

// legal lists the legal moves a program is offered: declarations, a pass
// after the deal, plays: the follows, and the leads of one unit, at most
// program.MaxLegal of them spread over all, more counting the rest; a
// burial is the program's to choose.
func legal(o *shengji.Observation) ([]shengji.Action, int) {
	switch o.Phase {
	case shengji.DealPhase:
		return o.AppendDeclarations(nil), 0
	case shengji.BidPhase:
		return append(o.AppendDeclarations(nil), shengji.PassAction()), 0
	case shengji.CallPhase:
		return o.AppendCalls(nil), 0
	case shengji.PlayPhase:
		ms, more := o.SamplePlays(make([]card.Multi, 0, program.MaxLegal), program.MaxLegal)
		as := make([]shengji.Action, len(ms))
		for i, m := range ms {
			as[i] = shengji.PlayAction(m)
		}
		return as, more
	}
	return nil, 0
}

// obsWire is an observation's wire form: the observation as it marshals
// (shengji.Observation.MarshalJSON), with what its rules come to added as
// Table (the kitty's size, the cards dealt, the friends called …).
func obsWire(o shengji.Observation) any {
	b, err := json.Marshal(&o)
	if err != nil {
		return o // the marshaller reports the same error
	}
	t, err := json.Marshal(tableOf(o.Rules))
	if err != nil || len(b) < 2 || b[len(b)-1] != '}' {
		return json.RawMessage(b)
	}
	out := make([]byte, 0, len(b)+len(t)+10)
	out = append(out, b[:len(b)-1]...)
	if len(b) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"Table":`...)
	out = append(out, t...)
	return json.RawMessage(append(out, '}'))
}

// sjEventWire is an event with its trump only when it settled it and its
// score only when the hand is over.
type sjEventWire struct {
	shengji.Event
	Trump *shengji.Trump `json:"Trump,omitempty"`
	Score *shengji.Score `json:"Score,omitempty"`
}

// eventWire is an event's wire form.
func eventWire(e shengji.Event) any {
	w := sjEventWire{Event: e}
	if e.Settled {
		w.Trump = &e.Trump
	}
	if e.HandOver {
		w.Score = &e.Score
	}
	return w
}
