package games

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/internal/visible"
	"felt/shengji"
	"felt/table"
)

var (
	cardType = reflect.TypeFor[card.Card]()
	setType  = reflect.TypeFor[card.Set]()
)

// faces returns every card face anywhere in v: each card.Card and each
// card.Set (a card.Multi is two Sets), through structs, arrays, slices,
// pointers and unexported fields.
func faces(v any) card.Set {
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
	inner   table.Controller[M, O]
	allowed func(table.Seat) card.Set
	errs    *[]string
	checked *int
}

func (p *spy[M, O, E]) check(what string, v any) {
	*p.checked++
	if leak := faces(v) &^ p.allowed(p.seat); leak != 0 && len(*p.errs) < 5 {
		*p.errs = append(*p.errs, fmt.Sprintf("seat %d saw %s in %s %+v", p.seat, leak, what, v))
	}
}

func (p *spy[M, O, E]) Decide(ctx context.Context, d table.Decision[O]) (M, bool, error) {
	p.check("an observation", d.Obs)
	return p.inner.Decide(ctx, d)
}

func (p *spy[M, O, E]) Event(_ table.Seat, e E) { p.check("an event", e) }

func (p *spy[M, O, E]) Notice(table.Notice) {}

func seatSpies[M, O, E any](ps []table.Player[M, O], allowed func(table.Seat) card.Set, errs *[]string, checked *int) (*spy[M, O, E], []table.Player[M, O]) {
	out := make([]table.Player[M, O], len(ps))
	for i, p := range ps {
		p.Control = &spy[M, O, E]{seat: table.Seat(i), inner: p.Control, allowed: allowed, errs: errs, checked: checked}
		out[i] = p
	}
	return &spy[M, O, E]{seat: table.MaxSeats, allowed: allowed, errs: errs, checked: checked}, out
}

// TestNoLeaks walks every event and observation each seat and a spectator
// receive in many games of both games and finds no card the seat may not
// see.
func TestNoLeaks(t *testing.T) {
	ginGames, sjGames := 300, 60
	if testing.Short() || raceEnabled {
		ginGames, sjGames = 40, 8
	}
	var errs []string
	checked := 0
	levels := []string{"simple", "easy", "normal"}
	for i := range ginGames {
		seed := uint64(i + 1)
		var e *GinEngine
		allowed := func(s table.Seat) card.Set { return visible.Gin(e.Game(), s) }
		spect, ps := seatSpies[gin.Action, gin.Observation, gin.Event](ginBots(t, seed, levels[i%3], levels[(i+1)%3]), allowed, &errs, &checked)
		tb, err := table.New(Gin, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed,
			Spectators: []table.Listener[gin.Event]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		e = tb.Engine().(*GinEngine)
		if res, err := tb.Run(context.Background()); err != nil || !res.Over {
			t.Fatalf("gin seed %d: %v %+v", seed, err, res)
		}
		if len(errs) > 0 {
			t.Fatalf("gin seed %d:\n%v", seed, errs)
		}
	}
	ginChecked := checked
	for i := range sjGames {
		seed := uint64(i + 1)
		var e *ShengjiEngine
		allowed := func(s table.Seat) card.Set { return visible.Shengji(e.Game(), s) }
		spect, ps := seatSpies[shengji.Action, shengji.Observation, shengji.Event](sjRandoms(seed), allowed, &errs, &checked)
		var opts []byte
		if i%2 == 1 {
			opts = []byte(`{"start_level":"10","bid_after_deal":true,"no_bid":"turn-up-kitty"}`)
		}
		tb, err := table.New(Shengji, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: seed,
			GameOptions: opts, Spectators: []table.Listener[shengji.Event]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		e = tb.Engine().(*ShengjiEngine)
		if res, err := tb.Run(context.Background()); err != nil || !res.Over {
			t.Fatalf("shengji seed %d: %v %+v", seed, err, res)
		}
		if len(errs) > 0 {
			t.Fatalf("shengji seed %d:\n%v", seed, errs)
		}
	}
	t.Logf("%d gin games, %d events and observations; %d shengji games, %d", ginGames, ginChecked, sjGames, checked-ginChecked)
}

// TestLeakDetector: the walk finds cards wherever a view holds them, so a
// view showing a hidden card fails TestNoLeaks.
func TestLeakDetector(t *testing.T) {
	g, _ := gin.NewGameUndealt(gin.Standard())
	var seen [2]gin.Event
	var sp gin.Event
	deck := card.Shuffled(rand.New(rand.NewPCG(1, 2)))
	if err := g.DealDeck(deck, 0, &seen, &sp); err != nil {
		t.Fatal(err)
	}
	if leak := faces(seen[0]) &^ visible.Gin(g, 0); leak != 0 {
		t.Fatalf("seat 0's own deal shows %s", leak)
	}
	if leak := faces(seen[1]) &^ visible.Gin(g, 0); leak != g.Hand().Cards(1) {
		t.Fatalf("seat 1's deal seen by seat 0: found %s, want its hand %s", leak, g.Hand().Cards(1))
	}
	o := g.Observe(1)
	o.Result = &gin.Result{Showdown: gin.Showdown{Layoffs: []gin.Layoff{{Card: deck[30]}}}}
	if !faces(o).Has(deck[30]) {
		t.Fatal("a card behind a pointer and a slice was not found")
	}
	var m card.Multi
	_ = m.Add(card.MustParse("QS"))
	if !faces(shengji.Event{Cards: m}).Has(card.MustParse("QS")) {
		t.Fatal("a card in a Multi was not found")
	}
}
