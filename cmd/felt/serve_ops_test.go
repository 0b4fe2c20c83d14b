package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"felt/internal/store/storetest"
	"felt/internal/testenv"
)

// TestServeOperator runs felt serve on PostgreSQL, as a role with a
// password of its own, with JSON logs and metrics on a second address:
// every log line is JSON and none holds the password; /metrics answers on
// the metrics address only; /healthz and /readyz answer.
func TestServeOperator(t *testing.T) {
	dsn, password := storetest.PostgresUser(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr testenv.Buffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--log-format", "json",
			"--metrics-addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, &stderr)
	}()
	urls := map[string]string{} // msg -> url
	deadline := time.Now().Add(testenv.Timeout(60 * time.Second))
	for urls["listening"] == "" {
		select {
		case err := <-done:
			t.Fatalf("felt serve ended: %v\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("felt serve did not listen:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
		for _, line := range strings.Split(stderr.String(), "\n") {
			var rec struct{ Msg, URL string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.URL != "" {
				urls[rec.Msg] = rec.URL
			}
		}
	}
	public, metrics := urls["listening"], urls["metrics listening"]
	if metrics == "" {
		t.Fatalf("no metrics address logged:\n%s", stderr.String())
	}
	get := func(u string) (int, string) {
		t.Helper()
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := get(metrics); code != 200 || !strings.Contains(body, "felt_tables{") || !strings.Contains(body, "felt_moves_total") {
		t.Errorf("GET %s: %d %.300s", metrics, code, body)
	}
	if code, body := get(public + "/metrics"); code == 200 || strings.Contains(body, "felt_") {
		t.Errorf("the public address serves the metrics: %d %.200s", code, body)
	}
	if code, _ := get(public + "/healthz"); code != 200 {
		t.Errorf("healthz: %d", code)
	}
	// The tables are recovered in the background: ready soon after.
	for ready := time.Now().Add(testenv.Timeout(30 * time.Second)); ; {
		code, body := get(public + "/readyz")
		if code == 200 {
			break
		}
		if time.Now().After(ready) {
			t.Errorf("readyz: %d %s", code, body)
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("felt serve stopped with %v", err)
		}
	case <-time.After(testenv.Timeout(60 * time.Second)):
		t.Fatal("felt serve did not stop")
	}
	out := stderr.String()
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Errorf("a log line that is not JSON: %q", line)
		}
	}
	if strings.Contains(out, password) {
		t.Errorf("the log holds the database password:\n%s", out)
	}
	if !strings.Contains(out, `"db":"postgres://`) {
		t.Errorf("the log does not say which database (without its password):\n%s", out)
	}
}

// TestServeRedactsStoreErrors: a database felt serve cannot open (a wrong
// password, an unparsable URL) is an error naming it without the password.
func TestServeRedactsStoreErrors(t *testing.T) {
	u, err := url.Parse(storetest.PostgresDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	const pw = "Not-The-Password-93"
	u.User = url.UserPassword(u.User.Username(), pw)
	for _, db := range []string{u.String(), "postgres://felt:" + pw + "@127.0.0.1:notaport/felt"} {
		var stderr testenv.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(60*time.Second))
		err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, strings.NewReader(""), io.Discard, &stderr)
		cancel()
		if err == nil {
			t.Fatalf("felt serve ran on %s", u.Redacted())
		}
		if strings.Contains(err.Error(), pw) || strings.Contains(stderr.String(), pw) {
			t.Errorf("the password shows: %v\n%s", err, stderr.String())
		}
		if !strings.Contains(err.Error(), "postgres://felt:xxxxx@") {
			t.Errorf("the error does not name the store: %v", err)
		}
	}
}

// TestServeLogFormat: --log-format is text or json.
func TestServeLogFormat(t *testing.T) {
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--log-format", "xml"}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "text or json") {
		t.Fatalf("--log-format xml: %v", err)
	}
}
