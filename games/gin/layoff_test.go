package gin

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"felt/card"
	"felt/games"
	"felt/games/gamestest"
	"felt/gin"
	"felt/table"
)

// layOutOpts are the EAAI rules with the defender laying out.
func layOutOpts(t testing.TB) json.RawMessage {
	t.Helper()
	rules, _ := json.Marshal(gin.EAAI())
	var fields map[string]any
	_ = json.Unmarshal(rules, &fields)
	fields[LayOutOption] = true
	b, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// cardByCard lays off the engine's lay-offs one lay_off move at a time,
// then lays out the melds the engine offers; otherwise it plays as
// ginPure.
func cardByCard() table.Controller[gin.Action, gin.Observation] {
	var plan []gin.Layoff
	hand, next := 0, 0
	return games.Controller(func(o *gin.Observation) (gin.Action, bool) {
		if o.Result == nil || o.Phase == gin.OverPhase {
			return ginPure(o)
		}
		if o.HandNumber != hand {
			// The first decision after the knock: the engine's choice.
			hand, next, plan = o.HandNumber, 0, o.Result.Showdown.Layoffs
		}
		if next < len(plan) {
			next++
			return LayOff(plan[next-1].Card, plan[next-1].Onto), true
		}
		return LayOut(o.Result.Showdown.Defender), true
	})
}

// TestGinLayOffCardByCard: a defender that lays off the engine's lay-offs
// one lay_off move at a time, then lays out, scores every game as the
// engine's automatic layout does; each lay-off is a line of the log, seen
// by everyone with the meld it went onto, and the log replays to the
// game's result.
func TestGinLayOffCardByCard(t *testing.T) {
	opts := layOutOpts(t)
	total := 0
	for seed := uint64(1); seed <= 8; seed++ {
		var seen [2]int
		watch := listener(func(e gin.Event) {
			if e.Kind == gin.LayOff {
				if e.Melds.Len() != 1 || e.Melds.Meld(0).Kind() == gin.NoMeld {
					t.Errorf("a lay-off seen without its meld: %+v", e)
				}
				seen[1]++
			}
		})
		ps := []ginP{{Name: "pure", Kind: table.Level, Control: cardByCard()}, {Name: "pure", Kind: table.Level, Control: cardByCard()}}
		var log bytes.Buffer
		tb, err := table.New(Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed, GameOptions: opts, Log: &log,
			Spectators: []table.Listener[gin.Event]{watch}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := tb.Run(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		_, want := runGin(t, seed, opts, gamestest.Pures(2, pureChoice))
		if got.Scores != want.Scores || got.Winners != want.Winners {
			t.Fatalf("seed %d: laying off card by card %+v, the engine's lay-offs %+v", seed, got, want)
		}
		seen[0] = strings.Count(log.String(), `"kind":"lay_off"`)
		if seen[0] != seen[1] {
			t.Fatalf("seed %d: %d lay_off lines, %d seen", seed, seen[0], seen[1])
		}
		total += seen[0]
		rec, err := table.Recover(bytes.NewReader(log.Bytes()), Spec)
		if err != nil {
			t.Fatal(err)
		}
		if o := rec.Engine.Outcome(); o.Scores != got.Scores || !o.Over {
			t.Fatalf("seed %d: the log replays to %+v, the game %+v", seed, o, got)
		}
	}
	if total == 0 {
		t.Fatal("no lay-off made")
	}
	t.Logf("%d lay-offs", total)
}

// knockWithLayoffs plays pure moves at a table whose defender lays out,
// from seed on, until a knock awaits a defender that can lay off at least
// want cards.
func knockWithLayoffs(t testing.TB, want int) *Engine {
	t.Helper()
	return knockFrom(t, 1, want)
}

// knockFrom is knockWithLayoffs trying seeds from first on.
func knockFrom(t testing.TB, first uint64, want int) *Engine {
	t.Helper()
	for seed := first; seed < first+200; seed++ {
		eng, err := New(seed, layOutOpts(t))
		if err != nil {
			t.Fatal(err)
		}
		e := eng.(*Engine)
		var v table.Views[gin.Event]
		for !e.Over() {
			if dealIfDue(t, e, &v) {
				continue
			}
			s, _ := e.ToAct().First(0)
			o := observe(e, s)
			if e.pending != nil {
				if len(e.pending.sd.Layoffs) >= want {
					return e
				}
				a, _ := pureChoice(&o)
				if err := e.Apply(s, a, &v); err != nil {
					t.Fatal(err)
				}
				continue
			}
			a, _ := ginPure(&o)
			if err := e.Apply(s, a, &v); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("no knock leaving %d lay-offs", want)
	return nil
}

// pureChoice plays as ginPure and, as the defender after a knock, lays
// out the engine's choice (as the built-in levels do).
func pureChoice(o *gin.Observation) (gin.Action, bool) {
	if o.Result != nil && o.Phase != gin.OverPhase {
		return LayOut(o.Result.Showdown.Defender), true
	}
	return ginPure(o)
}

// TestGinLayOffRefused: a lay_off is refused, with the reason and
// changing nothing, when the card is not the defender's, is laid off
// twice, goes onto a meld the knocker did not show or makes no meld with
// it, comes from the knocker, or comes when no knock awaits a layout; a
// lay_out that melds a card laid off is refused; the accepted lay-offs
// are the hand's, and no others.
func TestGinLayOffRefused(t *testing.T) {
	e := knockWithLayoffs(t, 2)
	p := e.pending
	def := table.Seat(p.knocker.Other())
	first := p.sd.Layoffs[0]
	var v table.Views[gin.Event]
	refused := func(what string, s table.Seat, a gin.Action, reason string, target error) {
		t.Helper()
		before, laid := *e.Game(), len(p.laid)
		err := e.Check(s, a)
		if err == nil || !errors.Is(err, target) || !strings.Contains(err.Error(), reason) {
			t.Errorf("%s: checked %v, want %q", what, err, reason)
		}
		err = e.Apply(s, a, &v)
		if err == nil || !errors.Is(err, target) || !strings.Contains(err.Error(), reason) {
			t.Errorf("%s: applied %v, want %q", what, err, reason)
		}
		if len(p.laid) != laid || e.pending != p || !reflect.DeepEqual(before.Scores(), e.Game().Scores()) || before.HandNumber() != e.Game().HandNumber() {
			t.Fatalf("%s: the refused lay-off changed the game", what)
		}
	}
	// A card of the knocker's is not the defender's to lay off.
	knockerCard := (p.sd.KnockerCards &^ p.sd.DefenderCards).Cards()[0]
	refused("a card of the knocker's", def, LayOff(knockerCard, first.Onto), "not in the defender's hand", gin.ErrBadLayout)
	// A meld the knocker did not show.
	other := gin.MeldOf(card.MustParse("AS"), card.MustParse("AH"), card.MustParse("AD"))
	if slices := p.sd.Knocker.Melds(); len(slices) > 0 && slices[0] == other {
		other = gin.MeldOf(card.MustParse("KS"), card.MustParse("KH"), card.MustParse("KD"))
	}
	refused("onto a meld not shown", def, LayOff(first.Card, other), "the knocker showed no such meld", gin.ErrBadLayout)
	// A card that makes no meld with the knocker's meld.
	var misfit card.Card
	for _, c := range p.sd.DefenderCards.Cards() {
		if gin.Meld(first.Onto.Set().Add(c)).Kind() == gin.NoMeld {
			misfit = c
			break
		}
	}
	refused("a card that makes no meld", def, LayOff(misfit, first.Onto), "makes no meld", gin.ErrBadLayout)
	refused("the knocker's lay-off", table.Seat(p.knocker), LayOff(first.Card, first.Onto), "the defender lays out", gin.ErrNotYourTurn)
	// The first lay-off is accepted and seen by everyone.
	if err := e.Apply(def, LayOff(first.Card, first.Onto), &v); err != nil {
		t.Fatal(err)
	}
	for _, ev := range append(v.Seat[:2:2], v.Spectator) {
		if ev.Card != first.Card || ev.Melds.Len() != 1 || ev.Melds.Meld(0) != first.Onto || ev.End != nil {
			t.Fatalf("the lay-off is seen as %+v", ev)
		}
	}
	if w := EventWire(v.Spectator); w.Kind != "lay_off" || w.Card != first.Card || len(w.Onto) != first.Onto.Len() {
		t.Fatalf("the lay-off's wire event: %+v", w)
	}
	refused("the same card again", def, LayOff(first.Card, first.Onto), "card used twice", gin.ErrBadLayout)
	// A layout that melds the card laid off.
	if o := observe(e, def); len(o.Result.Showdown.Layoffs) != 1 || o.Result.Showdown.Layoffs[0] != first ||
		o.Result.Showdown.Defender.Melded().Has(first.Card) {
		t.Fatalf("the defender's observation after its lay-off: %+v", o.Result.Showdown)
	}
	var withIt gin.Meld
	for _, m := range p.sd.Defender.Melds() {
		if m.Set().Has(first.Card) {
			withIt = m
		}
	}
	if withIt == 0 {
		for _, c := range p.sd.DefenderCards.Cards() {
			for _, d := range p.sd.DefenderCards.Cards() {
				if m := gin.MeldOf(first.Card, c, d); m.Len() == 3 && m.Kind() != gin.NoMeld {
					withIt = m
				}
			}
		}
	}
	if withIt != 0 {
		show, _ := gin.NewArrangement(withIt)
		refused("a layout melding a card laid off", def, LayOut(show), "used twice", gin.ErrBadLayout)
	}
	// The layout after this one lay-off: the hand's showdown has exactly
	// it, not the engine's other lay-offs, and the deadwood the defender's
	// observation gave.
	o := observe(e, def)
	if err := e.Apply(def, LayOut(o.Result.Showdown.Defender), &v); err != nil {
		t.Fatal(err)
	}
	end := v.Spectator.End
	if e.pending != nil || end == nil || !reflect.DeepEqual(end.Result.Showdown.Layoffs, []gin.Layoff{first}) ||
		end.Result.Showdown.DefenderDeadwood != o.Result.Showdown.DefenderDeadwood {
		t.Fatalf("the hand ended with %+v, want the one lay-off %v", end, first)
	}
	// No knock awaits a layout now.
	s, _ := e.ToAct().First(0)
	if e.Over() {
		return
	}
	if err := e.Check(s, LayOff(first.Card, first.Onto)); !errors.Is(err, gin.ErrWrongPhase) || !strings.Contains(err.Error(), "lay_off") {
		t.Errorf("a lay_off with no knock: %v", err)
	}
}

// TestGinLayOffWire: a lay_off move is written as its card and the meld
// it goes onto and read back; malformed ones are refused with the reason.
func TestGinLayOffWire(t *testing.T) {
	var e Engine
	a := LayOff(card.MustParse("8S"), gin.MeldOf(card.MustParse("5S"), card.MustParse("6S"), card.MustParse("7S")))
	b, err := e.MarshalMove(a)
	if err != nil || string(b) != `{"kind":"lay_off","card":"8S","onto":["5S","6S","7S"]}` {
		t.Fatalf("%s, %v", b, err)
	}
	back, err := e.UnmarshalMove(b)
	if err != nil || back != a {
		t.Fatalf("%s reads back as %+v, %v", b, back, err)
	}
	for _, c := range []struct{ move, want string }{
		{`{"kind":"lay_off","onto":["5S","6S","7S"]}`, "takes a card"},
		{`{"kind":"lay_off","card":"8S"}`, "takes a card and the meld"},
		{`{"kind":"lay_off","card":"8S","onto":["5S","6S","7S"],"melds":[["9H","9D","9C"]]}`, "no melds"},
		{`{"kind":"lay_off","card":"8S","onto":["5S","6S","9S"]}`, "not a valid meld"},
		{`{"kind":"lay_off","card":"8S","onto":["5S","6S","6S","7S"]}`, "not a valid meld"},
		{`{"kind":"lay_off","card":"8S","onto":["5S","6S","XX"]}`, "gin: move"},
		{`{"kind":"lay_out","onto":["5S","6S","7S"]}`, "takes no onto"},
		{`{"kind":"discard","card":"8S","onto":["5S","6S","7S"]}`, "takes no onto"},
	} {
		if _, err := e.UnmarshalMove([]byte(c.move)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.move, err, c.want)
		}
	}
}

// FuzzGinLayOffMove: any bytes given as a move by the defender at a knock
// awaiting its layout are refused or read; a move read writes back to
// bytes that read as the same move; and a move that Check accepts is
// applied, never refused or a panic.
func FuzzGinLayOffMove(f *testing.F) {
	e := knockWithLayoffs(f, 2)
	p := e.pending
	seed := e.Seed()
	var c Engine
	for _, x := range p.sd.Layoffs {
		b, _ := c.MarshalMove(LayOff(x.Card, x.Onto))
		f.Add(b)
	}
	b, _ := c.MarshalMove(LayOut(p.sd.Defender))
	f.Add(b)
	f.Add([]byte(`{"kind":"lay_off","card":"8S","onto":["5S","6S","7S"]}`))
	f.Add([]byte(`{"kind":"lay_out"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := c.UnmarshalMove(b)
		if err != nil {
			return
		}
		back, err := c.MarshalMove(a)
		if err != nil {
			t.Fatalf("%s read as %+v, which does not write: %v", b, a, err)
		}
		if again, err := c.UnmarshalMove(back); err != nil || again != a {
			t.Fatalf("%s read as %+v, written as %s, read back as %+v (%v)", b, a, back, again, err)
		}
		e := knockFrom(t, seed, 2)
		def := table.Seat(e.pending.knocker.Other())
		if e.Check(def, a) != nil {
			return
		}
		var v table.Views[gin.Event]
		if err := e.Apply(def, a, &v); err != nil {
			t.Fatalf("%s: checked, then refused: %v", b, err)
		}
	})
}
