package loadtest

import (
	"context"
	"felt/games"
	_ "felt/games/all" // the games the server plays
	"felt/internal/highcard"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"felt/card"
	"felt/internal/server"
	"felt/internal/store"
	"felt/internal/store/storetest"
	"felt/internal/testenv"
	"felt/internal/visible"
	"felt/program"
)

// serve starts a server on the store at a loopback address and returns it.
func serve(t *testing.T, st store.Store) string {
	t.Helper()
	srv, err := server.New(server.Config{Store: st}.WithoutTableLimits())
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
		defer cancel()
		hs.Shutdown(ctx)
		srv.Close()
	})
	return "http://" + ln.Addr().String()
}

// load runs a small load test against a server on st and checks it had
// no error, played moves and checked their cards. It asserts nothing of
// the latency: that is the measurement's, on a machine of its own.
func load(t *testing.T, st store.Store, game string) {
	url := serve(t, st)
	rep, err := Run(context.Background(), Config{
		URLs: []string{url}, Tables: 20, Duration: 10 * time.Second, Think: 80 * time.Millisecond, Game: game,
		Wait:  testenv.Timeout(60 * time.Second),
		Lines: func(ctx context.Context, id string) ([][]byte, error) { return st.Lines(ctx, id, 0) },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s\n%s", game, rep)
	if rep.Errors > 0 || rep.Leaks > 0 {
		t.Fatalf("%d errors, %d leaks: %v", rep.Errors, rep.Leaks, rep.Samples)
	}
	if bound := program.MaxLegalBytes + 8<<10; rep.MaxDecision == 0 || rep.MaxDecision > bound {
		t.Fatalf("the largest decision has %d bytes, want 1 to %d", rep.MaxDecision, bound)
	}
	if rep.Tables < 20 || rep.Moves == 0 || rep.Checked == 0 {
		t.Fatalf("too little played: %d tables, %d moves, %d messages checked", rep.Tables, rep.Moves, rep.Checked)
	}
}

func TestLoadSQLite(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	load(t, st, "mix")
}

func TestLoadPostgres(t *testing.T) {
	dsn := storetest.PostgresSchema(t)
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	st, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	load(t, st, "gin")
}

// TestLoadThirdGame: a game the load test has no line about
// (internal/highcard, registered here) is played, its cards checked.
func TestLoadThirdGame(t *testing.T) {
	highcard.Register()
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	load(t, st, "highcard")
}

// TestLeakCheckFinds: the hidden-card check passes a real game's messages
// and finds a card the seat could not see slipped into one of them.
func TestLeakCheckFinds(t *testing.T) {
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	url := serve(t, st)
	r := &run{cfg: Config{Think: 80 * time.Millisecond, Wait: testenv.Timeout(60 * time.Second)}, http: http.DefaultClient,
		deadline: time.Now().Add(testenv.Timeout(60 * time.Second))}
	g, err := games.Lookup("gin")
	if err != nil {
		t.Fatal(err)
	}
	p := &player{r: r, rng: rand.New(rand.NewPCG(1, 2)), game: "gin", g: g.Any(), id: "p1"}
	if err := p.play(context.Background(), url, url); err != nil {
		t.Fatal(err)
	}
	lines, err := st.Lines(context.Background(), p.table, 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed, err := allowedAt("gin", lines, tableSeat(p.seat))
	if err != nil {
		t.Fatal(err)
	}
	if bad, what := leaks(allowed, p.seen); bad != 0 || len(p.seen) < 10 {
		t.Fatalf("%d messages, %d leaks: %v", len(p.seen), bad, what)
	}
	// A decision in the middle of the game naming the whole deck.
	var i int
	for i = len(p.seen) / 2; p.seen[i].what != "decide"; i++ {
	}
	s := p.seen[i]
	s.faces = visible.JSONFaces([]byte(`{"hand":"` + card.FullSet.String() + `"}`))
	if s.faces != card.FullSet {
		t.Fatalf("faces read %s", s.faces)
	}
	if bad, what := leaks(allowed, append(p.seen, s)); bad != 1 {
		t.Fatalf("%d leaks found in a decision naming every card: %v", bad, what)
	}
	// A card in a message that names no moment.
	if bad, _ := leaks(allowed, []sighting{{p: point{-1, -1}, faces: card.Bit(card.MustParse("QS")), what: "seats"}}); bad != 1 {
		t.Fatal("a card in a seats message passed")
	}
}
