package table

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// stopping stops the table (its stop func) at its nth decision.
type stopping struct {
	stop func()
	n    int
}

func (c *stopping) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if c.n--; c.n < 0 {
		c.stop()
		<-ctx.Done()
		return toyMove{}, false, ctx.Err()
	}
	return pure{}.Decide(ctx, d)
}

// TestAbandonReason: an abandoned table's line says why in words a person
// reads: the cause its context was cancelled with ("the player quit"), or,
// with none, that it was stopped or ran out of time; never Go's "context
// canceled". Run still returns the context's error.
func TestAbandonReason(t *testing.T) {
	quit := errors.New("the player quit")
	for _, c := range []struct {
		name string
		ctx  func() (context.Context, func())
		err  error
		want string
	}{
		{"a cause", func() (context.Context, func()) {
			ctx, cancel := context.WithCancelCause(context.Background())
			return ctx, func() { cancel(quit) }
		}, context.Canceled, "the player quit"},
		{"no cause", func() (context.Context, func()) {
			return context.WithCancel(context.Background())
		}, context.Canceled, "stopped before the game was over"},
		{"a deadline", func() (context.Context, func()) {
			ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
			return ctx, cancel
		}, context.DeadlineExceeded, "out of time before the game was over"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, stop := c.ctx()
			var log bytes.Buffer
			tb, err := New(toySpec, players(pure{}, &stopping{stop: stop, n: 3}, pure{}), Options[toyMove, toyObs, toyEvent]{Seed: 9, Log: &log})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.Run(ctx); !errors.Is(err, c.err) {
				t.Fatalf("Run = %v, want %v", err, c.err)
			}
			lines := strings.Split(strings.TrimSpace(log.String()), "\n")
			last := lines[len(lines)-1]
			if !strings.Contains(last, `"type":"abandon"`) || !strings.Contains(last, `"reason":"`+c.want+`"`) || strings.Contains(last, "context") {
				t.Fatalf("last line %s, want an abandonment saying %q", last, c.want)
			}
			if rec, err := Recover(bytes.NewReader(log.Bytes()), toySpec); err != nil || !rec.Abandoned {
				t.Fatalf("Recover: %v", err)
			}
		})
	}
}
