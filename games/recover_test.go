package games

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"testing"

	"felt/gin"
	"felt/shengji"
	"felt/table"
)

// everyOffset cuts log at every byte and checks that the recovered game is
// the uninterrupted game's state at the last complete line (states[n] is
// the game after line n), and, at every stride-th offset, that resuming it
// with the same players writes the rest of the original log byte for byte.
func everyOffset[M, O, E any, G any](t *testing.T, spec table.Spec[M, O, E], log []byte, states []G,
	game func(table.Engine[M, O, E]) G, players []table.Player[M, O], every, stride int) int {
	t.Helper()
	header := bytes.IndexByte(log, '\n')
	tried := 0
	for k := 0; k <= len(log); k++ {
		if k%every != 0 && k < len(log) && log[k] != '\n' && log[k-1] != '\n' {
			continue
		}
		tried++
		rec, err := table.Recover(bytes.NewReader(log[:k]), spec)
		if k <= header {
			if !errors.Is(err, table.ErrNoHeader) {
				t.Fatalf("cut at %d: %v, want ErrNoHeader", k, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut at %d: %v", k, err)
		}
		if want := bytes.LastIndexByte(log[:k], '\n') + 1; int(rec.Offset) != want || rec.Torn != k-want {
			t.Fatalf("cut at %d: offset %d torn %d, want offset %d", k, rec.Offset, rec.Torn, want)
		}
		if got, want := game(rec.Engine), states[rec.Lines-1]; !reflect.DeepEqual(got, want) {
			t.Fatalf("cut at %d: the game recovered at line %d is not the game that wrote it", k, rec.Lines-1)
		}
		if k%stride != 0 && k != len(log) {
			continue
		}
		var rest bytes.Buffer
		tb, err := table.Resume(rec, players, table.Options[M, O, E]{Log: &rest})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatalf("cut at %d: resumed: %v", k, err)
		}
		if !bytes.Equal(append(log[:rec.Offset:rec.Offset], rest.Bytes()...), log) {
			t.Fatalf("cut at %d: the resumed table wrote another log", k)
		}
	}
	return tried
}

// TestRecoverEveryOffset: whole games of both games (the first seeds whose
// logs are at most maxLog bytes: the test is quadratic), their logs cut at
// every byte. With -short or the race detector, every 17th byte and each
// byte around a newline.
func TestRecoverEveryOffset(t *testing.T) {
	const games, maxLog = 3, 14 << 10
	every, stride := 1, 5
	if testing.Short() || raceEnabled {
		every, stride = 17, 97
	}
	offsets, bytesIn := 0, 0
	for seed, found := uint64(1), 0; found < games; seed++ {
		var gs []gin.Game
		log, res := runGin(t, seed, short, ginPures(), func(tb *ginTable, n int) {
			gs = append(gs, *tb.Engine().(*GinEngine).Game())
		})
		if !res.Over {
			t.Fatalf("gin seed %d: %+v", seed, res)
		}
		if len(log) > maxLog {
			continue
		}
		found++
		offsets += everyOffset(t, Gin, log, gs, func(e table.Engine[gin.Action, gin.Observation, gin.Event]) gin.Game {
			return *e.(*GinEngine).Game()
		}, ginPures(), every, stride)
		bytesIn += len(log)
		t.Logf("gin seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
	for seed, found := uint64(1), 0; found < games; seed++ {
		var ss []shengji.Game
		log, res := runSJ(t, seed, fast, sjPures(), func(tb *sjTable, n int) {
			ss = append(ss, *tb.Engine().(*ShengjiEngine).Game())
		})
		if !res.Over {
			t.Fatalf("shengji seed %d: %+v", seed, res)
		}
		if len(log) > maxLog {
			continue
		}
		found++
		offsets += everyOffset(t, Shengji, log, ss, func(e table.Engine[shengji.Action, shengji.Observation, shengji.Event]) shengji.Game {
			return *e.(*ShengjiEngine).Game()
		}, sjPures(), every, stride)
		bytesIn += len(log)
		t.Logf("shengji seed %d: %d hands, %d lines, %d bytes", seed, res.Hands, res.Lines, len(log))
	}
	t.Logf("%d offsets of %d bytes of logs recovered", offsets, bytesIn)
}
