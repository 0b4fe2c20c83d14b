package table

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
)

// toy is a small game that has what the table must handle: a deal drawn
// from the seed (a target), an optional bidding round during the deal
// where several seats may act, turns, teams and private events.
type toy struct {
	seed   uint64
	hands  int // hands in the game
	hand   int
	phase  int // 0 to deal, 1 dealing (bids open), 2 play, 3 over
	target int
	secret [3]int // each seat's private number, dealt with the target
	dealt  int
	count  int
	turn   Seat
	bids   Seats
	bidSum int
	wins   [2]int
}

type toyMove struct {
	Kind string `json:"kind"` // "bid" or "add"
	N    int    `json:"n"`
}

type toyObs struct {
	Seat          Seat
	Phase, Dealt  int
	Count, Secret int
	Target        int
	ToAct         Seats
	Bids          int
}

type toyEvent struct {
	Kind   string // "deal", "card", "bid", "add"
	Seat   Seat
	N      int
	Secret int // the seat's own secret, in its own deal event only
}

type toyDeal struct {
	Hand   int    `json:"hand"`
	Target int    `json:"target"`
	Secret [3]int `json:"secret"`
}

var toySpec = Spec[toyMove, toyObs, toyEvent]{Kind: "toy", Format: 1,
	New: func(seed uint64, opts json.RawMessage) (Engine[toyMove, toyObs, toyEvent], error) {
		t := &toy{seed: seed, hands: 3}
		if len(opts) > 0 {
			if err := json.Unmarshal(opts, &t.hands); err != nil || t.hands < 1 || t.hands > 20 {
				return nil, fmt.Errorf("toy: options %s: want hands from 1 to 20", opts)
			}
		}
		return t, nil
	}}

func (t *toy) Seats() int { return 3 }

// Teams: the seats that bid in this hand form a team once two have (the
// rest stand alone), so the toy's teams change mid-hand; a new deal
// parts them.
func (t *toy) Teams() Teams {
	if t.bids.Len() >= 2 {
		return TeamsOf(3, t.bids)
	}
	return SoloTeams(3)
}
func (t *toy) Optional() bool { return t.phase == 1 }
func (t *toy) Over() bool     { return t.phase == 3 }
func (t *toy) Observe(s Seat, o *toyObs) {
	*o = toyObs{Seat: s, Phase: t.phase, Dealt: t.dealt, Count: t.count, Secret: t.secret[s], Target: t.target, ToAct: t.ToAct(), Bids: t.bids.Len()}
}

func (t *toy) ToAct() Seats {
	switch t.phase {
	case 1:
		var m Seats
		for s := Seat(0); s < 3; s++ {
			if !t.bids.Has(s) && (int(s)+t.dealt)%2 == 0 {
				m = m.Add(s)
			}
		}
		return m
	case 2:
		return SeatsOf(t.turn)
	}
	return 0
}

func (t *toy) Check(s Seat, m toyMove) error {
	if !t.ToAct().Has(s) {
		return fmt.Errorf("toy: seat %s may not act", s)
	}
	switch {
	case m.Kind == "bid" && t.phase == 1 && m.N >= 0 && m.N <= 3:
	case m.Kind == "add" && t.phase == 2 && (m.N == 1 || m.N == 2):
	default:
		return fmt.Errorf("toy: %s %d not allowed now", m.Kind, m.N)
	}
	return nil
}

func (t *toy) Apply(s Seat, m toyMove, v *Views[toyEvent]) error {
	if err := t.Check(s, m); err != nil {
		return err
	}
	if v != nil { // nil: nobody is shown the move
		for i := range 3 {
			v.Seat[i] = toyEvent{Kind: m.Kind, Seat: s, N: m.N}
		}
		v.Spectator = v.Seat[0]
	}
	if m.Kind == "bid" {
		t.bids = t.bids.Add(s)
		t.bidSum += m.N
		return nil
	}
	t.count += m.N
	if t.count >= t.target+t.bidSum {
		t.wins[s%2]++
		t.phase = 0
		if t.hand == t.hands {
			t.phase = 3
		}
	}
	t.turn = (t.turn + 1) % 3
	return nil
}

func (t *toy) Advance(v *Views[toyEvent]) (json.RawMessage, error) {
	switch t.phase {
	case 0:
		rng := rand.New(rand.NewPCG(t.seed, uint64(t.hand+1)))
		d := toyDeal{Hand: t.hand + 1, Target: 3 + rng.IntN(8)}
		for i := range d.Secret {
			d.Secret[i] = rng.IntN(1000)
		}
		b, _ := json.Marshal(d)
		return b, nil
	case 1:
		t.dealt++
		for i := range 3 {
			if v != nil {
				v.Seat[i] = toyEvent{Kind: "card", N: t.dealt}
			}
		}
		if t.dealt == 3 {
			t.phase, t.turn = 2, Seat(t.hand%3)
		}
		return nil, nil
	}
	return nil, errors.New("toy: nothing to advance")
}

func (t *toy) Redeal(b json.RawMessage, v *Views[toyEvent]) error {
	var d toyDeal
	if err := json.Unmarshal(b, &d); err != nil {
		return err
	}
	if t.phase != 0 || d.Hand != t.hand+1 || d.Target < 1 {
		return fmt.Errorf("toy: deal of hand %d now", d.Hand)
	}
	t.hand, t.target, t.secret = d.Hand, d.Target, d.Secret
	t.phase, t.dealt, t.count, t.bids, t.bidSum = 1, 0, 0, 0, 0
	if v != nil {
		for i := range 3 {
			v.Seat[i] = toyEvent{Kind: "deal", Secret: d.Secret[i], Seat: Seat(i)}
		}
		v.Spectator = toyEvent{Kind: "deal"}
	}
	return nil
}

func (t *toy) Outcome() Outcome {
	o := Outcome{Over: t.phase == 3, Hands: t.hand}
	for s := range 3 {
		o.Scores[s] = t.wins[s%2]
	}
	if o.Over && t.wins[0] != t.wins[1] {
		o.Winners = SeatsOf(0, 2)
		if t.wins[1] > t.wins[0] {
			o.Winners = SeatsOf(1)
		}
	}
	return o
}

func (t *toy) MarshalMove(m toyMove) ([]byte, error) { return json.Marshal(m) }

func (t *toy) UnmarshalMove(b []byte) (toyMove, error) {
	var m toyMove
	if err := json.Unmarshal(b, &m); err != nil {
		return m, fmt.Errorf("toy: move %s: %w", b, err)
	}
	return m, nil
}
