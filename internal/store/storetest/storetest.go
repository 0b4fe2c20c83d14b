package storetest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"felt/internal/testenv"
)

// PostgresEnv names the environment variable holding the DSN (a
// postgres:// URL) of the PostgreSQL database tests may use.
const PostgresEnv = "FELT_TEST_POSTGRES"

// PostgresDSN returns the test database's DSN. When PostgresEnv is not set
// it skips the test, or fails it when CI is "true": CI runs every test.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI", PostgresEnv)
		}
		t.Skipf("%s is not set", PostgresEnv)
	}
	return dsn
}

// PostgresSchema creates a schema of the test's own in the test database,
// dropped with everything in it when the test ends, and returns a DSN
// whose search path is that schema: stores opened with it see only the
// test's tables and notifications. It skips or fails the test as
// PostgresDSN does.
func PostgresSchema(t testing.TB) string {
	t.Helper()
	dsn := PostgresDSN(t)
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s is not a postgres:// URL", PostgresEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	defer conn.Close(ctx)
	schema := "felt_test_" + strings.ToLower(rand.Text()[:16])
	quoted := pgx.Identifier{schema}.Sanitize()
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+quoted); err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		defer cancel()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+quoted+" CASCADE"); err != nil {
			t.Errorf("storetest: drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresUser creates a login role of the test's own, with a random
// password, owning a schema of its own in the test database (both dropped
// when the test ends), and returns a postgres:// DSN that logs in as it
// with that schema as its search path, and the password: for tests that
// the password never reaches a log or an error. It skips or fails the
// test as PostgresDSN does.
func PostgresUser(t testing.TB) (dsn, password string) {
	t.Helper()
	admin := PostgresDSN(t)
	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s is not a postgres:// URL", PostgresEnv)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	defer conn.Close(ctx)
	name := "felt_user_" + strings.ToLower(rand.Text()[:12])
	password = "Pw-" + rand.Text()[:20]
	role := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "CREATE ROLE "+role+" LOGIN PASSWORD '"+password+"'"); err != nil {
		t.Fatalf("storetest: %v", err)
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+role+" AUTHORIZATION "+role); err != nil {
		t.Fatalf("storetest: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("storetest: drop role %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		// Its sessions first: a store the test left open would hold the role.
		conn.Exec(ctx, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1", name)
		for _, q := range []string{"DROP SCHEMA " + role + " CASCADE", "DROP OWNED BY " + role, "DROP ROLE " + role} {
			if _, err := conn.Exec(ctx, q); err != nil {
				t.Errorf("storetest: %s: %v", q, err)
			}
		}
	})
	u.User = url.UserPassword(name, password)
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), password
}
