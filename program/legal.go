package program

import (
	"encoding/json"
	"fmt"

	"felt/table"
)

// MaxLegalBytes bounds the encoded moves listed in a decision, together,
// whatever the game, its number of packs or the cards a move holds: with
// MaxLegal, it bounds a decision to its observation and this many bytes.
const MaxLegalBytes = 16 << 10

// Legal encodes the legal moves of an observation as a decision lists
// them (for an outside program and for a web page alike): at most MaxLegal
// moves of at most MaxLegalBytes in all, spread evenly over the game's list
// when it is longer (its first move always among them), and how many were
// left out, the game's own count of those it did not list included. A game
// without Legal lists nothing.
func Legal[M, O, E any](g Game[M, O, E], o *O) ([]json.RawMessage, int, error) {
	if g.Legal == nil {
		return nil, 0, nil
	}
	ms, more := g.Legal(o)
	if len(ms) > MaxLegal {
		more += len(ms) - MaxLegal
		ms = spreadOut(ms, MaxLegal)
	}
	out := make([]json.RawMessage, 0, len(ms))
	size := 0
	for _, m := range ms {
		b, err := g.Codec.MarshalMove(m)
		if err != nil {
			return nil, 0, fmt.Errorf("program: encoding a legal move: %w", err)
		}
		out = append(out, b)
		size += len(b) + 1
	}
	if size > MaxLegalBytes {
		// Fewer, still spread: as many as fit at the average size, then
		// one fewer until they fit.
		for n := int(int64(len(out)) * MaxLegalBytes / int64(size)); ; n-- {
			kept, size := spreadOut(out, n), 0
			for _, b := range kept {
				size += len(b) + 1
			}
			if size <= MaxLegalBytes {
				more += len(out) - n
				out = kept
				break
			}
		}
	}
	return out, more, nil
}

// spreadOut returns n of xs (n < len(xs)), those numbered ⌊i·len/n⌋.
func spreadOut[T any](xs []T, n int) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = xs[int(int64(i)*int64(len(xs))/int64(n))]
	}
	return out
}

// CheckMove answers whether a move is legal for the observation, as a
// decision's check: nil, or the rules' reason. A game that cannot check
// says so.
func CheckMove[M, O, E any](g Game[M, O, E], o *O, m M) error {
	if g.Check == nil {
		return ErrNoCheck
	}
	return g.Check(o, m)
}

// check answers a program's {"seq":N,"check":MOVE}: whether MOVE is legal
// for decision N, which must be the pending one.
func (p *Program[M, O, E]) check(d *table.Decision[O], seq int, raw json.RawMessage) error {
	reply := map[string]any{"type": "checked", "seq": seq, "move": raw, "legal": false}
	m, err := p.game.Codec.UnmarshalMove(raw)
	switch {
	case seq != d.Seq:
		err = fmt.Errorf("decision %d is not pending (decision %d is)", seq, d.Seq)
	case err == nil:
		err = CheckMove(p.game, &d.Obs, m)
	}
	if err != nil {
		reply["reason"] = err.Error()
	} else {
		reply["legal"] = true
	}
	return p.send(reply)
}
