package store

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// migrationFiles holds the schema changes of both databases, numbered from
// 1 in the order they are applied.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migration is one numbered schema change.
type migration struct {
	version int
	name    string // the file's name, for errors
	sql     string
}

// migrations reads the numbered migrations in directory dir of fsys: files
// named NNNN_what.sql, numbered 1, 2, 3 … without gaps.
func migrations(fsys fs.FS, dir string) ([]migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	var ms []migration
	for _, e := range entries { // ReadDir sorts by name
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".sql") {
			continue
		}
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v < 1 || len(num) != 4 {
			return nil, fmt.Errorf("store: migration %s is not named NNNN_what.sql", name)
		}
		if v != len(ms)+1 {
			return nil, fmt.Errorf("store: migration %s is number %d, want %d", name, v, len(ms)+1)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("store: migration %s: %w", name, err)
		}
		ms = append(ms, migration{version: v, name: name, sql: string(b)})
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("store: no migrations in %s", dir)
	}
	return ms, nil
}
