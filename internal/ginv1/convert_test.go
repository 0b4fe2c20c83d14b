package ginv1_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	gingame "felt/games/gin"
	"felt/gin"
	"felt/internal/ginv1"
	"felt/internal/ginv1/ginv1test"
	"felt/table"
)

// memFile is a file in memory: what Convert writes to and reads back.
type memFile struct {
	data []byte
	off  int64
}

func (f *memFile) Read(p []byte) (int, error) {
	if f.off >= int64(len(f.data)) {
		return 0, io.EOF
	}
	n := copy(p, f.data[f.off:])
	f.off += int64(n)
	return n, nil
}

func (f *memFile) Write(p []byte) (int, error) {
	if end := f.off + int64(len(p)); end > int64(len(f.data)) {
		f.data = append(f.data, make([]byte, end-int64(len(f.data)))...)
	}
	n := copy(f.data[f.off:], p)
	f.off += int64(n)
	return n, nil
}

func (f *memFile) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += f.off
	case io.SeekEnd:
		offset += int64(len(f.data))
	}
	if offset < 0 {
		return 0, errors.New("memFile: seek before the start")
	}
	f.off = offset
	return offset, nil
}

// convertChecked converts the game of the log data, which ReadLog
// accepts, and checks the table log it gives: it replays (every deal
// drawn from the seed as format 1 drew it, every move checked by the
// rules) to the game's position, with the players the log ends with.
func convertChecked(t testing.TB, data []byte) []byte {
	t.Helper()
	rp, err := ginv1.ReadLog(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the log does not read: %v", err)
	}
	f := &memFile{}
	if err := ginv1.Convert(rp, "test", f); err != nil {
		t.Fatalf("convert: %v", err)
	}
	rec, err := table.Recover(bytes.NewReader(f.data), gingame.Spec)
	if err != nil {
		t.Fatalf("the table log does not replay: %v\n%s", err, f.data)
	}
	if rec.Torn != 0 || rec.Moves != rp.Actions || rec.Header.Seed != rp.Seed || rec.Names[0] != rp.Playing[0] || rec.Names[1] != rp.Playing[1] ||
		rec.Header.Seats[0].Name != rp.Players[0] || rec.Header.Seats[1].Name != rp.Players[1] {
		t.Fatalf("converted %d moves of %d, seed %d of %d, names %v (header %v), want %v (header %v)",
			rec.Moves, rp.Actions, rec.Header.Seed, rp.Seed, rec.Names, rec.Header.Seats, rp.Playing, rp.Players)
	}
	if rec.Engine.Over() != rp.Complete() {
		t.Fatalf("converted game over %v, the log's %v", rec.Engine.Over(), rp.Complete())
	}
	for s := range gin.Seat(2) {
		var o gin.Observation
		rec.Engine.Observe(table.Seat(s), &o)
		want := rp.Game.Observe(s)
		if rp.Game.Hand().Over() {
			// the table deals the next hand itself
			if o.Scores != want.Scores || o.Boxes != want.Boxes {
				t.Fatalf("seat %d: scores %v boxes %v, want %v %v", s, o.Scores, o.Boxes, want.Scores, want.Boxes)
			}
			continue
		}
		if o.Hand != want.Hand || o.Phase != want.Phase || o.Turn != want.Turn || o.StockLen != want.StockLen ||
			o.Scores != want.Scores || o.HandNumber != want.HandNumber || o.Pile != want.Pile {
			t.Fatalf("seat %d converts elsewhere:\n%+v\nwant\n%+v", s, o, want)
		}
	}
	return f.data
}

// simpleGame writes a log of format 1 of two simple players, n actions in
// (the whole game if n < 0), with a takeover of seat 1 before action
// takeAt (none if takeAt < 0).
func simpleGame(t testing.TB, seed uint64, n, takeAt int) []byte {
	t.Helper()
	var buf bytes.Buffer
	rec, err := ginv1test.NewRecordedGame(&buf, gin.Standard(), seed, [2]string{"human", "exec:./bot"})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 5))
	g := rec.Game()
	var acts []gin.Action
	for i := 0; (n < 0 || i < n) && !g.Over(); i++ {
		if i == takeAt {
			if err := rec.Takeover(1, "normal", "exited with status 2"); err != nil {
				t.Fatal(err)
			}
		}
		if g.Hand().Over() {
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		h := g.Hand()
		acts = h.LegalActions(acts[:0])
		a := acts[rng.IntN(len(acts))]
		for _, x := range acts {
			if x.Kind == gin.Knock || x.Kind == gin.BigGin {
				a = x
			}
		}
		if err := rec.Apply(h.Turn(), a); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// TestConvert_ReplaysToTheSamePosition: games cut after any number of
// actions, whole games, and games with a takeover mid-game or after the
// last action convert to table logs that replay to the same position,
// each takeover a control line from the player before to the one after.
func TestConvert_ReplaysToTheSamePosition(t *testing.T) {
	tried := 0
	for seed := uint64(1); seed <= 6; seed++ {
		for _, c := range []struct{ n, takeAt int }{{0, -1}, {1, -1}, {9, -1}, {40, -1}, {-1, -1}, {30, 7}, {12, 12}} {
			data := simpleGame(t, seed, c.n, c.takeAt)
			out := convertChecked(t, data)
			controls := strings.Count(string(out), `"type":"control"`)
			want := 0
			if strings.Contains(string(data), `"type":"takeover"`) {
				want = 1
			}
			if controls != want {
				t.Fatalf("seed %d, %d actions, takeover at %d: %d control lines, want %d\n%s", seed, c.n, c.takeAt, controls, want, out)
			}
			if controls == 1 && !strings.Contains(string(out), `"from":"exec:./bot","to":"normal","reason":"exited with status 2"`) {
				t.Fatalf("the control line does not say who took over from whom, and why:\n%s", out)
			}
			tried++
		}
	}
	t.Logf("%d games converted", tried)
}

// TestConvert_RefusesWhatDoesNotPlayBack: a game whose actions do not play
// back at the table (a log read as format 1, changed afterwards) is an
// error, not a table log that replays elsewhere.
func TestConvert_RefusesWhatDoesNotPlayBack(t *testing.T) {
	rp, err := ginv1.ReadLog(bytes.NewReader(simpleGame(t, 3, 20, -1)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range rp.Records {
		if rp.Records[i].Type == "action" && rp.Records[i].Seq == 10 {
			s := rp.Records[i].Player.Other()
			rp.Records[i].Player = &s
		}
	}
	if err := ginv1.Convert(rp, "test", &memFile{}); err == nil {
		t.Fatal("an action by the wrong seat converted")
	}
}

// FuzzConvert feeds the reader and the converter arbitrary bytes, from
// real logs of format 1: never a panic; an error of the reader always
// names a line; a log the reader accepts converts to a table log that
// replays to the same position.
func FuzzConvert(f *testing.F) {
	f.Add(simpleGame(f, 9, 3, -1))
	f.Add(simpleGame(f, 4, 30, 5))
	f.Add(simpleGame(f, 5, -1, -1))
	f.Add([]byte(`{"type":"header","format":1,"game":"gin","rules":{},"seed":1,"players":["a","b"]}`))
	f.Add([]byte("{}\n{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := ginv1.ReadLog(bytes.NewReader(data))
		if err != nil {
			var le *ginv1.LogError
			if !errors.As(err, &le) || le.Line < 1 {
				t.Fatalf("error without a line: %v", err)
			}
			return
		}
		convertChecked(t, data)
	})
}

// A game saved in format 1, three actions in, read back: it replays, and
// is not over.
func ExampleReadLog() {
	var log bytes.Buffer
	rec, _ := ginv1test.NewRecordedGame(&log, gin.EAAI(), 42, [2]string{"alice", "bob"})
	h := rec.Game().Hand()
	_ = rec.Apply(h.Turn(), gin.PassAction())
	_ = rec.Apply(h.Turn(), gin.PassAction())
	_ = rec.Apply(h.Turn(), gin.DrawStockAction())
	rp, err := ginv1.ReadLog(&log)
	fmt.Println(err, rp.Actions, rp.Complete())
	// Output: <nil> 3 false
}
