package loadtest

import (
	"bytes"
	"fmt"

	"felt/card"
	"felt/games"
	"felt/table"
)

// point is a moment of a table: after line n, or after the adv-th advance
// made before line n (the server's numbering of its messages).
type point struct{ n, adv int }

// sighting is the cards one message named, and the moment it speaks of.
type sighting struct {
	p     point
	faces card.Set
	what  string // the message's type
}

// allowedAt replays a stored log and returns what seat may see at every
// moment of it.
func allowedAt(game string, lines [][]byte, seat table.Seat) (map[point]card.Set, error) {
	g, err := games.Lookup(game)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	d := g.Any()
	if d.Visible == nil {
		return nil, fmt.Errorf("loadtest: %s says nothing of what a seat may see", game)
	}
	return replay(d.Spec, lines, func(e table.Engine[any, any, any]) card.Set { return d.Visible(e, seat) })
}

// replay walks a table log (table.Walk) and records allowed at every line
// and every advance.
func replay[M, O, E any](spec table.Spec[M, O, E], lines [][]byte, allowed func(table.Engine[M, O, E]) card.Set) (map[point]card.Set, error) {
	var buf bytes.Buffer
	for _, l := range lines {
		buf.Write(bytes.TrimSuffix(l, []byte{'\n'}))
		buf.WriteByte('\n')
	}
	out := map[point]card.Set{}
	rec, err := table.Walk(&buf, spec, func(st table.Step[M, O, E]) error {
		out[point{st.N, st.Adv}] = allowed(st.Engine)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	// A table still being played may have advanced (Shengji dealing a
	// card) since its last line: those advances are logged only with the
	// next line. Make them here as the table did (they draw on no chance),
	// so that what was sent of them can be checked too.
	e, n := rec.Engine, rec.Lines
	var v table.Views[E]
	for k := 1; k <= 256 && !e.Over() && (e.ToAct().IsEmpty() || e.Optional()); k++ {
		v = table.Views[E]{}
		deal, err := e.Advance(&v)
		if err != nil || deal != nil {
			break // a new deal: the table logs it before anyone sees it
		}
		out[point{n, k}] = allowed(e)
	}
	return out, nil
}

// leaks checks every sighting against what the seat could see then; it
// returns a description of the first few leaks, and how many.
func leaks(allowed map[point]card.Set, seen []sighting) (int, []string) {
	bad := 0
	var out []string
	for _, s := range seen {
		a, ok := allowed[s.p]
		if !ok {
			if s.faces == 0 {
				continue
			}
			bad++
			if len(out) < 3 {
				out = append(out, fmt.Sprintf("%s names %s at a moment %+v the log does not have", s.what, s.faces, s.p))
			}
			continue
		}
		if l := s.faces &^ a; l != 0 {
			bad++
			if len(out) < 3 {
				out = append(out, fmt.Sprintf("%s at %+v shows %s", s.what, s.p, l))
			}
		}
	}
	return bad, out
}
