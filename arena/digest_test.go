package arena

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"testing"

	"felt/gin"
	"felt/shengji"
)

// digest is a hash of records with their decision times left out (the
// only part that depends on the machine).
func digest(t *testing.T, recs any) string {
	t.Helper()
	b, err := json.Marshal(recs)
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%x", sha256.Sum256(b))[:16]
}

// TestMatchDigests pins what the table matches of both games play: the
// games' records (who won, the scores, every hand) of a Gin Rummy and a
// Shengji match, so that a change of the match loop that changes any game
// fails here.
func TestMatchDigests(t *testing.T) {
	g, err := RunGinTable(context.Background(), Config{A: "normal", B: "simple", Rules: gin.EAAI(), Games: 40, Seed: 9, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range g {
		g[i].DecisionA, g[i].DecisionB = nil, nil
	}
	s, err := RunShengji(context.Background(), ShengjiConfig{A: "greedy", B: "random", Rules: shengji.Standard(), Games: 10, Seed: 3, Parallel: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range s {
		s[i].DecisionA, s[i].DecisionB = nil, nil
	}
	if d := digest(t, g); d != "21482f571a17bfe2" {
		t.Errorf("gin digest %s", d)
	}
	if d := digest(t, s); d != "f47bdb19d286cab1" {
		t.Errorf("shengji digest %s", d)
	}
}
