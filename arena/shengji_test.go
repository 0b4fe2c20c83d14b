package arena

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"felt/shengji"
)

func TestShengjiMatch(t *testing.T) {
	cfg := ShengjiConfig{A: "random", B: "random", Rules: shengji.Standard(), Games: 6, Seed: 3, Parallel: 2}
	recs, err := RunShengji(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 {
		t.Fatalf("%d games", len(recs))
	}
	for i, r := range recs {
		if r.ATeam != i%2 || len(r.Hands) == 0 || (r.AWon && r.ALevel != 14) || (!r.AWon && r.BLevel != 14) {
			t.Fatalf("game %d: %+v", i, r)
		}
	}
	s := SummarizeShengji("random", "random", recs)
	if s.Games != 6 || s.Pairs != 3 || s.AWins+s.BWins != 6 || s.AHandsWon+s.BHandsWon != s.Hands || s.CI95Low > s.AWinRate || s.CI95High < s.AWinRate {
		t.Fatalf("%+v", s)
	}
	b, _ := json.Marshal(s)
	var keys map[string]any
	_ = json.Unmarshal(b, &keys)
	for _, k := range []string{"a_wins", "b_wins", "a_win_rate", "ci95_low", "ci95_high", "hands", "a_hands_won", "b_hands_won",
		"a_levels_per_hand", "bank_kept_rate", "a_decision_ms_median", "forfeits"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no %q in %s", k, b)
		}
	}
	// Reproducible from the seed and the game's number.
	again := PlayShengjiGame(context.Background(), cfg, 3)
	again.DecisionA, again.DecisionB, recs[3].DecisionA, recs[3].DecisionB = nil, nil, nil, nil
	if !reflect.DeepEqual(again, recs[3]) {
		t.Fatal("game 3 played again differs")
	}
}

// TestShengjiMirrored: the two games of a pair are dealt the same first
// deck, A's team sitting at seats 0 and 2 in the first and 1 and 3 in the
// second.
func TestShengjiMirrored(t *testing.T) {
	if DealSeed(7, 4) != DealSeed(7, 5) || DealSeed(7, 5) == DealSeed(7, 6) {
		t.Fatal("pairs do not share their deals")
	}
}
