package store

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// TestPostgresNotifyBatches sends many notifications at once, some of them
// the same message twice: they go in few transactions (one each would
// queue every relayed message behind the others' commits), and every one
// arrives, duplicates included (PostgreSQL delivers a message once per
// transaction), each sender's in its order.
func TestPostgresNotifyBatches(t *testing.T) {
	ctx := testCtx(t)
	dsn := postgresSchema(t)
	a, b := openPostgresT(t, dsn), openPostgresT(t, dsn)
	ch, err := b.Listen(ctx, "relay")
	if err != nil {
		t.Fatal(err)
	}
	const senders, each = 64, 4
	before := a.notifyTx.Load()
	start := make(chan struct{})
	var wg sync.WaitGroup
	for s := range senders {
		wg.Go(func() {
			<-start
			for i := range each {
				// Senders in pairs send the same messages.
				if err := a.Notify(ctx, "relay", fmt.Appendf(nil, "%d %d", s/2, i)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	close(start)
	wg.Wait()
	tx := a.notifyTx.Load() - before
	got := map[int][]int{}
	for range senders * each {
		var s, i int
		msg := receive(t, ch)
		if _, err := fmt.Sscanf(string(msg), "%d %d", &s, &i); err != nil {
			t.Fatalf("message %q: %v", msg, err)
		}
		got[s] = append(got[s], i)
	}
	quiet(t, ch)
	for s := range senders / 2 {
		// Two senders' 0 1 2 3, interleaved: each number twice, and the
		// second 0 before the second 1 and so on.
		g := got[s]
		if len(g) != 2*each {
			t.Errorf("sender pair %d: %d messages %v, want %d", s, len(g), g, 2*each)
			continue
		}
		seen := map[int]int{}
		for _, i := range g {
			seen[i]++
			for j := range i {
				if seen[j] < seen[i] {
					t.Errorf("sender pair %d: %v out of order", s, g)
				}
			}
		}
	}
	t.Logf("%d notifications in %d transactions", senders*each, tx)
	if tx > senders*each/2 {
		t.Errorf("%d notifications sent at once took %d transactions: not batched", senders*each, tx)
	}
}

// BenchmarkPostgresNotifyRelay measures a relayed round trip: 64 senders
// each notify and wait for their message to arrive at another store (as a
// move relayed to a table's owner, or its event back), and reports the
// 50th and 99th percentiles.
func BenchmarkPostgresNotifyRelay(b *testing.B) {
	dsn := postgresSchema(b)
	from, to := openPostgresT(b, dsn), openPostgresT(b, dsn)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const senders = 64
	chs := make([]<-chan []byte, senders)
	for i := range chs {
		ch, err := to.Listen(ctx, fmt.Sprintf("relay.%d", i))
		if err != nil {
			b.Fatal(err)
		}
		chs[i] = ch
	}
	var mu sync.Mutex
	var lat []time.Duration
	b.ResetTimer()
	var wg sync.WaitGroup
	per := max(b.N/senders, 1)
	for i := range senders {
		wg.Go(func() {
			for k := range per {
				t0 := time.Now()
				if err := from.Notify(ctx, fmt.Sprintf("relay.%d", i), fmt.Appendf(nil, "%d", k)); err != nil {
					b.Error(err)
					return
				}
				if msg := <-chs[i]; msg == nil {
					b.Error("messages lost")
					return
				}
				mu.Lock()
				lat = append(lat, time.Since(t0))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
}
