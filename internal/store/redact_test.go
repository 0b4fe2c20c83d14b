package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"felt/internal/store/storetest"
	"felt/internal/testenv"
)

func TestRedact(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"postgres://felt:s3cr3t@db:5432/felt?sslmode=disable", "postgres://felt:xxxxx@db:5432/felt?sslmode=disable"},
		{"postgresql://u:p%40ss@h/d", "postgresql://u:xxxxx@h/d"},
		{"postgres://u@h/d?password=s3cr3t&sslmode=disable", "postgres://u@h/d?password=xxxxx&sslmode=disable"},
		{"host=db user=felt password=s3cr3t dbname=felt", "host=db user=felt password=xxxxx dbname=felt"},
		{`host=db password = 'it\'s a secret' dbname=felt`, "host=db password = xxxxx dbname=felt"},
		{"host=db PASSWORD='two words' dbname=felt", "host=db PASSWORD=xxxxx dbname=felt"},
		{`msg=listening db="postgres://a:b@c/d"`, `msg=listening db="postgres://a:xxxxx@c/d"`},
		{"postgres://nopassword@h/d", "postgres://nopassword@h/d"},
		{"felt.db", "felt.db"},
		{"/var/lib/felt/felt.db", "/var/lib/felt/felt.db"},
	} {
		if got := Redact(c.in); got != c.want {
			t.Errorf("Redact(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestPasswordOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"postgres://felt:s3cr3t@db/felt", "s3cr3t"},
		{"postgres://u:p%40ss@h/d", "p@ss"},
		{"postgres://u@h/d?password=q1", "q1"},
		{"host=db password=s3cr3t dbname=felt", "s3cr3t"},
		{`host=db password='a \' b' dbname=felt`, "a ' b"},
		{"felt.db", ""},
	} {
		if got := passwordOf(c.in); got != c.want {
			t.Errorf("passwordOf(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestOpenPostgresRedacts opens PostgreSQL with a wrong password, a bad
// port and a bad option, as a URL and as key=value: no error names the
// password. (pgx redacts its own messages too: this guards the whole
// path, TestRedactErr the redaction.)
func TestOpenPostgresRedacts(t *testing.T) {
	dsn := storetest.PostgresDSN(t)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	const pw = "Wr0ng-Secret-Pw"
	host, port := u.Hostname(), u.Port()
	if port == "" {
		port = "5432"
	}
	bad := *u
	bad.User = url.UserPassword(u.User.Username(), pw)
	unreachable := bad
	unreachable.Host = host + ":1"
	dsns := []string{
		bad.String(),         // authentication fails
		unreachable.String(), // nothing listens
		"postgres://" + u.User.Username() + ":" + pw + "@" + host + ":notaport/felt", // does not parse
		"host=" + host + " port=" + port + " user=" + u.User.Username() + " password=" + pw + " dbname=" + strings.TrimPrefix(u.Path, "/") + " sslmode=disable",
		"host=" + host + " port=1 user=felt password='" + pw + "' dbname=felt sslmode=disable",
		"host=" + host + " port=" + port + " user=felt password=" + pw + " dbname=felt sslmode=nonsense",
	}
	for _, d := range dsns {
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(30*time.Second))
		p, err := OpenPostgres(ctx, d)
		cancel()
		if err == nil {
			p.Close()
			t.Errorf("OpenPostgres(%s) opened", Redact(d))
			continue
		}
		if strings.Contains(err.Error(), pw) {
			t.Errorf("OpenPostgres's error names the password: %v", err)
		}
		if errors.Unwrap(err) == nil {
			t.Errorf("OpenPostgres's error %v wraps nothing", err)
		}
	}
}

// TestRedactErr redacts an error that quotes its DSN, as a driver's may:
// the password goes, in plain and escaped forms, and the error still
// wraps its cause.
func TestRedactErr(t *testing.T) {
	cause := errors.New("boom")
	for _, dsn := range []string{
		"postgres://felt:s3cr3t%2Fp%40ss@db/felt",
		"host=db user=felt password='s3cr3t/p@ss' dbname=felt",
		"host=db user=felt password=s3cr3t/p@ss dbname=felt",
	} {
		err := redactErr(fmt.Errorf("connecting to %s (password s3cr3t/p@ss, escaped s3cr3t%%2Fp%%40ss): %w", dsn, cause), dsn)
		if msg := err.Error(); strings.Contains(msg, "s3cr3t") {
			t.Errorf("redactErr(%s) = %q", Redact(dsn), msg)
		}
		if !errors.Is(err, cause) {
			t.Errorf("redactErr(%s) does not wrap its cause", Redact(dsn))
		}
	}
	if redactErr(nil, "postgres://a:b@c/d") != nil {
		t.Error("redactErr(nil) is not nil")
	}
}
