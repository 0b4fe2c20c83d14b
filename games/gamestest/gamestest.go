// Package gamestest holds the test helpers every game's package tests
// its table engine with: a whole game played with its log (Run), players
// deciding from the observation alone (Pures, Hash), the cards anywhere
// in a value (Faces), players that check what they are shown (SeatSpies),
// a player that checks its observations stay its own (Keeper), recovery
// from every cut of a log (EveryOffset), edited deals refused
// (EditDeals), whole tests of a game (WholeGames, RecoverEveryOffset,
// NoLeaks), fuzz bodies, and whether the race detector is on (Race).
package gamestest

import (
	"bytes"
	"context"
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
	"felt/games"
	"felt/table"
)

var (
	cardType = reflect.TypeFor[card.Card]()
	setType  = reflect.TypeFor[card.Set]()
)

// Faces returns every card face anywhere in v: each card.Card and each
// card.Set (a card.Multi is two Sets), through structs, arrays, slices,
// pointers and unexported fields.
func Faces(v any) card.Set {
	var s card.Set
	walk(reflect.ValueOf(v), &s)
	return s
}

func walk(v reflect.Value, s *card.Set) {
	switch {
	case v.Type() == cardType:
		if c := card.Card(v.Uint()); c != 0 {
			*s = s.Add(c)
		}
		return
	case v.Type() == setType:
		*s |= card.Set(v.Uint())
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			walk(v.Field(i), s)
		}
	case reflect.Array, reflect.Slice:
		for i := range v.Len() {
			walk(v.Index(i), s)
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), s)
		}
	}
}

// spy is a listener and a controller wrapper that checks every event and
// every observation its seat (or a spectator) receives against what the
// seat may see, read from the full game at that moment.
type spy[M, O, E any] struct {
	seat    table.Seat
	Inner   table.Controller[M, O]
	allowed func(table.Seat) card.Set
	errs    *[]string
	checked *int
}

func (p *spy[M, O, E]) check(what string, v any) {
	*p.checked++
	if leak := Faces(v) &^ p.allowed(p.seat); leak != 0 && len(*p.errs) < 5 {
		*p.errs = append(*p.errs, fmt.Sprintf("seat %d saw %s in %s %+v", p.seat, leak, what, v))
	}
}

// Decide checks the observation, then asks the seat's own controller.
func (p *spy[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	p.check("an observation", d.Obs)
	return p.Inner.Decide(ctx, d)
}

// Event checks what the seat is shown of a move.
func (p *spy[M, O, E]) Event(_ table.Seat, e E) { p.check("an event", e) }

// Notice ignores the table's notices.
func (p *spy[M, O, E]) Notice(table.Notice) {}

// SeatSpies wraps each player in a spy checking what the seat is shown
// against allowed, and returns a spectator spy too; problems go to errs
// and checked counts what was checked.
func SeatSpies[M, O, E any](ps []table.Player[M, O], allowed func(table.Seat) card.Set, errs *[]string, checked *int) (*spy[M, O, E], []table.Player[M, O]) {
	out := make([]table.Player[M, O], len(ps))
	for i, p := range ps {
		p.Control = &spy[M, O, E]{seat: table.Seat(i), Inner: p.Control, allowed: allowed, errs: errs, checked: checked}
		out[i] = p
	}
	return &spy[M, O, E]{seat: table.MaxSeats, allowed: allowed, errs: errs, checked: checked}, out
}

// Keeper keeps every decision it is handed, with its JSON at the time,
// and scribbles over its copy of the observation.
type Keeper[M, O any] struct {
	Inner    table.Controller[M, O]
	kept     []table.Decision[O]
	at       [][]byte
	Scribble func(*O)
}

// Decide keeps the decision, asks the inner controller, then scribbles.
func (k *Keeper[M, O]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	b, _ := json.Marshal(d)
	k.kept, k.at = append(k.kept, d), append(k.at, b)
	m, ok, err := k.Inner.Decide(ctx, d)
	k.Scribble(&d.Obs)
	return m, ok, err
}

// Unchanged fails t if a kept decision changed after it was handed over.
func (k *Keeper[M, O]) Unchanged(t *testing.T) {
	t.Helper()
	for i, d := range k.kept {
		if b, _ := json.Marshal(d); !bytes.Equal(b, k.at[i]) {
			t.Fatalf("decision %d changed after it was handed out", i)
		}
	}
}

// EveryOffset cuts log at every byte and checks that the recovered game is
// the uninterrupted game's state at the last complete line (states[n] is
// the game after line n), and, at every stride-th offset, that resuming it
// with the same players writes the rest of the original log byte for byte.
func EveryOffset[M, O, E any, G any](t *testing.T, spec table.Spec[M, O, E], log []byte, states []G,
	game func(table.Engine[M, O, E]) G, players []table.Player[M, O], every, stride int) int {
	t.Helper()
	header := bytes.IndexByte(log, '\n')
	tried := 0
	for k := 0; k <= len(log); k++ {
		if k%every != 0 && k < len(log) && log[k] != '\n' && log[k-1] != '\n' {
			continue
		}
		tried++
		rec, err := table.Recover(bytes.NewReader(log[:k]), spec)
		if k <= header {
			if !errors.Is(err, table.ErrNoHeader) {
				t.Fatalf("cut at %d: %v, want ErrNoHeader", k, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut at %d: %v", k, err)
		}
		if want := bytes.LastIndexByte(log[:k], '\n') + 1; int(rec.Offset) != want || rec.Torn != k-want {
			t.Fatalf("cut at %d: offset %d torn %d, want offset %d", k, rec.Offset, rec.Torn, want)
		}
		if got, want := game(rec.Engine), states[rec.Lines-1]; !reflect.DeepEqual(got, want) {
			t.Fatalf("cut at %d: the game recovered at line %d is not the game that wrote it", k, rec.Lines-1)
		}
		if k%stride != 0 && k != len(log) {
			continue
		}
		var rest bytes.Buffer
		tb, err := table.Resume(rec, players, table.Options[M, O, E]{Log: &rest})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatalf("cut at %d: resumed: %v", k, err)
		}
		if !bytes.Equal(append(log[:rec.Offset:rec.Offset], rest.Bytes()...), log) {
			t.Fatalf("cut at %d: the resumed table wrote another log", k)
		}
	}
	return tried
}

// EditDeals changes every deal line of log at random (two cards of the
// deck swapped, a card replaced by another, the hand's number or, for Gin
// Rummy, the dealer changed, for Shengji the deck shortened) and checks
// that games.Verify refuses each edited log at that line as a deal the
// seed did not deal. It returns the number of edited logs.
func EditDeals(t *testing.T, log []byte, seed uint64, edits int) int {
	t.Helper()
	if _, err := games.Verify(bytes.NewReader(log)); err != nil {
		t.Fatalf("seed %d: the log as written: %v", seed, err)
	}
	Lines := bytes.SplitAfter(log, []byte("\n"))
	n := 0
	for i, l := range Lines {
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
			c := slices.Clone(Lines)
			c[i] = append(edited, '\n')
			_, err := games.Verify(bytes.NewReader(bytes.Join(c, nil)))
			var le *table.LogError
			if !errors.Is(err, table.ErrNotSeedDeal) || !errors.As(err, &le) || le.Line != i || !strings.Contains(err.Error(), what) {
				t.Fatalf("seed %d, line %d edited (%s): %v", seed, i, what, err)
			}
			n++
		}
	}
	return n
}

// DealLine is a log cut before its second deal line (its first, if it
// has one only), the line's number and its deal record.
type DealLine struct {
	log  []byte
	line int
	rec  json.RawMessage
}

// SecondDeal returns log's dealLine.
func SecondDeal(t testing.TB, log []byte) DealLine {
	t.Helper()
	Lines := bytes.SplitAfter(log, []byte("\n"))
	deals := 0
	for i, l := range Lines {
		if !bytes.Contains(l, []byte(`"type":"deal"`)) {
			continue
		}
		if deals++; deals < 2 && bytes.Count(log, []byte(`"type":"deal"`)) > 1 {
			continue
		}
		var r struct{ Deal json.RawMessage }
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatal(err)
		}
		return DealLine{bytes.Join(Lines[:i], nil), i, r.Deal}
	}
	t.Fatal("a log with no deal line")
	return DealLine{}
}

// FuzzDealLine is FuzzDealLine of a game: whatever g's deal record is
// replaced with, the log replays only if the record is the deal the seed
// gives (the same JSON value), and is otherwise refused at that line.
func FuzzDealLine(f *testing.F, g DealLine) {
	f.Add(string(g.rec))
	f.Add(strings.Replace(string(g.rec), `","`, `", "`, 3))
	f.Add(strings.Replace(string(g.rec), `"deck":["`, `"deck":["AS","`, 1))
	// a deal that would play: its first two cards swapped
	f.Add(regexp.MustCompile(`"deck":\["(..)","(..)"`).ReplaceAllString(string(g.rec), `"deck":["$2","$1"`))
	f.Fuzz(func(t *testing.T, rec string) {
		if strings.ContainsAny(rec, "\n\r") {
			return
		}
		log := append(bytes.Clone(g.log), fmt.Sprintf(`{"type":"deal","n":%d,"deal":%s}`+"\n", g.line, rec)...)
		_, err := games.Verify(bytes.NewReader(log))
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

// FuzzRecover is FuzzRecover of a game: any bytes given as a table log of
// spec are recovered or refused with an error, never a panic; what is
// recovered is a prefix of whole lines. The fuzzer starts from the first
// lines of log (whole logs make it crawl: its first n lines, and 600
// bytes of its first 4) and from a Gin Rummy header with a deal of one
// card (to Gin Rummy, a short deck; to another game, another game's log,
// refused at its header).
func FuzzRecover[M, O, E any](f *testing.F, spec table.Spec[M, O, E], log []byte, n int) {
	f.Add(firstLines(log, n))
	f.Add(firstLines(log, 4)[:600])
	f.Add([]byte(`{"type":"header","n":0,"table":1,"game":"gin","format":1,"seed":1,"seats":[{"name":"a","kind":"level"},{"name":"b","kind":"level"}]}` + "\n" +
		`{"type":"deal","n":1,"deal":{"hand":1,"dealer":7,"deck":["AS"]}}` + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if rec, err := table.Recover(bytes.NewReader(b), spec); err == nil {
			if rec.Offset > int64(len(b)) || rec.Offset > 0 && b[rec.Offset-1] != '\n' {
				t.Fatalf("%s: offset %d of %d", spec.Kind, rec.Offset, len(b))
			}
		}
	})
}

// firstLines returns the first n lines of log.
func firstLines(log []byte, n int) []byte {
	end := 0
	for range n {
		i := bytes.IndexByte(log[end:], '\n')
		if i < 0 {
			return log
		}
		end += i + 1
	}
	return log[:end]
}

// First returns a log, leaving the result.
func First(log []byte, _ table.Result) []byte { return log }
