package ginbot

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"felt/gin"
)

func tuneGames() int {
	n, _ := strconv.Atoi(os.Getenv("FELT_TUNE"))
	return n
}

func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func report(label string, r matchResult) {
	s := slices.Clone(r.decA)
	slices.Sort(s)
	p99 := time.Duration(0)
	if len(s) > 0 {
		p99 = s[len(s)*99/100]
	}
	fmt.Printf("%-36s %5.1f%% of %d games, decision median %v p99 %v\n", label, 100*float64(r.aWins)/float64(r.games), r.games, median(r.decA), p99)
}

func TestTuneHard(t *testing.T) {
	n := tuneGames()
	if n == 0 {
		t.Skip("set FELT_TUNE=pairs")
	}
	simple := func(seed uint64) Player { return NewSimple(gin.NewRand(seed)) }
	type variant struct {
		name string
		set  func(h *Hard)
	}
	for _, v := range []variant{
		{"base", func(h *Hard) {}},
		{"reject0.1x16", func(h *Hard) { h.Reject, h.Tries = 0.1, 16 }},
		{"z1.0", func(h *Hard) { h.Z = 1.0 }},
		{"discards6", func(h *Hard) { h.Discards = 6 }},
	} {
		r := playMatch(t, gin.EAAI(), n, 99, func(seed uint64) Player {
			h := NewHard(gin.NewRand(seed))
			h.Worlds = 100
			v.set(h)
			return h
		}, simple)
		report("hard "+v.name, r)
	}
}
