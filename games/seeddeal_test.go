package games

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/table"
)

// editDeals changes every deal line of log at random (two cards of the
// deck swapped, a card replaced by another, the hand's number or, for Gin
// Rummy, the dealer changed) and checks that Verify refuses each edited
// log at that line as a deal the seed did not deal. It returns the number
// of edited logs.
func editDeals(t *testing.T, log []byte, seed uint64, edits int) int {
	t.Helper()
	if _, err := Verify(bytes.NewReader(log)); err != nil {
		t.Fatalf("seed %d: the log as written: %v", seed, err)
	}
	lines := bytes.SplitAfter(log, []byte("\n"))
	n := 0
	for i, l := range lines {
		if !bytes.Contains(l, []byte(`"type":"deal"`)) {
			continue
		}
		var line map[string]json.RawMessage
		if err := json.Unmarshal(l, &line); err != nil {
			t.Fatal(err)
		}
		var deal map[string]any
		if err := json.Unmarshal(line["deal"], &deal); err != nil {
			t.Fatal(err)
		}
		for k := range edits {
			rng := rand.New(rand.NewPCG(seed, uint64(i*1000+k)))
			d := map[string]any{}
			for key, v := range deal {
				d[key] = v
			}
			deck := slices.Clone(deal["deck"].([]any))
			d["deck"] = deck
			what := ""
			switch rng.IntN(4) {
			case 0:
				a, b := rng.IntN(len(deck)), rng.IntN(len(deck))
				for deck[a] == deck[b] {
					b = rng.IntN(len(deck))
				}
				deck[a], deck[b] = deck[b], deck[a]
				what = fmt.Sprintf("deck[%d]", min(a, b))
			case 1:
				a := rng.IntN(len(deck))
				for c := deck[a]; deck[a] == c; {
					deck[a] = card.Card(1 + rng.IntN(63)).String()
				}
				what = fmt.Sprintf("deck[%d]", a)
			case 2:
				d["hand"] = deal["hand"].(float64) + float64(1+rng.IntN(3))
				what = "hand"
			case 3:
				if dealer, ok := deal["dealer"]; ok {
					d["dealer"] = 1 - dealer.(float64)
					what = "dealer"
				} else {
					d["deck"] = deck[:len(deck)-1]
					what = "deck has"
				}
			}
			b, _ := json.Marshal(d)
			line["deal"] = b
			edited, _ := json.Marshal(line)
			c := slices.Clone(lines)
			c[i] = append(edited, '\n')
			_, err := Verify(bytes.NewReader(bytes.Join(c, nil)))
			var le *table.LogError
			if !errors.Is(err, table.ErrNotSeedDeal) || !errors.As(err, &le) || le.Line != i || !strings.Contains(err.Error(), what) {
				t.Fatalf("seed %d, line %d edited (%s): %v", seed, i, what, err)
			}
			n++
		}
	}
	return n
}

// TestVerifyRefusesEditedDealsOfBothGames: in whole games of Gin Rummy and
// Shengji, every deal line edited at random is refused at that line: the
// header's seed decides every deal, for every game the table runs.
func TestVerifyRefusesEditedDealsOfBothGames(t *testing.T) {
	gins, sjs := 0, 0
	for seed := uint64(1); seed <= 6; seed++ {
		log, _ := runGin(t, seed, short, ginPures(), nil)
		gins += editDeals(t, log, seed, 20)
		log, _ = runSJ(t, seed, fast, sjRandoms(seed), nil)
		sjs += editDeals(t, log, seed, 20)
	}
	t.Logf("edited deal lines refused: %d of Gin Rummy, %d of Shengji", gins, sjs)
}

// TestGinOldDeals: with the option deals_before_table_logs the table
// deals each hand as a game saved before table logs dealt it (gin.NewGame
// seeded by gin.NewRand(seed), each hand from the same stream), so such a
// game goes on as a table log whose deals are still checked against the
// seed; without it, the table's own deals.
func TestGinOldDeals(t *testing.T) {
	compared := 0
	for seed := uint64(1); seed <= 20; seed++ {
		old, err := gin.NewGame(gin.Standard(), gin.NewRand(seed))
		if err != nil {
			t.Fatal(err)
		}
		e, err := NewGin(seed, json.RawMessage(`{"`+GinOldDealsOption+`":true}`))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := NewGin(seed, nil)
		eng := e.(*GinEngine)
		for hand := 1; hand <= 4; hand++ {
			var v table.Views[gin.Event]
			rec, err := eng.Advance(&v)
			if err != nil {
				t.Fatal(err)
			}
			var d ginDeal
			if err := json.Unmarshal(rec, &d); err != nil {
				t.Fatal(err)
			}
			h := old.Hand()
			if d.Hand != hand || d.Dealer != h.Dealer() || !slices.Equal(d.Deck, h.Deck()) {
				t.Fatalf("seed %d hand %d: deal %+v, the old format dealt dealer %d %v", seed, hand, d, h.Dealer(), h.Deck())
			}
			compared++
			if hand == 1 {
				p, _ := plain.Advance(&v)
				if bytes.Equal(p, rec) {
					t.Fatalf("seed %d: the option changed nothing", seed)
				}
			}
			if err := eng.Redeal(rec, &v); err != nil {
				t.Fatal(err)
			}
			// the same moves on both, so that the same dealer deals next
			for !eng.Game().NeedsDeal() && !eng.Over() {
				s, _ := eng.ToAct().First(0)
				o := eng.Observe(s)
				a, _ := ginPure(&o)
				if err := eng.Apply(s, a, &v); err != nil {
					t.Fatal(err)
				}
				if err := old.Apply(gin.Seat(s), a); err != nil {
					t.Fatal(err)
				}
			}
			if eng.Over() {
				break
			}
			if err := old.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
	}
	if compared < 60 {
		t.Fatalf("%d deals compared", compared)
	}
	t.Logf("%d deals the same as the old format's", compared)
}

// FuzzDealLine: whatever a Gin Rummy or Shengji log's second deal record
// is replaced with, the log replays only if the record is the deal the
// seed gives (the same JSON value), and is otherwise refused at that line.
func FuzzDealLine(f *testing.F) {
	type game struct {
		log  []byte
		line int
		rec  json.RawMessage
	}
	var games []game
	for _, log := range [][]byte{first(runGin(f, 2, short, ginPures(), nil)), first(runSJ(f, 2, fast, sjRandoms(2), nil))} {
		lines := bytes.SplitAfter(log, []byte("\n"))
		deals := 0
		for i, l := range lines {
			if !bytes.Contains(l, []byte(`"type":"deal"`)) {
				continue
			}
			if deals++; deals < 2 && bytes.Count(log, []byte(`"type":"deal"`)) > 1 {
				continue
			}
			var r struct{ Deal json.RawMessage }
			if err := json.Unmarshal(l, &r); err != nil {
				f.Fatal(err)
			}
			games = append(games, game{bytes.Join(lines[:i], nil), i, r.Deal})
			f.Add(uint8(len(games)-1), string(r.Deal))
			f.Add(uint8(len(games)-1), strings.Replace(string(r.Deal), `","`, `", "`, 3))
			f.Add(uint8(len(games)-1), strings.Replace(string(r.Deal), `"deck":["`, `"deck":["AS","`, 1))
			// a deal that would play: its first two cards swapped
			f.Add(uint8(len(games)-1), regexp.MustCompile(`"deck":\["(..)","(..)"`).ReplaceAllString(string(r.Deal), `"deck":["$2","$1"`))
			break
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, rec string) {
		g := games[int(which)%len(games)]
		if strings.ContainsAny(rec, "\n\r") {
			return
		}
		log := append(bytes.Clone(g.log), fmt.Sprintf(`{"type":"deal","n":%d,"deal":%s}`+"\n", g.line, rec)...)
		_, err := Verify(bytes.NewReader(log))
		var got, want any
		same := json.Unmarshal([]byte(rec), &got) == nil && json.Unmarshal(g.rec, &want) == nil && reflect.DeepEqual(got, want)
		var le *table.LogError
		switch {
		case err == nil && !same:
			t.Fatalf("a deal of %s replayed where the seed deals %s", rec, g.rec)
		case err != nil && !same && (!errors.As(err, &le) || le.Line != g.line):
			t.Fatalf("a deal of %s: %v, want an error at line %d", rec, err, g.line)
		}
	})
}

// first returns a log, leaving the result.
func first(log []byte, _ table.Result) []byte { return log }
