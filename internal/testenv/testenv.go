package testenv

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
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

// sem is a counting semaphore whose holders may take several slots at
// once. It knows its holders by test name, to refuse a test that would wait
// for slots while it (or a test it runs within) holds some.
type sem struct {
	mu   sync.Mutex
	cond *sync.Cond
	size int
	used int
	held map[string]int // slots by holder's name
}

func newSem(size int) *sem {
	s := &sem{size: size, held: map[string]int{}}
	s.cond = sync.NewCond(&s.mu)
	return s
}

// acquire takes n slots (at most the whole semaphore) all at once for the
// holder named name and returns how many it took. It refuses, at once, a
// holder that already holds slots, or whose name is within such a
// holder's (a subtest of a test that holds slots): waiting could last
// forever.
func (s *sem) acquire(name string, n int) (int, error) {
	n = max(1, min(n, s.size))
	s.mu.Lock()
	defer s.mu.Unlock()
	for h, k := range s.held {
		if h == name || strings.HasPrefix(name, h+"/") {
			return 0, fmt.Errorf("testenv: %s asks for %d more outside programs while %s holds %d; take them all at once with AcquireProcs", name, n, h, k)
		}
	}
	for s.used+n > s.size {
		s.cond.Wait()
	}
	s.used += n
	s.held[name] += n
	return n, nil
}

func (s *sem) release(name string, n int) {
	s.mu.Lock()
	s.used -= n
	if s.held[name] -= n; s.held[name] <= 0 {
		delete(s.held, name)
	}
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
// A test takes every slot it needs in one call (AcquireProcs for several
// programs at a time); asking again while it, or the test it runs within,
// holds slots fails the test at once, since the wait could last forever.
func AcquireProc(t testing.TB) { t.Helper(); AcquireProcs(t, 1) }

// AcquireProcs is AcquireProc for a test that runs n outside programs at
// the same time: it takes n slots at once (all of them, when n is more than
// the bound) and releases them when the test ends.
func AcquireProcs(t testing.TB, n int) {
	t.Helper()
	s := procs()
	got, err := s.acquire(t.Name(), n)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.release(t.Name(), got) })
}
