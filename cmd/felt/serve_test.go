package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
)

// TestServeStartsAndStops: felt serve opens its SQLite store, listens,
// serves the page with its security headers, and stops cleanly when its
// context ends (as on SIGINT or SIGTERM).
func TestServeStartsAndStops(t *testing.T) {
	db := filepath.Join(t.TempDir(), "felt.db")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr testenv.Buffer
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", db}, strings.NewReader(""), io.Discard, &stderr)
	}()
	re := regexp.MustCompile(`url=(http://\S+)`)
	deadline := time.Now().Add(testenv.Timeout(60 * time.Second))
	var url string
	for url == "" {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			url = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("felt serve ended: %v\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("felt serve did not listen:\n%s", stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	resp, err := http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<html") || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("GET /: %s %q, CSP %q", resp.Status, body[:min(len(body), 80)], resp.Header.Get("Content-Security-Policy"))
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
	if !strings.Contains(stderr.String(), "msg=stopped") {
		t.Fatalf("the log does not say it stopped:\n%s", stderr.String())
	}
}

// TestServeRefusesBadStore: a store that cannot be opened is an error
// naming it.
func TestServeRefusesBadStore(t *testing.T) {
	err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "no", "such", "dir", "felt.db")}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "felt.db") {
		t.Fatalf("err %v", err)
	}
}
