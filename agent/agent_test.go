package agent

import (
	"errors"
	"testing"
)

// New reads "exec:" only as a prefix, exactly; anything else names a
// built-in level.
func TestNew_Names(t *testing.T) {
	for _, level := range []string{"random", "simple", "easy", "normal", "hard"} {
		p, err := New(level, 1, Options{})
		if err != nil {
			t.Fatalf("New(%q): %v", level, err)
		}
		if _, ok := p.(Bot); !ok || p.Name() != level {
			t.Errorf("New(%q) = %T named %q", level, p, p.Name())
		}
	}
	for _, name := range []string{"exec", "Exec:python3 bot.py", " exec:python3", "", "hard "} {
		if p, err := New(name, 1, Options{}); err == nil || errors.Is(err, ErrProgram) {
			t.Errorf("New(%q) = %v, %v; want an unknown-player error", name, p, err)
		}
	}
	if _, err := New("exec:", 1, Options{}); !errors.Is(err, ErrProgram) {
		t.Errorf("New(%q): %v; want an empty-command error", "exec:", err)
	}
}
