package program

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/table"
)

// word is a move: any JSON string.
type word struct{}

func (word) MarshalMove(m string) ([]byte, error) { return json.Marshal(m) }
func (word) UnmarshalMove(b []byte) (string, error) {
	var m string
	err := json.Unmarshal(b, &m)
	return m, err
}

var game = Game[string, int, int]{Codec: word{}, Legal: func(o *int) ([]string, int) { return []string{"a", "b"}, 3 }}

func ask(t *testing.T, command string, d table.Decision[int]) (string, bool, error) {
	t.Helper()
	testenv.AcquireProc(t)
	// generous limits: a script may start python3, which takes seconds to
	// start on a loaded machine with a version manager's shim; no case
	// here waits for a limit to pass
	p := New(command, game, Options{Game: "words", Seed: 3, Startup: testenv.Timeout(60 * time.Second)})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(60*time.Second))
	defer cancel()
	return p.Decide(ctx, d)
}

const ready = `echo '{"type":"ready"}'; read start; read decide; `

func TestAnswers(t *testing.T) {
	for _, c := range []struct {
		name, script string
		optional     bool
		want         string
		ok           bool
		err          error
	}{
		{"move", ready + `echo '{"seq":7,"move":"b"}'`, false, "b", true, nil},
		{"stale answer ignored", ready + `echo '{"seq":6,"move":"a"}'; echo '{"seq":7,"move":"b"}'`, false, "b", true, nil},
		{"decline", ready + `echo '{"seq":7,"decline":true}'`, true, "", false, nil},
		{"nonsense", ready + `echo hello`, false, "", false, ErrBadLine},
		{"bad move", ready + `echo '{"seq":7,"move":5}'`, false, "", false, ErrBadLine},
		{"too long", ready + `head -c 70000 /dev/zero | tr '\0' x; echo`, false, "", false, ErrBadLine},
		{"exits", ready + `exit 0`, false, "", false, ErrExited},
		{"not ready", `echo hi; sleep 5`, false, "", false, ErrStartup},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, ok, err := ask(t, c.script, table.Decision[int]{Seq: 7, Optional: c.optional, Obs: 42})
			if m != c.want || ok != c.ok || !errors.Is(err, c.err) {
				t.Fatalf("got %q %v %v, want %q %v %v", m, ok, err, c.want, c.ok, c.err)
			}
		})
	}
}

// TestMessages: the start and decide lines carry the seat, seed, rules,
// observation and legal moves.
func TestMessages(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no python3 (CI installs it)")
		}
		t.Skip("no python3")
	}
	m, ok, err := ask(t, ready+`printf '{"seq":7,"move":%s}\n' "$(printf '%s\n%s' "$start" "$decide" | python3 -c 'import json,sys; print(json.dumps(sys.stdin.read()))')"`,
		table.Decision[int]{Seq: 7, Obs: 42})
	if err != nil || !ok {
		t.Fatal(err)
	}
	for _, want := range []string{`"type":"start"`, `"protocol":2`, `"game":"words"`, `"seed":3`,
		`"type":"decide"`, `"seq":7`, `"observation":42`, `"legal":["a","b"]`, `"more":3`} {
		if !strings.Contains(m, want) {
			t.Errorf("no %s in %s", want, m)
		}
	}
}
