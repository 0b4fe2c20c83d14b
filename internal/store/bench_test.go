package store

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// benchLine is a log line of a typical size.
var benchLine = bytes.Repeat([]byte("x"), 160)

// benchStores runs bench on each store the machine has.
func benchStores(b *testing.B, bench func(b *testing.B, s Store)) {
	b.Run("sqlite", func(b *testing.B) {
		s, err := OpenSQLite(filepath.Join(b.TempDir(), "felt.db"))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		bench(b, s)
	})
	b.Run("postgres", func(b *testing.B) {
		bench(b, openPostgresT(b, postgresSchema(b)))
	})
}

// BenchmarkAppendLine appends lines one after another to one table's log.
func BenchmarkAppendLine(b *testing.B) {
	benchStores(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		if err := s.CreateTable(ctx, newTable("t1")); err != nil {
			b.Fatal(err)
		}
		n := 0
		for b.Loop() {
			if err := s.AppendLine(ctx, "t1", n, benchLine); err != nil {
				b.Fatal(err)
			}
			n++
		}
	})
}

// BenchmarkAppendLineParallel appends lines from many goroutines at once,
// each to its own table, as a server playing many tables does.
func BenchmarkAppendLineParallel(b *testing.B) {
	benchStores(b, func(b *testing.B, s Store) {
		ctx := context.Background()
		var tables atomic.Int64
		b.SetParallelism(32)
		b.RunParallel(func(pb *testing.PB) {
			id := fmt.Sprintf("t%d", tables.Add(1))
			if err := s.CreateTable(ctx, newTable(id)); err != nil {
				b.Error(err)
				return
			}
			n := 0
			for pb.Next() {
				if err := s.AppendLine(ctx, id, n, benchLine); err != nil {
					b.Error(err)
					return
				}
				n++
			}
		})
	})
}

// BenchmarkAppendLine1000Tables has 1,000 goroutines append to a table each
// at once, as 1,000 tables being played do; each loop appends one line to
// every table. It reports the 99th percentile time of one append.
func BenchmarkAppendLine1000Tables(b *testing.B) {
	benchStores(b, func(b *testing.B, s Store) {
		const tables = 1000
		ctx := context.Background()
		for i := range tables {
			if err := s.CreateTable(ctx, newTable(fmt.Sprint("t", i))); err != nil {
				b.Fatal(err)
			}
		}
		var lat []time.Duration
		n := 0
		for b.Loop() {
			times := make([]time.Duration, tables)
			var wg sync.WaitGroup
			for i := range tables {
				wg.Go(func() {
					start := time.Now()
					if err := s.AppendLine(ctx, fmt.Sprint("t", i), n, benchLine); err != nil {
						b.Error(err)
					}
					times[i] = time.Since(start)
				})
			}
			wg.Wait()
			lat = append(lat, times...)
			n++
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(len(lat)), "ns/line")
	})
}
