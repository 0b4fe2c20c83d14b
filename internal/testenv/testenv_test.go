package testenv

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestParseScale(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		bad  bool
	}{
		{"", 1, false},
		{"1", 1, false},
		{"2.5", 2.5, false},
		{"0.5", 0.5, false},
		{"1000", 1000, false},
		{"0", 1, true},
		{"-3", 1, true},
		{"fast", 1, true},
		{"NaN", 1, true},
		{"Inf", 1, true},
		{"1e9", 1, true},
	} {
		got, err := parseScale(tc.in)
		if got != tc.want || (err != nil) != tc.bad {
			t.Errorf("parseScale(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestParseProcs(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		bad  bool
	}{
		{"", DefaultProcs, false},
		{"1", 1, false},
		{"8", 8, false},
		{"0", DefaultProcs, true},
		{"-1", DefaultProcs, true},
		{"two", DefaultProcs, true},
		{"1.5", DefaultProcs, true},
	} {
		got, err := parseProcs(tc.in)
		if got != tc.want || (err != nil) != tc.bad {
			t.Errorf("parseProcs(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestTimeoutScales(t *testing.T) {
	if got, want := Timeout(2*time.Second), time.Duration(float64(2*time.Second)*Scale()); got != want {
		t.Errorf("Timeout(2s) = %v with scale %v; want %v", got, Scale(), want)
	}
}

// TestSemBoundsHolders has many goroutines take one or two slots of a
// three-slot semaphore and checks no more than three are ever held.
func TestSemBoundsHolders(t *testing.T) {
	s := newSem(3)
	var held, peak atomic.Int64
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			n, err := s.acquire(fmt.Sprint(i), 1+i%2)
			if err != nil {
				t.Error(err)
				return
			}
			now := held.Add(int64(n))
			for {
				p := peak.Load()
				if now <= p || peak.CompareAndSwap(p, now) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			held.Add(-int64(n))
			s.release(fmt.Sprint(i), n)
		})
	}
	wg.Wait()
	if p := peak.Load(); p > 3 {
		t.Errorf("%d slots held at once, bound 3", p)
	}
	if s.used != 0 {
		t.Errorf("%d slots still held after every holder released", s.used)
	}
}

func TestSemTakesAtMostAll(t *testing.T) {
	s := newSem(2)
	if n, err := s.acquire("a", 5); n != 2 || err != nil {
		t.Errorf("acquire(5) on 2 slots took %d, %v", n, err)
	}
	s.release("a", 2)
	if n, err := s.acquire("a", 0); n != 1 || err != nil {
		t.Errorf("acquire(0) took %d, %v; want 1", n, err)
	}
	s.release("a", 1)
}

// A holder asking again, or a subtest of a holder, is refused at once
// rather than left waiting for slots that may never come free.
func TestSemRefusesHoldersAskingAgain(t *testing.T) {
	s := newSem(2)
	if _, err := s.acquire("TestA", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.acquire("TestB", 1); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"TestA", "TestA/sub", "TestA/sub/deeper"} {
		if n, err := s.acquire(name, 1); err == nil {
			t.Errorf("%s took %d slots while TestA holds one", name, n)
		}
	}
	s.release("TestB", 1)
	if _, err := s.acquire("TestAB", 1); err != nil {
		t.Errorf("TestAB, not within TestA, refused: %v", err)
	}
	s.release("TestA", 1)
	if _, err := s.acquire("TestA/sub", 1); err != nil {
		t.Errorf("TestA/sub refused after TestA released: %v", err)
	}
}

// TestAcquireProcReleasesAtCleanup takes the bound's worth of slots more
// than once in sequence; a slot not released when its test ends would make
// a later subtest wait forever.
func TestAcquireProcReleasesAtCleanup(t *testing.T) {
	size := procs().size
	for i := range 2 * size {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			AcquireProcs(t, size)
		})
	}
	t.Run("one at a time", func(t *testing.T) {
		for range 2 * size {
			t.Run("", func(t *testing.T) { AcquireProc(t) })
		}
	})
	if used := procs().used; used != 0 {
		t.Errorf("%d slots still held after the subtests ended", used)
	}
}
