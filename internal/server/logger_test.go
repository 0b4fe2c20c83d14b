package server

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
)

type slogLogger = slog.Logger

// tlogHandler writes warnings and errors to the test's log while the test
// runs.
type tlogHandler struct {
	t    testing.TB
	done *atomic.Bool
}

func (h tlogHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelWarn }
func (h tlogHandler) Handle(_ context.Context, r slog.Record) error {
	if !h.done.Load() {
		msg := r.Message
		r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
		h.t.Logf("server: %s %s", r.Level, msg)
	}
	return nil
}
func (h tlogHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h tlogHandler) WithGroup(string) slog.Handler      { return h }

func newTestLogger(t testing.TB) *slog.Logger {
	done := new(atomic.Bool)
	t.Cleanup(func() { done.Store(true) })
	return slog.New(tlogHandler{t, done})
}
