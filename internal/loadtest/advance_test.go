package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	sjgame "felt/games/shengji"
	"math/rand/v2"
	"testing"

	"felt/shengji"
	"felt/table"
)

// TestAllowedAfterTheLastLine: a Shengji table read while it deals has
// advanced past its last stored line (the advances are logged with the
// next line). What a seat may see at those moments is worked out by making
// the advances, the same as the whole log says they were; before, those
// moments were missing and every card sent at them counted as a leak.
func TestAllowedAfterTheLastLine(t *testing.T) {
	var log bytes.Buffer
	players := make([]table.Player[shengji.Action, shengji.Observation], 4)
	for i := range players {
		p, err := sjgame.Level("random", rand.New(rand.NewPCG(uint64(i), 9)))
		if err != nil {
			t.Fatal(err)
		}
		players[i] = p
	}
	tb, err := table.New(sjgame.Spec, players, table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: 5, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	tb.Run(ctx)
	lines := bytes.SplitAfter(bytes.TrimSuffix(log.Bytes(), []byte{'\n'}), []byte{'\n'})
	full, err := allowedAt("shengji", lines, 1)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for L := 2; L < len(lines) && checked < 20; L++ {
		var rec struct{ Adv int }
		json.Unmarshal(lines[L], &rec)
		if rec.Adv < 2 {
			continue
		}
		cut, err := allowedAt("shengji", lines[:L], 1)
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= rec.Adv; k++ {
			got, ok := cut[point{L, k}]
			if !ok || got != full[point{L, k}] {
				t.Fatalf("log cut before line %d: moment {%d %d} allowed %v (known %v), the whole log says %v", L, L, k, got, ok, full[point{L, k}])
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no line with advances before it")
	}
}
