package arena

import (
	"context"
	"math"
	"testing"

	"felt/gin"
)

// TestGinTableMatchesAgentPlay: Gin Rummy through the table driver gives
// the figures of the agent driver: the same strength of play, measured on
// different deals (the table draws each hand's deck from its seed and the
// hand's number), so the win rates agree within their intervals.
func TestGinTableMatchesAgentPlay(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 100
	}
	cfg := Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: games, Seed: 9, Parallel: 2, Timeout: 1e10}
	table, err := RunGinTable(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	agent, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, sa := Summarize(cfg.A, cfg.B, table), Summarize(cfg.A, cfg.B, agent)
	if st.Games != games || st.Hands == 0 || st.AHandsWon+st.BHandsWon+int(math.Round(st.DrawRate*float64(st.Hands))) != st.Hands {
		t.Fatalf("table: %+v", st)
	}
	if st.CI95High < sa.CI95Low || sa.CI95High < st.CI95Low {
		t.Fatalf("win rates disagree: table %.3f [%.3f, %.3f], agent %.3f [%.3f, %.3f]",
			st.AWinRate, st.CI95Low, st.CI95High, sa.AWinRate, sa.CI95Low, sa.CI95High)
	}
	t.Logf("table %.3f [%.3f, %.3f] %.1f hands, agent %.3f [%.3f, %.3f]", st.AWinRate, st.CI95Low, st.CI95High, float64(st.Hands)/float64(games),
		sa.AWinRate, sa.CI95Low, sa.CI95High)
	again := PlayGinTable(context.Background(), cfg, 5)
	again.DecisionA, again.DecisionB, table[5].DecisionA, table[5].DecisionB = nil, nil, nil, nil
	if again.AWon != table[5].AWon || again.AScore != table[5].AScore || len(again.Hands) != len(table[5].Hands) {
		t.Fatal("game 5 played again differs")
	}
}
