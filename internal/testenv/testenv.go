package testenv

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

// ScaleEnv names the environment variable that scales every test timeout.
const ScaleEnv = "FELT_TEST_TIMEOUT_SCALE"

// ProcsEnv names the environment variable that bounds how many outside
// programs one test binary runs at once.
const ProcsEnv = "FELT_TEST_PROCS"

// DefaultProcs is how many outside programs one test binary runs at once
// when ProcsEnv is not set.
const DefaultProcs = 2

// maxScale keeps a scaled timeout well inside time.Duration.
const maxScale = 1000

var scale = sync.OnceValue(func() float64 {
	f, err := parseScale(os.Getenv(ScaleEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: %v; using 1\n", err)
	}
	return f
})

// parseScale reads a scale factor; an empty value is 1, and a value that is
// not a number from 1/1000 to 1000 is 1 with an error saying why.
func parseScale(s string) (float64, error) {
	if s == "" {
		return 1, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || f < 1.0/maxScale || f > maxScale {
		return 1, fmt.Errorf("%s=%q is not a number from 0.001 to %d", ScaleEnv, s, maxScale)
	}
	return f, nil
}

// Scale returns the factor every test timeout is multiplied by: the value
// of FELT_TEST_TIMEOUT_SCALE, or 1 when it is unset or not a number from
// 0.001 to 1000 (a bad value is reported once on stderr).
func Scale() float64 { return scale() }

// Timeout returns d multiplied by Scale. Every deadline a test sets goes
// through it.
func Timeout(d time.Duration) time.Duration {
	return time.Duration(float64(d) * Scale())
}

// sem is a counting semaphore whose holders may take several slots at once.
type sem struct {
	mu   sync.Mutex
	cond *sync.Cond
	size int
	used int
}

func newSem(size int) *sem {
	s := &sem{size: size}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// acquire takes n slots (at most the whole semaphore) all at once and
// returns how many it took.
func (s *sem) acquire(n int) int {
	n = max(1, min(n, s.size))
	s.mu.Lock()
	for s.used+n > s.size {
		s.cond.Wait()
	}
	s.used += n
	s.mu.Unlock()
	return n
}

func (s *sem) release(n int) {
	s.mu.Lock()
	s.used -= n
	s.mu.Unlock()
	s.cond.Broadcast()
}

var procs = sync.OnceValue(func() *sem {
	n, err := parseProcs(os.Getenv(ProcsEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "testenv: %v; using %d\n", err, DefaultProcs)
	}
	return newSem(n)
})

// parseProcs reads a bound on outside programs; an empty value is
// DefaultProcs, and a value that is not a positive whole number is
// DefaultProcs with an error saying why.
func parseProcs(s string) (int, error) {
	if s == "" {
		return DefaultProcs, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return DefaultProcs, fmt.Errorf("%s=%q is not a positive whole number", ProcsEnv, s)
	}
	return n, nil
}

// AcquireProc waits until the test may start one outside program and holds
// that slot until the test and its subtests end (t.Cleanup). At most
// FELT_TEST_PROCS (default 2) slots are held at once in one test binary.
// A test that runs several programs at the same time takes them together
// with AcquireProcs; calling AcquireProc twice from one test can wait
// forever while other tests hold the remaining slots.
func AcquireProc(t testing.TB) { AcquireProcs(t, 1) }

// AcquireProcs is AcquireProc for a test that runs n outside programs at
// the same time: it takes n slots at once (all of them, when n is more than
// the bound) and releases them when the test ends.
func AcquireProcs(t testing.TB, n int) {
	t.Helper()
	s := procs()
	got := s.acquire(n)
	t.Cleanup(func() { s.release(got) })
}
