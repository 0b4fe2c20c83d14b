package store

import (
	"context"
	"strings"
)

// Open opens the store named by dsnOrPath: a PostgreSQL database for a URL
// starting postgres:// or postgresql:// (see OpenPostgres), else the SQLite
// file at that path (see OpenSQLite). Both stores are also Notifiers.
func Open(ctx context.Context, dsnOrPath string) (Store, error) {
	if IsPostgres(dsnOrPath) {
		return OpenPostgres(ctx, dsnOrPath)
	}
	return OpenSQLite(dsnOrPath)
}

// IsPostgres reports whether dsnOrPath names a PostgreSQL database rather
// than a SQLite file.
func IsPostgres(dsnOrPath string) bool {
	return strings.HasPrefix(dsnOrPath, "postgres://") || strings.HasPrefix(dsnOrPath, "postgresql://")
}
