package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"felt/games"
	"felt/internal/highcard"
	"felt/table"
)

func init() { highcard.Register() }

// TestTeamsFormDuringAMatch: a game whose teams form during the hand
// (internal/highcard's friend preset: seat 0's friend is revealed when it
// follows seat 0's suit) plays in the arena with no line about it. Each
// game's result is per player (A won when a larger share of A's seats
// than of B's won), the final teams are recorded, the summary counts
// teams by who played them (A and B on one team included), and the saved
// logs show the teams changing before the game's last card.
func TestTeamsFormDuringAMatch(t *testing.T) {
	g, err := games.Lookup("highcard")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := g.Rules("friend")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := Config{Game: g, Options: opts, A: "first", B: "first", Games: 60, Seed: 5, Parallel: 2, SaveDir: dir}
	recs, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	formed := map[string][2]int{}
	midHand := 0
	for _, r := range recs {
		b := table.AllSeats(3) &^ r.ASeats
		var all table.Seats
		won := false
		for _, team := range r.Teams {
			all |= team
			if team == r.Winners {
				won = true
			}
			k := teamPlayers(team, r.ASeats)
			f := formed[k]
			f[0]++
			if team == r.Winners {
				f[1]++
			}
			formed[k] = f
		}
		if all != table.AllSeats(3) || !won || len(r.Teams) != 2 {
			t.Fatalf("game %d: teams %v, winners %s", r.Index, r.Teams, r.Winners)
		}
		aShare := float64((r.Winners & r.ASeats).Len()) / float64(r.ASeats.Len())
		bShare := float64((r.Winners & b).Len()) / float64(b.Len())
		if r.AWon != (aShare > bShare) || r.Draw != (aShare == bShare) {
			t.Fatalf("game %d: A in %s, winners %s: A won %v, draw %v", r.Index, r.ASeats, r.Winners, r.AWon, r.Draw)
		}
		if r.AScore != aShare || r.BScore != bShare {
			t.Fatalf("game %d: scores A %g, B %g for shares %g, %g", r.Index, r.AScore, r.BScore, aShare, bShare)
		}
		if changedBeforeLastCard(t, filepath.Join(dir, "game-"+pad(r.Index)+".jsonl")) {
			midHand++
		}
	}
	if formed["A+B"][0] == 0 || formed["A"][0] == 0 || formed["B"][0] == 0 {
		t.Fatalf("teams formed %v: want teams of A alone, B alone and A with B", formed)
	}
	if midHand == 0 || midHand == len(recs) {
		t.Fatalf("teams changed before the last card in %d of %d games", midHand, len(recs))
	}
	s := Summarize(g, cfg.A, cfg.B, recs)
	for _, tr := range s.Teams {
		if f := formed[tr.Players]; tr.Formed != f[0] || tr.Won != f[1] {
			t.Errorf("summary: %s formed %d won %d, counted %v", tr.Players, tr.Formed, tr.Won, f)
		}
	}
	if s.AWins+s.BWins+s.Draws != s.Games {
		t.Errorf("summary: %d + %d + %d of %d games", s.AWins, s.BWins, s.Draws, s.Games)
	}
	var text bytes.Buffer
	s.Print(&text)
	if !strings.Contains(text.String(), "teams: A formed") || !strings.Contains(text.String(), "A+B formed") {
		t.Errorf("the report does not give the teams:\n%s", text.String())
	}
	js, err := json.Marshal(s)
	if err != nil || !bytes.Contains(js, []byte(`"teams":[{"players":"A","formed":`)) {
		t.Errorf("JSON %s: %v", js, err)
	}
}

// pad is a game's number as its saved log's name has it.
func pad(i int) string { return fmt.Sprintf("%06d", i) }

// changedBeforeLastCard walks a saved game and reports whether its teams
// changed while cards were still to be played.
func changedBeforeLastCard(t *testing.T, path string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, _ := games.Lookup("highcard")
	spec := g.Any().Spec
	solo, early := table.SoloTeams(3), false
	if _, err := table.Walk(f, spec, func(st table.Step[any, any, any]) error {
		if st.Engine.Teams() != solo && !st.Engine.Over() {
			early = true
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return early
}

// TestDrawsCountHalf: a drawn game is half a win for each player in the
// win rate, the mirrored pairs' interval and the round robin's Elo.
func TestDrawsCountHalf(t *testing.T) {
	g, err := games.Lookup("highcard")
	if err != nil {
		t.Fatal(err)
	}
	recs := []GameRecord{{Index: 0, ASeats: table.SeatsOf(0, 2), Draw: true}, {Index: 1, ASeats: table.SeatsOf(1), AWon: true},
		{Index: 2, ASeats: table.SeatsOf(0, 2), Draw: true}, {Index: 3, ASeats: table.SeatsOf(1)}}
	s := Summarize(g, "x", "y", recs)
	if s.AWins != 1 || s.BWins != 1 || s.Draws != 2 || s.AWinRate != 0.5 {
		t.Fatalf("%+v", s)
	}
	var text bytes.Buffer
	s.Print(&text)
	if !strings.Contains(text.String(), "drawn 2 games (half a win each)") {
		t.Errorf("report:\n%s", text.String())
	}
	rr := NewRoundRobin([]string{"x", "y"}, []Summary{s})
	if rr.WinRate[0][1] != 0.5 || rr.WinRate[1][0] != 0.5 || rr.Elo[0] != rr.Elo[1] {
		t.Errorf("round robin %+v", rr)
	}
}
