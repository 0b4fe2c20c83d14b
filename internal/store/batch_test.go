package store

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// batchStore is a store whose batches of lines tests can commit directly.
type batchStore interface {
	Store
	appendBatch(batch []*appendReq, errs []error)
}

// testBatch checks one batch of lines: each line's outcome is its own.
func testBatch(t *testing.T, s batchStore) {
	ctx := testCtx(t)
	mustCreate(t, s, newTable("t1"))
	mustCreate(t, s, newTable("t2"))
	mustAppend(t, s, "t2", 0, "header")
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	req := func(ctx context.Context, id string, n int, line string) *appendReq {
		return &appendReq{ctx: ctx, id: id, n: n, line: []byte(line)}
	}
	batch := []*appendReq{
		req(ctx, "t1", 0, "t1 header"),
		req(ctx, "t2", 1, "t2 one"),
		req(ctx, "t2", 1, "t2 one again"), // conflict
		req(ctx, "t1", 1, "t1 one"),       // after its line 0, in the same batch
		req(ctx, "nope", 0, "x"),          // no such table
		req(ctx, "bad\x00id", 0, "x"),     // an id PostgreSQL cannot even compare
		req(canceled, "t2", 2, "never"),   // its caller gave up
		req(ctx, "t1", 5, "gap"),          // conflict
	}
	errs := make([]error, len(batch))
	s.appendBatch(batch, errs)
	want := []error{nil, nil, ErrConflict, nil, ErrNotFound, errAny, context.Canceled, ErrConflict}
	for i, w := range want {
		switch {
		case w == nil && errs[i] != nil, w == errAny && errs[i] == nil,
			w != nil && w != errAny && !errors.Is(errs[i], w):
			t.Errorf("line %d (%s %d): %v, want %v", i, batch[i].id, batch[i].n, errs[i], w)
		}
	}
	sameLines(t, s, "t1", 0, "t1 header", "t1 one")
	sameLines(t, s, "t2", 0, "header", "t2 one")

	// A batch of lines of different tables (Postgres appends them in one
	// statement).
	mustCreate(t, s, newTable("t3"))
	for _, bad := range []bool{false, true} {
		batch = []*appendReq{
			req(ctx, "t3", 0, "t3 header"),
			req(ctx, "t1", 2, "t1 two"),
			req(ctx, "t2", 1, "t2 one again"), // conflict
			req(ctx, "nope", 0, "x"),          // no such table
		}
		want = []error{nil, nil, ErrConflict, ErrNotFound}
		if bad {
			batch[0].n, batch[1].n = 1, 3
			batch = append(batch, req(ctx, "bad\x00id", 0, "x"))
			want = append(want, errAny)
		}
		errs = make([]error, len(batch))
		s.appendBatch(batch, errs)
		for i, w := range want {
			switch {
			case w == nil && errs[i] != nil, w == errAny && errs[i] == nil,
				w != nil && w != errAny && !errors.Is(errs[i], w):
				t.Errorf("line %d (%s %d): %v, want %v", i, batch[i].id, batch[i].n, errs[i], w)
			}
		}
	}
	sameLines(t, s, "t1", 0, "t1 header", "t1 one", "t1 two", "t1 two")
	sameLines(t, s, "t2", 0, "header", "t2 one")
	sameLines(t, s, "t3", 0, "t3 header", "t3 header")
}

// errAny stands for any error.
var errAny = errors.New("any error")

func TestSQLiteBatch(t *testing.T) { testBatch(t, openSQLiteT(t).(*SQLite)) }

func TestPostgresBatch(t *testing.T) { testBatch(t, openPostgresT(t, postgresSchema(t))) }

// TestPostgresBatchOrder has two processes append the same lines in
// opposite orders: their batches never deadlock (which would make the
// batch fail as one), and one of them writes each line. Batches of lines
// of different tables go in one statement; a batch with two lines of one
// table (here a line twice) goes as a pipeline of statements.
func TestPostgresBatchOrder(t *testing.T) {
	for _, pipeline := range []bool{false, true} {
		t.Run(fmt.Sprint("pipeline=", pipeline), func(t *testing.T) {
			testBatchOrder(t, pipeline)
		})
	}
}

func testBatchOrder(t *testing.T, pipeline bool) {
	dsn := postgresSchema(t)
	a, b := openPostgresT(t, dsn), openPostgresT(t, dsn)
	ctx := testCtx(t)
	const tables, rounds = 24, 60
	for i := range tables {
		mustCreate(t, a, newTable(fmt.Sprintf("t%02d", i)))
	}
	for n := range rounds {
		var wg sync.WaitGroup
		written := make([][]error, 2)
		for k, p := range []*Postgres{a, b} {
			wg.Go(func() {
				var batch []*appendReq
				for i := range tables {
					if k == 1 {
						i = tables - 1 - i
					}
					batch = append(batch, &appendReq{ctx: ctx, id: fmt.Sprintf("t%02d", i), n: n, line: fmt.Appendf(nil, "%d", k)})
					if pipeline {
						batch = append(batch, &appendReq{ctx: ctx, id: fmt.Sprintf("t%02d", i), n: n, line: []byte("again")})
					}
				}
				written[k] = make([]error, len(batch))
				p.appendBatch(batch, written[k])
			})
		}
		wg.Wait()
		for k := range written {
			for i, err := range written[k] {
				if err != nil && !errors.Is(err, ErrConflict) {
					t.Fatalf("round %d, store %d line %d: %v", n, k, i, err)
				}
			}
		}
	}
	if f := a.batchFailures.Load() + b.batchFailures.Load(); f != 0 {
		t.Errorf("%d batches failed as one", f)
	}
	for i := range tables {
		lines, err := a.Lines(ctx, fmt.Sprintf("t%02d", i), 0)
		if err != nil || len(lines) != rounds {
			t.Errorf("table %d: %d lines (%v), want %d", i, len(lines), err, rounds)
		}
		for n, l := range lines {
			if string(l) != "0" && string(l) != "1" && (!pipeline || string(l) != "again") {
				t.Errorf("table %d line %d is %q", i, n, l)
			}
		}
	}
}

// TestCloseWhileAppending closes a store while goroutines append to it:
// each append either returns nil, and its line is stored, or an error, and
// it is not.
func TestCloseWhileAppending(t *testing.T) {
	path := filepath.Join(t.TempDir(), "felt.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	const writers = 16
	for g := range writers {
		mustCreate(t, s, newTable(fmt.Sprint("t", g)))
	}
	stored := make([]int, writers) // lines appended without error
	var wg sync.WaitGroup
	for g := range writers {
		wg.Go(func() {
			for n := 0; ; n++ {
				if err := s.AppendLine(context.Background(), fmt.Sprint("t", g), n, []byte("line")); err != nil {
					if !errors.Is(err, ErrClosed) {
						t.Errorf("writer %d line %d: %v", g, n, err)
					}
					return
				}
				stored[g] = n + 1
			}
		})
	}
	time.Sleep(50 * time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	total := 0
	for g := range writers {
		lines, err := s.Lines(testCtx(t), fmt.Sprint("t", g), 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(lines) != stored[g] {
			t.Errorf("table %d: %d lines stored, %d reported", g, len(lines), stored[g])
		}
		total += len(lines)
	}
	t.Logf("%d lines before close", total)
}

// TestAppendClosed checks a closed store appends nothing.
func TestAppendClosed(t *testing.T) {
	s := openSQLiteT(t)
	mustCreate(t, s, newTable("t1"))
	s.Close()
	if err := s.AppendLine(context.Background(), "t1", 0, []byte("x")); !errors.Is(err, ErrClosed) {
		t.Errorf("append to a closed store: %v, want ErrClosed", err)
	}
}
