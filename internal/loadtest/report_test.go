package loadtest

import (
	"strings"
	"testing"
	"time"
)

// TestReportRelayedAndLocal: with moves relayed through another server,
// the report gives their latencies and the others' apart.
func TestReportRelayedAndLocal(t *testing.T) {
	r := Report{Moves: 10, Cross: 4, Elapsed: time.Second,
		CrossP50: 3 * time.Millisecond, CrossP99: 9 * time.Millisecond, CrossMax: 10 * time.Millisecond,
		LocalP50: time.Millisecond, LocalP99: 2 * time.Millisecond, LocalMax: 4 * time.Millisecond}
	s := r.String()
	for _, want := range []string{
		"of which 4 moves at another server than the table's: p50 3ms  p99 9ms  max 10ms",
		"and 6 at the table's own server: p50 1ms  p99 2ms  max 4ms",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the report lacks %q:\n%s", want, s)
		}
	}
	if s := (Report{Moves: 10}).String(); strings.Contains(s, "own server") {
		t.Errorf("a report without relayed moves splits them:\n%s", s)
	}
}
