package table

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/testenv"
)

// person plays h as an interface would: it reads the pending decision and
// submits pure's move, first trying a stale reply and an illegal move
// once; it stops when done closes.
func person(t *testing.T, h *Human[toyMove, toyObs], done <-chan struct{}, leaveAfter int) {
	tried := false
	moves := 0
	for {
		select {
		case <-done:
			return
		default:
		}
		d, ok := h.Pending()
		if !ok {
			time.Sleep(100 * time.Microsecond)
			continue
		}
		if leaveAfter >= 0 && moves == leaveAfter {
			h.Leave()
			return
		}
		if !tried {
			tried = true
			if err := h.Submit(d.Seq-1, toyMove{Kind: "add", N: 1}); !errors.Is(err, ErrStale) {
				t.Errorf("stale reply: %v", err)
			}
			if err := h.Submit(d.Seq, toyMove{Kind: "add", N: 9}); err != nil {
				t.Errorf("illegal move not submitted: %v", err)
			}
			continue
		}
		m, _, _ := pure{}.Decide(context.Background(), d)
		if err := h.Submit(d.Seq, m); err == nil {
			moves++
		}
	}
}

func TestHumanPlays(t *testing.T) {
	// A person with no bid queued declines the deal's optional bids.
	wps := players(pure{}, noBid{}, pure{})
	wps[1].Kind = Person
	want, _, _, err := play(t, 6, wps, Options[toyMove, toyObs, toyEvent]{})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var refused []error
	h := NewHuman[toyMove, toyObs](func(_ toyMove, err error) { mu.Lock(); refused = append(refused, err); mu.Unlock() })
	ps := players(pure{}, h, pure{})
	ps[1].Kind = Person
	done := make(chan struct{})
	go person(t, h, done, -1)
	got, _, res, err := play(t, 6, ps, Options[toyMove, toyObs, toyEvent]{})
	close(done)
	if err != nil || res.Takeovers != 0 {
		t.Fatalf("%v %+v", err, res)
	}
	if string(got) != string(want) {
		t.Fatalf("the person's game differs from the same moves by a level:\n%s\nwant\n%s", got, want)
	}
	if len(refused) != 1 {
		t.Fatalf("refused %v, want the one illegal move", refused)
	}
	if _, ok := h.Pending(); ok {
		t.Fatal("a decision still pending after the game")
	}
	if err := h.Submit(3, toyMove{}); !errors.Is(err, ErrNoPending) {
		t.Fatalf("submit with nothing pending: %v", err)
	}
}

func TestHumanLeaves(t *testing.T) {
	h := NewHuman[toyMove, toyObs](nil)
	ps := players(pure{}, h, pure{})
	ps[1].Kind = Person
	w := &watcher{}
	ps[0].Control = w
	done := make(chan struct{})
	go person(t, h, done, 3)
	_, _, res, err := play(t, 6, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
	close(done)
	if err != nil || res.Takeovers != 1 || !res.Over || len(w.notices) != 1 || !strings.Contains(w.notices[0].Reason, "left") {
		t.Fatalf("%v %+v %+v", err, res, w.notices)
	}
}

func TestHumanTimesOut(t *testing.T) {
	h := NewHuman[toyMove, toyObs](nil)
	ps := players(pure{}, h, pure{})
	ps[1].Kind, ps[1].Deadline = Person, testenv.Timeout(30*time.Millisecond)
	_, _, res, err := play(t, 6, ps, Options[toyMove, toyObs, toyEvent]{Fallback: fallback})
	if err != nil || res.Takeovers != 1 || !res.Over {
		t.Fatalf("%v %+v", err, res)
	}
}

// TestHumanQueuedBid: a bid queued by a person is taken at the seat's next
// optional decision; with none queued the person declines at once.
func TestHumanQueuedBid(t *testing.T) {
	h := NewHuman[toyMove, toyObs](nil)
	d := Decision[toyObs]{Seat: 1, Optional: true}
	if _, ok, err := h.Decide(context.Background(), d); ok || err != nil {
		t.Fatal("declined nothing queued")
	}
	h.Queue(toyMove{Kind: "bid", N: 2})
	if m, ok, err := h.Decide(context.Background(), d); !ok || err != nil || m.N != 2 {
		t.Fatalf("queued bid: %+v %v %v", m, ok, err)
	}
	if _, ok, _ := h.Decide(context.Background(), d); ok {
		t.Fatal("a queued bid taken twice")
	}
}

type noBid struct{}

func (noBid) Decide(ctx context.Context, d Decision[toyObs]) (toyMove, bool, error) {
	if d.Optional {
		return toyMove{}, false, nil
	}
	return pure{}.Decide(ctx, d)
}
