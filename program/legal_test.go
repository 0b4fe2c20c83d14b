package program

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// sizedCodec encodes move i as a JSON string of size bytes holding i.
type sizedCodec struct{ size int }

func (c sizedCodec) MarshalMove(m int) ([]byte, error) {
	s := fmt.Sprintf("%d:", m)
	return json.Marshal(s + strings.Repeat("x", max(0, c.size-len(s)-2)))
}

func (c sizedCodec) UnmarshalMove(b []byte) (int, error) {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return 0, err
	}
	var m int
	_, err := fmt.Sscanf(s, "%d:", &m)
	return m, err
}

// TestLegal_BoundedWhateverTheMoves: however many moves a game lists and
// however long each is (more packs: longer hands, longer plays), a
// decision lists at most MaxLegal of at most MaxLegalBytes, its first move
// among them, spread over the rest, and more counts exactly those left out.
func TestLegal_BoundedWhateverTheMoves(t *testing.T) {
	for _, c := range []struct{ n, size, gameMore int }{
		{10, 20, 0}, {256, 60, 0}, {256, 60, 5_200_044}, {300, 60, 0}, {100000, 30, 0},
		{256, 400, 0}, {40, 2000, 0}, {3, 30000, 0}, {1, 70000, 0},
	} {
		ms := make([]int, c.n)
		for i := range ms {
			ms[i] = i
		}
		g := Game[int, int, int]{Codec: sizedCodec{c.size}, Legal: func(*int) ([]int, int) { return ms, c.gameMore }}
		var o int
		legal, more, err := Legal(g, &o)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		last := -1
		for _, b := range legal {
			total += len(b) + 1
			m, err := g.Codec.UnmarshalMove(b)
			if err != nil || m <= last {
				t.Fatalf("%+v: moves %d after %d (%v): not spread in order", c, m, last, err)
			}
			last = m
		}
		if len(legal) > MaxLegal || total > MaxLegalBytes || len(legal)+more != c.n+c.gameMore {
			t.Fatalf("%+v: %d moves, %d bytes, more %d", c, len(legal), total, more)
		}
		if c.size < MaxLegalBytes && (len(legal) == 0 || string(legal[0]) != string(must(g.Codec.MarshalMove(0)))) {
			t.Fatalf("%+v: the first move is not listed", c)
		}
		if c.n <= MaxLegal && c.n*(c.size+1) <= MaxLegalBytes && len(legal) != c.n {
			t.Fatalf("%+v: %d listed of %d that fit", c, len(legal), c.n)
		}
	}
}

func must(b []byte, _ error) []byte { return b }
