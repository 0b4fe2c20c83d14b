package gin

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"felt/gin"
	"felt/table"
)

// TestGinDefenderLaysOut: with the table option defender_lays_out, every
// knock waits for the defender's lay_out move; built-in levels lay out the
// engine's choice, so a game scores as it does without the option; the
// knock shows everyone the knocker's melds and the layout ends the hand;
// the log replays.
func TestGinDefenderLaysOut(t *testing.T) {
	rules, _ := json.Marshal(gin.EAAI())
	var withOpt map[string]any
	_ = json.Unmarshal(rules, &withOpt)
	withOpt[LayOutOption] = true
	opts, _ := json.Marshal(withOpt)
	layouts := 0
	for seed := uint64(1); seed <= 6; seed++ {
		var log bytes.Buffer
		var knockMelds, ends int
		watch := listener(func(e gin.Event) {
			if e.Kind == gin.Knock && e.Melds.Len() > 0 && e.End == nil {
				knockMelds++
			}
			if e.Kind == gin.NoAction && e.End != nil {
				ends++
			}
		})
		laid, err := table.New(Spec, ginBots(t, seed, "simple", "easy"), table.Options[gin.Action, gin.Observation, gin.Event]{
			Seed: seed, GameOptions: opts, Log: &log, Spectators: []table.Listener[gin.Event]{watch}})
		if err != nil {
			t.Fatal(err)
		}
		got, err := laid.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		plain, err := table.New(Spec, ginBots(t, seed, "simple", "easy"), table.Options[gin.Action, gin.Observation, gin.Event]{Seed: seed, GameOptions: rules})
		if err != nil {
			t.Fatal(err)
		}
		want, err := plain.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got.Scores != want.Scores || got.Winners != want.Winners {
			t.Fatalf("seed %d: with the defender laying out %+v, without %+v", seed, got, want)
		}
		n := strings.Count(log.String(), `"kind":"lay_out"`)
		if n == 0 || knockMelds != n || ends != n {
			t.Fatalf("seed %d: %d lay_out moves, %d knocks showing melds, %d hands ended by a layout", seed, n, knockMelds, ends)
		}
		layouts += n
		rec, err := table.Recover(bytes.NewReader(log.Bytes()), Spec)
		if err != nil {
			t.Fatal(err)
		}
		if o := rec.Engine.Outcome(); o.Scores != got.Scores || !o.Over {
			t.Fatalf("seed %d: the log replays to %+v, the game %+v", seed, o, got)
		}
	}
	t.Logf("%d layouts", layouts)
}

type listener func(gin.Event)

func (l listener) Event(_ table.Seat, e gin.Event) { l(e) }
func (l listener) Notice(table.Notice)             {}

// TestGinLayoutRefused: while a knock awaits the layout, only the
// defender's lay_out is accepted, and a bad arrangement is refused with
// the reason; a lay_out without a knock is refused; a malformed option is
// refused.
func TestGinLayoutRefused(t *testing.T) {
	eng, err := New(3, json.RawMessage(`{"defender_lays_out":true}`))
	if err != nil {
		t.Fatal(err)
	}
	e := eng.(*Engine)
	var v table.Views[gin.Event]
	if err := e.Check(0, LayOut(gin.Arrangement{})); err == nil {
		t.Fatal("a lay_out with no hand dealt accepted")
	}
	// Play pure moves until someone may knock.
	for e.pending == nil {
		if dealIfDue(t, e, &v) {
			continue
		}
		s, _ := e.ToAct().First(0)
		o := observe(e, s)
		a, _ := ginPure(&o)
		if a.Kind != gin.Knock {
			if err := e.Check(s, LayOut(gin.Arrangement{})); err == nil {
				t.Fatal("a lay_out with no knock accepted")
			}
		}
		if err := e.Apply(s, a, &v); err != nil {
			t.Fatal(err)
		}
	}
	p := e.pending
	def := table.Seat(p.knocker.Other())
	if e.ToAct() != table.SeatsOf(def) || observe(e, def).Result == nil {
		t.Fatalf("the defender is not asked: %v", e.ToAct())
	}
	if err := e.Check(table.Seat(p.knocker), LayOut(gin.Arrangement{})); err == nil {
		t.Fatal("the knocker's lay_out accepted")
	}
	if err := e.Check(def, gin.DrawStockAction()); err == nil {
		t.Fatal("a draw while the defender lays out accepted")
	}
	// A meld of the knocker's cards is not the defender's to lay out.
	var theirs gin.Meld
	for _, m := range p.sd.Knocker.Melds() {
		if m.Set()&p.sd.DefenderCards == 0 {
			theirs = m
		}
	}
	if observe(e, table.Seat(p.knocker)).Result != nil {
		t.Fatal("the knocker sees the defender's cards before the layout")
	}
	if theirs == 0 {
		t.Fatal("the knocker showed no meld")
	}
	{
		bad, err := gin.NewArrangement(theirs)
		if err != nil {
			t.Fatal(err)
		}
		before := *e.Game()
		err = e.Apply(def, LayOut(bad), &v)
		if !errors.Is(err, gin.ErrBadLayout) || !strings.Contains(err.Error(), "not in the defender's hand") {
			t.Fatalf("the knocker's meld laid out by the defender: %v", err)
		}
		if e.pending != p || e.Game().Scores() != before.Scores() {
			t.Fatal("a refused layout changed the game")
		}
	}
	if err := e.Apply(def, LayOut(p.sd.Defender), &v); err != nil {
		t.Fatal(err)
	}
	if e.pending != nil || v.Spectator.End == nil || v.Spectator.Seat != gin.Seat(def) {
		t.Fatalf("after the layout: pending %v, shown %+v", e.pending, v.Spectator)
	}
	if _, err := New(3, json.RawMessage(`{"defender_lays_out":"yes"}`)); err == nil || !strings.Contains(err.Error(), LayOutOption) {
		t.Fatalf("a malformed option: %v", err)
	}
	if b, _ := e.MarshalMove(LayOut(p.sd.Defender)); !bytes.Contains(b, []byte(`"lay_out"`)) {
		t.Fatalf("lay_out encodes as %s", b)
	} else if a, err := e.UnmarshalMove(b); err != nil || a.Show.Melded() != p.sd.Defender.Melded() {
		t.Fatalf("%s decodes as %v, %v", b, a, err)
	}
}
