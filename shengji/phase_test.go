package shengji

import (
	"encoding/json"
	"strings"
	"testing"
)

// The wire names a phase: adding a phase must not renumber what outside
// programs and the browser read.
func TestPhaseTextRoundTrip(t *testing.T) {
	for p := DealPhase; p <= OverPhase; p++ {
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		if want := `"` + p.String() + `"`; string(b) != want {
			t.Errorf("%v marshals as %s, want %s", p, b, want)
		}
		var q Phase
		if err := json.Unmarshal(b, &q); err != nil || q != p {
			t.Errorf("%s reads back as %v, %v", b, q, err)
		}
	}
	if _, err := json.Marshal(Phase(99)); err == nil {
		t.Error("phase 99 marshalled")
	}
	var q Phase
	err := json.Unmarshal([]byte(`"trick"`), &q)
	if err == nil || !strings.Contains(err.Error(), `phase "trick"`) {
		t.Errorf("unknown phase: %v", err)
	}
	if err := json.Unmarshal([]byte(`3`), &q); err == nil {
		t.Error("a phase number was read")
	}
}
