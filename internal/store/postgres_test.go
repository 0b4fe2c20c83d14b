package store

import (
	"context"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"felt/internal/store/storetest"
	"felt/internal/testenv"
)

// postgresSchema is storetest.PostgresSchema.
func postgresSchema(t testing.TB) string {
	t.Helper()
	return storetest.PostgresSchema(t)
}

// openPostgresT opens dsn, closing the store when the test ends.
func openPostgresT(t testing.TB, dsn string) *Postgres {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	p, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func TestPostgres(t *testing.T) {
	testStore(t, func(t *testing.T) Store { return openPostgresT(t, postgresSchema(t)) })
}

// pgMigrations is the real Postgres migrations followed by extra ones.
func pgMigrations(t *testing.T, extra ...string) fs.FS {
	t.Helper()
	fsys := fstest.MapFS{}
	ms, err := migrations(migrationFiles, "migrations/postgres")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		fsys["m/"+m.name] = &fstest.MapFile{Data: []byte(m.sql)}
	}
	for i, sql := range extra {
		fsys["m/"+strings.Replace("000X_extra.sql", "X", string(rune('0'+len(ms)+i+1)), 1)] = &fstest.MapFile{Data: []byte(sql)}
	}
	return fsys
}

func TestPostgresReopen(t *testing.T) {
	ctx := testCtx(t)
	dsn := postgresSchema(t)
	p, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, p, newTable("t1"))
	mustAppend(t, p, "t1", 0, "header", "one")
	p.Close()
	// The first migration creates its tables without IF NOT EXISTS: run
	// again, it would fail.
	p = openPostgresT(t, dsn)
	sameLines(t, p, "t1", 0, "header", "one")
	ms, _ := migrations(migrationFiles, "migrations/postgres")
	var rows int
	if err := p.pool.QueryRow(ctx, `SELECT count(*) FROM schema_version`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if v, err := p.version(ctx); err != nil || v != len(ms) || rows != len(ms) {
		t.Errorf("schema version %d (%v) in %d rows, want %d", v, err, rows, len(ms))
	}
}

func TestPostgresFailedMigration(t *testing.T) {
	ctx := testCtx(t)
	dsn := postgresSchema(t)
	p := openPostgresT(t, dsn)
	mustCreate(t, p, newTable("t1"))
	bad := pgMigrations(t, "CREATE TABLE extra (x integer);", "CREATE TABLE broken (;")
	if _, err := openPostgres(ctx, dsn, bad, "m"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%04d_extra.sql", shipped(t, "postgres")+2)) {
		t.Fatalf("open with a broken migration: %v, want an error naming it", err)
	}
	if v, err := p.version(ctx); err != nil || v != shipped(t, "postgres") {
		t.Errorf("schema version %d (%v) after a failed migration, want %d", v, err, shipped(t, "postgres"))
	}
	var n int
	if err := p.pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'extra'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("table extra of the failed migrations exists (%d, %v)", n, err)
	}
	if _, err := p.Table(ctx, "t1"); err != nil {
		t.Error(err)
	}
	// A newer database is refused.
	if _, err := openPostgres(ctx, dsn, pgMigrations(t, "CREATE TABLE extra (x integer);"), "m"); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenPostgres(ctx, dsn); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("open of a newer database: %v, want an error", err)
	}
}

// TestPostgresConcurrentOpen opens one new schema from several goroutines
// at once: they take turns migrating it.
func TestPostgresConcurrentOpen(t *testing.T) {
	dsn := postgresSchema(t)
	ctx := testCtx(t)
	var wg sync.WaitGroup
	for range 6 {
		wg.Go(func() {
			p, err := OpenPostgres(ctx, dsn)
			if err != nil {
				t.Error(err)
				return
			}
			p.Close()
		})
	}
	wg.Wait()
	p := openPostgresT(t, dsn)
	if v, err := p.version(ctx); err != nil || v != shipped(t, "postgres") {
		t.Errorf("schema version %d (%v), want %d", v, err, shipped(t, "postgres"))
	}
}

func TestPostgresNoSchema(t *testing.T) {
	dsn := postgresSchema(t)
	u, _ := url.Parse(dsn)
	q := u.Query()
	q.Set("search_path", "felt_no_such_schema_"+hex.EncodeToString([]byte(t.Name()))[:8])
	u.RawQuery = q.Encode()
	if p, err := OpenPostgres(testCtx(t), u.String()); err == nil {
		p.Close()
		t.Error("opened a search path without a schema")
	}
}

// TestPostgresNotifyProcesses passes messages between two stores on one
// database, as between two processes, and none to another schema's.
func TestPostgresNotifyProcesses(t *testing.T) {
	ctx := testCtx(t)
	dsn := postgresSchema(t)
	a, b := openPostgresT(t, dsn), openPostgresT(t, dsn)
	other := openPostgresT(t, postgresSchema(t))
	fromA, err := b.Listen(ctx, "table.t1")
	if err != nil {
		t.Fatal(err)
	}
	self, err := a.Listen(ctx, "table.t1")
	if err != nil {
		t.Fatal(err)
	}
	elsewhere, err := other.Listen(ctx, "table.t1")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Notify(ctx, "table.t1", []byte(`{"move":1}`)); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan []byte{fromA, self} {
		if got := string(receive(t, ch)); got != `{"move":1}` {
			t.Errorf("got %q", got)
		}
	}
	quiet(t, elsewhere)
}

// TestPostgresListenReconnect kills the listening connection: the listener
// gets a nil (messages may have been lost), then later messages.
func TestPostgresListenReconnect(t *testing.T) {
	ctx := testCtx(t)
	dsn := postgresSchema(t)
	p := openPostgresT(t, dsn)
	ch, err := p.Listen(ctx, "x")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Notify(ctx, "x", []byte("before")); err != nil {
		t.Fatal(err)
	}
	if got := string(receive(t, ch)); got != "before" {
		t.Fatalf("got %q", got)
	}
	pid := p.pid.Load()
	var ok bool
	if err := p.pool.QueryRow(ctx, `SELECT pg_terminate_backend($1)`, int32(pid)).Scan(&ok); err != nil || !ok {
		t.Fatalf("terminate listener %d: %v %v", pid, ok, err)
	}
	if got := receive(t, ch); got != nil {
		t.Fatalf("got %q after the connection was lost, want nil", got)
	}
	if p.pid.Load() == pid {
		t.Error("listening on the killed connection")
	}
	if err := p.Notify(ctx, "x", []byte("after")); err != nil {
		t.Fatal(err)
	}
	if got := string(receive(t, ch)); got != "after" {
		t.Fatalf("got %q", got)
	}
}

func TestOpenPostgresURL(t *testing.T) {
	dsn := postgresSchema(t)
	s, err := Open(testCtx(t), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*Postgres); !ok {
		t.Errorf("Open of %s gave %T", dsn, s)
	}
}
