package server

import (
	"bytes"
	"context"
	"encoding/json"
	gingame "felt/games/gin"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"felt/gin"
	"felt/internal/store"
	"felt/internal/testenv"
	"felt/table"
)

// ginLogLines plays a game of two simple players to its end at a table
// of this seed and returns its log's lines, cut after the second hand's
// deal: a table being played, its log as the store keeps it.
func ginLogLines(t *testing.T, seed uint64) (lines [][]byte, deal int) {
	t.Helper()
	var log bytes.Buffer
	var ps []table.Player[gin.Action, gin.Observation]
	for s := range 2 {
		p, err := gingame.Level("simple", rand.New(rand.NewPCG(seed, uint64(s))))
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	tb, err := table.New(gingame.Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{ID: "t", Seed: seed, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	deals := 0
	for i, l := range bytes.SplitAfter(log.Bytes(), []byte("\n")) {
		lines = append(lines, l)
		if bytes.Contains(l, []byte(`"type":"deal"`)) {
			if deals++; deals == 2 {
				return lines, i
			}
		}
	}
	t.Fatal("a game of one hand")
	return nil, 0
}

// TestRecoveryRefusesAnEditedDeal: a stored log whose deal is not the one
// its header's seed deals (two cards of the deck swapped) is not resumed
// when the server starts: recovery fails naming the table, the line and
// the difference, and the table is not run. The same log unedited
// resumes.
func TestRecoveryRefusesAnEditedDeal(t *testing.T) {
	lines, deal := ginLogLines(t, 11)
	deck := regexp.MustCompile(`"deck":\["(..)","(..)"`)
	m := deck.FindSubmatch(lines[deal])
	edited := append([][]byte(nil), lines...)
	edited[deal] = deck.ReplaceAll(lines[deal], []byte(`"deck":["$2","$1"`))
	for _, c := range []struct {
		name  string
		lines [][]byte
		want  string
	}{
		{"as played", lines, ""},
		{"edited", edited, `log line ` + strconv.Itoa(deal) + `: deal differs from the one dealt by the header's seed 11: deck[0] is "` + string(m[2]) + `" in the log, "` + string(m[1]) + `" from the seed`},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := sqliteStore(t)
			ctx := context.Background()
			seats := []store.Seat{{Kind: "computer", Level: "simple", Name: "simple"}, {Kind: "computer", Level: "simple", Name: "simple"}}
			if err := st.CreateTable(ctx, store.Table{ID: "t1", Game: "gin", Seed: 11, Seats: seats, Status: store.Playing}); err != nil {
				t.Fatal(err)
			}
			for i, l := range c.lines {
				if err := st.AppendLine(ctx, "t1", i, bytes.TrimSuffix(l, []byte("\n"))); err != nil {
					t.Fatal(err)
				}
			}
			var logs testenv.Buffer
			srv, err := New(Config{Store: st, Log: slog.New(slog.NewJSONHandler(&logs, nil))})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			if err := srv.Start(ctx); err != nil {
				t.Fatalf("Start: %v", err)
			}
			<-srv.Recovered() // the tables are recovered in the background
			_, running := srv.room("t1")
			var refused []string // the errors of the table's failed recovery
			for _, l := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
				var rec struct{ Msg, Table, Err string }
				if json.Unmarshal([]byte(l), &rec) == nil && rec.Msg == "recovering a table" && rec.Table == "t1" {
					refused = append(refused, rec.Err)
				}
			}
			if c.want == "" {
				if len(refused) > 0 || !running {
					t.Fatalf("recovery: %q, running %v", refused, running)
				}
				return
			}
			if len(refused) != 1 || !strings.Contains(refused[0], c.want) {
				t.Fatalf("recovery: %q, want %q", refused, c.want)
			}
			if running {
				t.Fatal("the table with the edited deal runs")
			}
		})
	}
}
