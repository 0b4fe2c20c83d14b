package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/testenv"
)

// testCtx is a context for one test, ended by the test's (scaled) deadline.
func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(60*time.Second))
	t.Cleanup(cancel)
	return ctx
}

// openSQLiteT opens a store in a new file of the test's.
func openSQLiteT(t *testing.T) Store {
	t.Helper()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "felt.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLite(t *testing.T) { testStore(t, openSQLiteT) }

func TestSQLiteMemory(t *testing.T) {
	testStore(t, func(t *testing.T) Store {
		s, err := OpenSQLite(":memory:")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// newTable is a two-seat table named id.
func newTable(id string) Table {
	return Table{
		ID:      id,
		Game:    "gin",
		Options: json.RawMessage(`{"target":100}`),
		Seed:    math.MaxUint64 - 7,
		Seats: []Seat{
			{Kind: "person", Name: "Ann", TokenHash: bytes.Repeat([]byte{0xAB}, 32), Player: "p-ann"},
			{Kind: "computer", Level: "hard", Name: "Computer"},
		},
	}
}

// mustCreate creates table t.
func mustCreate(t *testing.T, s Store, tb Table) {
	t.Helper()
	if err := s.CreateTable(testCtx(t), tb); err != nil {
		t.Fatal(err)
	}
}

// mustAppend appends lines to table id from line n on.
func mustAppend(t *testing.T, s Store, id string, n int, lines ...string) {
	t.Helper()
	for i, l := range lines {
		if err := s.AppendLine(testCtx(t), id, n+i, []byte(l)); err != nil {
			t.Fatal(err)
		}
	}
}

// testStore is the conformance suite every Store passes. open returns a
// new, empty store, closed when the test ends.
func testStore(t *testing.T, open func(t *testing.T) Store) {
	t.Run("HostAndLobby", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		tb := newTable("t1")
		tb.Host, tb.Preset, tb.Lobby = "p-ann", "friends-6", true
		mustCreate(t, s, tb)
		mustCreate(t, s, newTable("t2"))
		got, err := s.Table(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Host != "p-ann" || got.Preset != "friends-6" || !got.Lobby {
			t.Errorf("host %q, preset %q, lobby %v: want p-ann, friends-6, true", got.Host, got.Preset, got.Lobby)
		}
		if got, _ := s.Table(ctx, "t2"); got.Host != "" || got.Lobby {
			t.Errorf("a table made without them: host %q, lobby %v", got.Host, got.Lobby)
		}
	})
	t.Run("Lobby", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		open3 := func(id string, lobby bool, created time.Time) Table {
			tb := newTable(id)
			tb.Lobby, tb.Created = lobby, created
			tb.Seats = append(tb.Seats, Seat{Kind: "person", Name: "Seat 2"}) // free
			return tb
		}
		at := time.Date(2026, 12, 6, 8, 0, 0, 0, time.UTC)
		mustCreate(t, s, open3("old", true, at))
		mustCreate(t, s, open3("new", true, at.Add(time.Minute)))
		mustCreate(t, s, open3("unlisted", false, at.Add(2*time.Minute)))
		full := open3("full", true, at.Add(3*time.Minute))
		full.Seats[2].Player = "p-bob"
		mustCreate(t, s, full)
		mustCreate(t, s, open3("playing", true, at.Add(4*time.Minute)))
		if err := s.SetStatus(ctx, "playing", Playing, nil); err != nil {
			t.Fatal(err)
		}
		ids := func(limit int) []string {
			ts, err := s.Lobby(ctx, limit)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, tb := range ts {
				out = append(out, tb.ID)
				if len(tb.Seats) != 3 {
					t.Errorf("lobby table %s has %d seats, want 3", tb.ID, len(tb.Seats))
				}
			}
			return out
		}
		if got := ids(0); !slices.Equal(got, []string{"new", "old"}) {
			t.Errorf("lobby %v, want the waiting listed tables with a free seat, newest first: [new old]", got)
		}
		if got := ids(1); !slices.Equal(got, []string{"new"}) {
			t.Errorf("lobby of at most 1: %v, want [new]", got)
		}
		if err := s.SetSeat(ctx, "new", 2, Seat{Kind: "person", Name: "Cy", Player: "p-cy"}); err != nil {
			t.Fatal(err)
		}
		if got := ids(0); !slices.Equal(got, []string{"old"}) {
			t.Errorf("after its free seat was taken: lobby %v, want [old]", got)
		}
	})
	t.Run("SetSeats", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		tb := newTable("t1")
		mustCreate(t, s, tb)
		moved := []Seat{tb.Seats[1], tb.Seats[0]}
		if err := s.SetSeats(ctx, "t1", moved); err != nil {
			t.Fatal(err)
		}
		got, err := s.Table(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		want := tb
		want.Seats, want.Status, want.Created, want.Updated = moved, Waiting, got.Created, got.Updated
		sameTable(t, got, want)
		if err := s.SetSeats(ctx, "t1", moved[:1]); err == nil {
			t.Error("one seat given for a table of two: no error")
		}
		if got2, _ := s.Table(ctx, "t1"); got2.Seats[0].Name != moved[0].Name || len(got2.Seats) != 2 {
			t.Errorf("a refused SetSeats changed the seats: %+v", got2.Seats)
		}
		if err := s.SetSeats(ctx, "nope", moved); !errors.Is(err, ErrNotFound) {
			t.Errorf("seats of a table not held: %v, want ErrNotFound", err)
		}
	})
	t.Run("Chat", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		mustCreate(t, s, newTable("t2"))
		at := time.Date(2026, 12, 6, 3, 4, 5, 6000, time.UTC)
		for i := range 5 {
			c := ChatLine{N: i, At: at.Add(time.Duration(i) * time.Second), Seat: i % 2, Name: "Ann", Text: fmt.Sprintf("line <b>%d</b> ♠", i)}
			if err := s.AppendChat(ctx, "t1", c); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.AppendChat(ctx, "t1", ChatLine{N: 3, Text: "again"}); !errors.Is(err, ErrConflict) {
			t.Errorf("a chat line numbered as one stored: %v, want ErrConflict", err)
		}
		if err := s.AppendChat(ctx, "t1", ChatLine{N: 9, Text: "gap"}); !errors.Is(err, ErrConflict) {
			t.Errorf("a chat line after a gap: %v, want ErrConflict", err)
		}
		if err := s.AppendChat(ctx, "nope", ChatLine{N: 0, Text: "x"}); !errors.Is(err, ErrNotFound) {
			t.Errorf("chat at a table not held: %v, want ErrNotFound", err)
		}
		if err := s.AppendChat(ctx, "t1", ChatLine{N: 5, Text: strings.Repeat("x", MaxChat+1)}); err == nil {
			t.Error("a chat line too long: no error")
		}
		got, err := s.Chat(ctx, "t1", 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0].N != 2 || got[2].N != 4 || got[2].Text != "line <b>4</b> ♠" || got[1].Seat != 1 ||
			!got[0].At.Equal(at.Add(2*time.Second)) || got[0].Name != "Ann" {
			t.Errorf("the last 3 lines: %+v", got)
		}
		if got, err := s.Chat(ctx, "t2", 10); err != nil || len(got) != 0 {
			t.Errorf("chat of a table without any: %v, %v", got, err)
		}
	})
	t.Run("CreateAndGet", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		want := newTable("t1")
		mustCreate(t, s, want)
		got, err := s.Table(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		want.Status = Waiting // a table created without a status waits
		if got.Created.IsZero() || got.Updated.IsZero() {
			t.Errorf("created %v, updated %v: want the database's clock", got.Created, got.Updated)
		}
		if d := time.Since(got.Created); d < -time.Minute || d > time.Minute {
			t.Errorf("created %v, %v from now", got.Created, d)
		}
		want.Created, want.Updated = got.Created, got.Updated
		sameTable(t, got, want)

		given := newTable("t2")
		given.Created = time.Date(2026, 1, 2, 3, 4, 5, 678901234, time.UTC)
		given.Status = Playing
		given.Options = nil
		mustCreate(t, s, given)
		got, err = s.Table(ctx, "t2")
		if err != nil {
			t.Fatal(err)
		}
		if w := given.Created.Truncate(time.Microsecond); !got.Created.Equal(w) {
			t.Errorf("created %v, want %v", got.Created, w)
		}
		if got.Status != Playing || got.Options != nil {
			t.Errorf("status %v, options %q: want playing, nil", got.Status, got.Options)
		}
	})

	t.Run("CreateExisting", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		other := newTable("t1")
		other.Game = "shengji"
		other.Seats = append(other.Seats, Seat{Kind: "computer"})
		if err := s.CreateTable(ctx, other); !errors.Is(err, ErrExists) {
			t.Fatalf("second table t1: %v, want ErrExists", err)
		}
		got, err := s.Table(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Game != "gin" || len(got.Seats) != 2 {
			t.Errorf("table t1 changed by a refused create: %+v", got)
		}
		if err := s.CreateTable(ctx, Table{Game: "gin"}); err == nil {
			t.Error("table without an id created")
		}
	})

	t.Run("NotFound", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		if _, err := s.Table(ctx, "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Table: %v, want ErrNotFound", err)
		}
		if err := s.SetSeat(ctx, "nope", 0, Seat{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetSeat: %v, want ErrNotFound", err)
		}
		if err := s.SetStatus(ctx, "nope", Over, nil); !errors.Is(err, ErrNotFound) {
			t.Errorf("SetStatus: %v, want ErrNotFound", err)
		}
		for _, n := range []int{0, 3} {
			if err := s.AppendLine(ctx, "nope", n, []byte("x")); !errors.Is(err, ErrNotFound) {
				t.Errorf("AppendLine %d: %v, want ErrNotFound", n, err)
			}
		}
		if _, err := s.Lines(ctx, "nope", 0); !errors.Is(err, ErrNotFound) {
			t.Errorf("Lines: %v, want ErrNotFound", err)
		}
		if _, err := s.Lease(ctx, "nope", "me", time.Minute); !errors.Is(err, ErrNotFound) {
			t.Errorf("Lease: %v, want ErrNotFound", err)
		}
	})

	t.Run("SetSeat", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		tb := newTable("t1")
		tb.Seats[1] = Seat{Kind: "person", Name: "?", TokenHash: []byte{1, 2, 3}}
		mustCreate(t, s, tb)
		before, _ := s.Table(ctx, "t1")
		seat := Seat{Kind: "person", Level: "normal", Name: "Bo", TokenHash: []byte{1, 2, 3}, Player: "p-bo"}
		if err := s.SetSeat(ctx, "t1", 1, seat); err != nil {
			t.Fatal(err)
		}
		got, err := s.Table(ctx, "t1")
		if err != nil {
			t.Fatal(err)
		}
		want := before
		want.Seats = []Seat{tb.Seats[0], seat}
		want.Updated = got.Updated
		sameTable(t, got, want)
		if got.Updated.Before(before.Updated) {
			t.Errorf("updated went back from %v to %v", before.Updated, got.Updated)
		}
		for _, i := range []int{-1, 2} {
			err := s.SetSeat(ctx, "t1", i, seat)
			if err == nil || errors.Is(err, ErrNotFound) {
				t.Errorf("seat %d of a two-seat table: %v, want an error naming the seat", i, err)
			}
		}
	})

	t.Run("SetStatus", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		if err := s.SetStatus(ctx, "t1", Playing, nil); err != nil {
			t.Fatal(err)
		}
		outcome := json.RawMessage(`{"winner":0,"score":[112,40]}`)
		if err := s.SetStatus(ctx, "t1", Over, outcome); err != nil {
			t.Fatal(err)
		}
		got, _ := s.Table(ctx, "t1")
		if got.Status != Over || !bytes.Equal(got.Outcome, outcome) {
			t.Errorf("status %v outcome %s, want over %s", got.Status, got.Outcome, outcome)
		}
		if err := s.SetStatus(ctx, "t1", Over, nil); err != nil {
			t.Fatal(err)
		}
		got, _ = s.Table(ctx, "t1")
		if !bytes.Equal(got.Outcome, outcome) {
			t.Errorf("outcome %s after a status without one, want %s kept", got.Outcome, outcome)
		}
		for _, st := range []Status{NoStatus, Abandoned + 1} {
			if err := s.SetStatus(ctx, "t1", st, nil); err == nil {
				t.Errorf("status %d accepted", st)
			}
		}
		got, _ = s.Table(ctx, "t1")
		if got.Status != Over {
			t.Errorf("status %v after refused changes, want over", got.Status)
		}
	})

	t.Run("AppendLine", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		mustCreate(t, s, newTable("t2"))
		if err := s.AppendLine(ctx, "t1", 1, []byte("one")); !errors.Is(err, ErrConflict) {
			t.Errorf("line 1 of an empty log: %v, want ErrConflict", err)
		}
		mustAppend(t, s, "t1", 0, "header", "one", "two")
		mustAppend(t, s, "t2", 0, "other")
		for _, n := range []int{0, 2, 4, 100} {
			if err := s.AppendLine(ctx, "t1", n, []byte("bad")); !errors.Is(err, ErrConflict) {
				t.Errorf("line %d of a three-line log: %v, want ErrConflict", n, err)
			}
		}
		for _, n := range []int{-1, math.MinInt64, math.MaxInt32 + 1, 1<<32 + 3} {
			if err := s.AppendLine(ctx, "t1", n, []byte("bad")); err == nil || errors.Is(err, ErrConflict) {
				t.Errorf("line %d: %v, want an error", n, err)
			}
		}
		mustAppend(t, s, "t1", 3, "three", "")
		sameLines(t, s, "t1", 0, "header", "one", "two", "three", "")
		sameLines(t, s, "t2", 0, "other")
	})

	t.Run("Lines", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		mustCreate(t, s, newTable("empty"))
		sameLines(t, s, "empty", 0)
		bin := string([]byte{0, 0xff, '\n', 0x80})
		mustAppend(t, s, "t1", 0, "a", "b", bin, "d")
		sameLines(t, s, "t1", 0, "a", "b", bin, "d")
		sameLines(t, s, "t1", 2, bin, "d")
		sameLines(t, s, "t1", 4)
		sameLines(t, s, "t1", 9)
		sameLines(t, s, "t1", 1<<32+1)
		if _, err := s.Lines(ctx, "t1", -1); err == nil {
			t.Error("lines from -1 read")
		}
	})

	t.Run("LargeLines", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		big := bytes.Repeat([]byte("0123456789abcdef"), MaxLine/16)
		big[len(big)-1] = '!'
		if err := s.AppendLine(ctx, "t1", 0, big); err != nil {
			t.Fatalf("line of MaxLine bytes: %v", err)
		}
		if err := s.AppendLine(ctx, "t1", 1, append(big, 'x')); err == nil || errors.Is(err, ErrConflict) {
			t.Errorf("line of MaxLine+1 bytes: %v, want an error", err)
		}
		mustAppend(t, s, "t1", 1, "after")
		lines, err := s.Lines(ctx, "t1", 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != 2 || !bytes.Equal(lines[0], big) || string(lines[1]) != "after" {
			t.Errorf("read %d lines back, first %d bytes", len(lines), len(lines[0]))
		}
	})

	t.Run("ConcurrentAppend", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		const writers, lines = 8, 40
		var wg sync.WaitGroup
		wins := make([][]int, writers) // wins[g]: the lines writer g wrote
		errs := make(chan error, writers)
		for g := range writers {
			wg.Go(func() {
				// A writer tries each line in turn: a conflict means
				// another writer wrote it.
				for n := range lines {
					err := s.AppendLine(ctx, "t1", n, fmt.Appendf(nil, "%d by %d", n, g))
					switch {
					case err == nil:
						wins[g] = append(wins[g], n)
					case !errors.Is(err, ErrConflict):
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		got, err := s.Lines(ctx, "t1", 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != lines {
			t.Fatalf("%d lines stored, want %d", len(got), lines)
		}
		winner := make([]int, lines)
		for n := range winner {
			winner[n] = -1
		}
		for g, ns := range wins {
			for _, n := range ns {
				if winner[n] >= 0 {
					t.Errorf("line %d written by both %d and %d", n, winner[n], g)
				}
				winner[n] = g
			}
		}
		for n, g := range winner {
			if want := fmt.Sprintf("%d by %d", n, g); string(got[n]) != want {
				t.Errorf("line %d is %q, its winner wrote %q", n, got[n], want)
			}
		}
	})

	t.Run("Active", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		for i, st := range []Status{Waiting, Playing, Over, Playing, Abandoned, NoStatus} {
			tb := newTable(fmt.Sprintf("t%d", i))
			tb.Status = st
			mustCreate(t, s, tb)
		}
		sameIDs(t, "active", func() ([]Table, error) { return s.Active(ctx) }, "t0", "t1", "t3", "t5")
		if err := s.SetStatus(ctx, "t1", Over, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
		if err := s.SetStatus(ctx, "t2", Playing, nil); err != nil {
			t.Fatal(err)
		}
		sameIDs(t, "active", func() ([]Table, error) { return s.Active(ctx) }, "t0", "t2", "t3", "t5")
		ts, _ := s.Active(ctx)
		want := newTable("t0")
		want.Status = Waiting
		want.Created, want.Updated = ts[0].Created, ts[0].Updated
		sameTable(t, ts[0], want)
	})

	t.Run("PlayerTables", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		for i := range 5 {
			tb := newTable(fmt.Sprintf("t%d", i))
			if i%2 == 1 {
				tb.Seats[0].Player = "p-bo"
			}
			if i == 3 {
				tb.Seats[1] = Seat{Kind: "person", Player: "p-ann"}
			}
			mustCreate(t, s, tb)
		}
		sameIDs(t, "ann's", func() ([]Table, error) { return s.PlayerTables(ctx, "p-ann", 0) }, "t4", "t3", "t2", "t0")
		sameIDs(t, "ann's first 2", func() ([]Table, error) { return s.PlayerTables(ctx, "p-ann", 2) }, "t4", "t3")
		sameIDs(t, "bo's", func() ([]Table, error) { return s.PlayerTables(ctx, "p-bo", 10) }, "t3", "t1")
		sameIDs(t, "nobody's", func() ([]Table, error) { return s.PlayerTables(ctx, "", 10) })
		sameIDs(t, "a stranger's", func() ([]Table, error) { return s.PlayerTables(ctx, "p-cy", 10) })
		if err := s.SetSeat(ctx, "t0", 1, Seat{Kind: "person", Player: "p-cy"}); err != nil {
			t.Fatal(err)
		}
		sameIDs(t, "cy's", func() ([]Table, error) { return s.PlayerTables(ctx, "p-cy", 10) }, "t0")
		ts, _ := s.PlayerTables(ctx, "p-bo", 10)
		if len(ts[0].Seats) != 2 || ts[0].Seats[1].Player != "p-ann" {
			t.Errorf("t3's seats %+v", ts[0].Seats)
		}
	})

	t.Run("Lease", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		mustCreate(t, s, newTable("t2"))
		lease := func(id, owner string, ttl time.Duration, want bool) {
			t.Helper()
			got, err := s.Lease(ctx, id, owner, ttl)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("lease of %s by %s: %v, want %v", id, owner, got, want)
			}
		}
		lease("t1", "a", time.Hour, true)
		lease("t1", "b", time.Hour, false)
		lease("t1", "a", time.Hour, true) // renewed
		lease("t2", "b", time.Hour, true) // another table
		if err := s.Release(ctx, "t1", "b"); err != nil {
			t.Fatal(err)
		}
		lease("t1", "b", time.Hour, false) // b's release of a's lease did nothing
		if err := s.Release(ctx, "t1", "a"); err != nil {
			t.Fatal(err)
		}
		lease("t1", "b", time.Hour, true)
		lease("t1", "a", time.Hour, false)

		// A short lease runs out.
		short := testenv.Timeout(300 * time.Millisecond)
		lease("t2", "b", short, true) // b's hour-long lease becomes short
		time.Sleep(short + 100*time.Millisecond)
		lease("t2", "a", time.Hour, true)
		lease("t2", "b", time.Hour, false)

		for _, bad := range []struct {
			owner string
			ttl   time.Duration
		}{{"", time.Hour}, {"a", 0}, {"a", -time.Second}} {
			if _, err := s.Lease(ctx, "t1", bad.owner, bad.ttl); err == nil {
				t.Errorf("lease by %q for %v taken", bad.owner, bad.ttl)
			}
		}
	})

	t.Run("ConcurrentLease", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		mustCreate(t, s, newTable("t1"))
		var wg sync.WaitGroup
		held := make(chan string, 8)
		for g := range 8 {
			wg.Go(func() {
				owner := fmt.Sprintf("owner%d", g)
				ok, err := s.Lease(ctx, "t1", owner, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					held <- owner
				}
			})
		}
		wg.Wait()
		close(held)
		var owners []string
		for o := range held {
			owners = append(owners, o)
		}
		if len(owners) != 1 {
			t.Errorf("lease held by %v, want one owner", owners)
		}
	})

	t.Run("ResultsSumToStats", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		for _, id := range []string{"r1", "r2", "r3"} {
			mustCreate(t, s, newTable(id))
		}
		rec := func(id string, rs ...Result) {
			t.Helper()
			if err := s.RecordResults(ctx, id, rs); err != nil {
				t.Fatal(err)
			}
		}
		rec("r1", Result{Seat: 0, Player: "p-ann", Game: "gin", Won: true}, Result{Seat: 1, Player: "p-bo", Game: "gin"})
		rec("r2", Result{Seat: 0, Player: "p-ann", Game: "shengji", Won: true, Levels: 5}, Result{Seat: 2, Player: "p-bo", Game: "shengji", Levels: -1})
		rec("r3", Result{Seat: 1, Player: "p-ann", Game: "shengji", Levels: 2})
		// Recorded again (a table recovered after its results were
		// saved): nothing counts twice, even a result said otherwise.
		rec("r1", Result{Seat: 0, Player: "p-ann", Game: "gin", Won: false}, Result{Seat: 1, Player: "p-bo", Game: "gin", Won: true})
		got, err := s.PlayerStats(ctx, "p-ann")
		if err != nil {
			t.Fatal(err)
		}
		want := []Stats{{Game: "gin", Played: 1, Won: 1}, {Game: "shengji", Played: 2, Won: 1, Levels: 7}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("p-ann's statistics %+v, want %+v", got, want)
		}
		got, err = s.PlayerStats(ctx, "p-bo")
		if err != nil {
			t.Fatal(err)
		}
		want = []Stats{{Game: "gin", Played: 1}, {Game: "shengji", Played: 1, Levels: -1}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("p-bo's statistics %+v, want %+v", got, want)
		}
		if got, err := s.PlayerStats(ctx, "nobody"); err != nil || got == nil || len(got) != 0 {
			t.Errorf("a player without results: %v, %v; want an empty list", got, err)
		}
		// A table the store does not hold, a result without a player:
		// refused, nothing recorded.
		if err := s.RecordResults(ctx, "nosuch", []Result{{Seat: 0, Player: "p-cy", Game: "gin"}}); !errors.Is(err, ErrNotFound) {
			t.Errorf("results of a table not held: %v, want ErrNotFound", err)
		}
		if err := s.RecordResults(ctx, "r3", []Result{{Seat: 3, Player: "p-cy", Game: "gin"}, {Seat: 2, Game: "gin"}}); err == nil {
			t.Error("a result without a player was recorded")
		}
		if got, _ := s.PlayerStats(ctx, "p-cy"); len(got) != 0 {
			t.Errorf("a refused recording counted: %+v", got)
		}
	})

	t.Run("Notify", func(t *testing.T) {
		s := open(t)
		n, ok := s.(Notifier)
		if !ok {
			t.Fatal("store is not a Notifier")
		}
		testNotify(t, n)
	})
}

// sameTable reports where got differs from want.
func sameTable(t *testing.T, got, want Table) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("table\n got %s\nwant %s", g, w)
	}
	if len(got.Seats) != len(want.Seats) {
		return
	}
	for i := range got.Seats {
		if !bytes.Equal(got.Seats[i].TokenHash, want.Seats[i].TokenHash) {
			t.Errorf("seat %d token hash %x, want %x", i, got.Seats[i].TokenHash, want.Seats[i].TokenHash)
		}
	}
}

// sameLines reports where table id's lines from from on differ from want.
func sameLines(t *testing.T, s Store, id string, from int, want ...string) {
	t.Helper()
	got, err := s.Lines(testCtx(t), id, from)
	if err != nil {
		t.Fatal(err)
	}
	var g []string
	for _, l := range got {
		if l == nil {
			t.Errorf("nil line")
		}
		g = append(g, string(l))
	}
	if strings.Join(g, "|") != strings.Join(want, "|") || len(g) != len(want) {
		t.Errorf("lines of %s from %d: %q, want %q", id, from, g, want)
	}
}

// sameIDs reports where the ids of the tables list returns differ from want.
func sameIDs(t *testing.T, what string, list func() ([]Table, error), want ...string) {
	t.Helper()
	ts, err := list()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tb := range ts {
		got = append(got, tb.ID)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s tables %v, want %v", what, got, want)
	}
}
