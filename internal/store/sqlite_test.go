package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// sqliteMigrations is the real SQLite migrations followed by extra ones.
func sqliteMigrations(t *testing.T, extra ...string) fs.FS {
	t.Helper()
	fsys := fstest.MapFS{}
	ms, err := migrations(migrationFiles, "migrations/sqlite")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		fsys["m/"+m.name] = &fstest.MapFile{Data: []byte(m.sql)}
	}
	for i, sql := range extra {
		name := filepath.Base(strings.Replace("m/000X_extra.sql", "X", string(rune('0'+len(ms)+i+1)), 1))
		fsys["m/"+name] = &fstest.MapFile{Data: []byte(sql)}
	}
	return fsys
}

func TestSQLiteReopen(t *testing.T) {
	ctx := testCtx(t)
	path := filepath.Join(t.TempDir(), "felt.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, newTable("t1"))
	mustAppend(t, s, "t1", 0, "header", "one")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// The first migration creates its tables without IF NOT EXISTS: run
	// again, it would fail.
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sameLines(t, s, "t1", 0, "header", "one")
	mustAppend(t, s, "t1", 2, "two")
	ms, _ := migrations(migrationFiles, "migrations/sqlite")
	var rows int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM schema_version`).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if v, err := s.version(ctx); err != nil || v != len(ms) || rows != len(ms) {
		t.Errorf("schema version %d (%v) in %d rows, want %d", v, err, rows, len(ms))
	}
}

// shipped is the number of migrations the binary holds for a database
// (migrations/DB).
func shipped(t *testing.T, db string) int {
	t.Helper()
	ms, err := migrations(migrationFiles, "migrations/"+db)
	if err != nil {
		t.Fatal(err)
	}
	return len(ms)
}

func TestSQLiteFailedMigration(t *testing.T) {
	ctx := testCtx(t)
	path := filepath.Join(t.TempDir(), "felt.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s, newTable("t1"))
	s.Close()

	// Two new migrations, the second broken: neither is applied.
	bad := sqliteMigrations(t, "CREATE TABLE extra (x INTEGER);", "CREATE TABLE broken (;")
	if _, err := openSQLite(path, bad, "m"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%04d_extra.sql", shipped(t, "sqlite")+2)) {
		t.Fatalf("open with a broken migration: %v, want an error naming it", err)
	}
	s, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.version(ctx); err != nil || v != shipped(t, "sqlite") {
		t.Errorf("schema version %d (%v) after a failed migration, want %d", v, err, shipped(t, "sqlite"))
	}
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE name = 'extra'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("table extra of the failed migrations exists (%d, %v)", n, err)
	}
	if _, err := s.Table(ctx, "t1"); err != nil {
		t.Error(err)
	}

	// A fresh database whose first migration fails is left empty.
	fresh := filepath.Join(t.TempDir(), "fresh.db")
	if _, err := openSQLite(fresh, fstest.MapFS{"m/0001_x.sql": {Data: []byte("CREATE TABLE a (x); CREATE TABLE (;")}}, "m"); err == nil {
		t.Fatal("broken first migration applied")
	}
	s2, err := OpenSQLite(fresh)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if v, _ := s2.version(ctx); v != shipped(t, "sqlite") {
		t.Errorf("schema version %d, want %d", v, shipped(t, "sqlite"))
	}
}

func TestSQLiteNewerSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "felt.db")
	s, err := openSQLite(path, sqliteMigrations(t, "CREATE TABLE extra (x INTEGER);"), "m")
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := OpenSQLite(path); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Errorf("open of a newer database: %v, want an error", err)
	}
}

func TestMigrationNames(t *testing.T) {
	for _, fsys := range []fstest.MapFS{
		{"m/0002_a.sql": {}},
		{"m/0001_a.sql": {}, "m/0003_b.sql": {}},
		{"m/1_a.sql": {}},
		{"m/0001.sql": {}},
		{"m/README": {}},
	} {
		if ms, err := migrations(fsys, "m"); err == nil {
			t.Errorf("migrations %v read as %d", fsys, len(ms))
		}
	}
}

func TestOpenSQLitePath(t *testing.T) {
	for _, p := range []string{"", "a.db?mode=ro", "file:a.db", filepath.Join(t.TempDir(), "no", "such", "dir", "a.db")} {
		if s, err := OpenSQLite(p); err == nil {
			s.Close()
			t.Errorf("OpenSQLite(%q) opened", p)
		}
	}
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 1000)), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := OpenSQLite(junk); err == nil {
		s.Close()
		t.Error("OpenSQLite of a file that is not a database opened")
	} else {
		t.Log(err)
	}
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "x.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, ok := s.(*SQLite); !ok {
		t.Errorf("Open of a path gave %T", s)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.(Notifier).Notify(context.Background(), "x", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("notify after close: %v", err)
	}
}
