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
	for _, c := range []struct {
		worlds, discards int
		draws, discs     bool
	}{{100, 4, true, true}, {400, 4, true, true}} {
		r := playMatch(t, gin.EAAI(), n, 99, func(seed uint64) Player {
			h := NewHard(gin.NewRand(seed))
			h.Worlds, h.Discards, h.SearchDraws, h.SearchDiscards = c.worlds, c.discards, c.draws, c.discs
			return h
		}, simple)
		report(fmt.Sprintf("hard %+v", c), r)
	}
}
