package gin

import (
	"bytes"
	"context"
	"encoding/json"
	"felt/games/gamestest"
	"testing"

	"felt/card"
	"felt/gin"
	"felt/table"
)

// ginEvents keeps Gin Rummy's events with their JSON at the time; with
// scribble it writes over the hand's end each points at.
type ginEvents struct {
	scribble bool
	events   []gin.Event
	at       [][]byte
	ends     int
}

func (k *ginEvents) Event(_ table.Seat, e gin.Event) {
	if k.scribble {
		if e.End != nil {
			e.End.Scores[0] = -1
			for j := range e.End.Result.Showdown.Layoffs {
				e.End.Result.Showdown.Layoffs[j].Card = card.MustParse("AS")
			}
		}
		return
	}
	b, _ := json.Marshal(e)
	k.events, k.at = append(k.events, e), append(k.at, b)
	if e.End != nil {
		k.ends++
	}
}

func (k *ginEvents) Notice(table.Notice) {}

// ginSeat is a gin controller that is also a listener.
type ginSeat struct {
	*gamestest.Keeper[gin.Action, gin.Observation]
	*ginEvents
}

// TestDecisionsAreOwn: a decision or event is never changed afterwards,
// and a controller that writes over its observation or its events
// (through the pointers and slices in them) changes nothing else: the
// other seats' values and the game stay as they were. (Seat 1 and the
// spectator, told after seat 0, write over their events; seat 0 checks.)
func TestDecisionsAreOwn(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		want, _ := runGin(t, seed, nil, ginPures())
		ps := ginPures()
		var ks []*gamestest.Keeper[gin.Action, gin.Observation]
		var evs []*ginEvents
		for i := range ps {
			k := &gamestest.Keeper[gin.Action, gin.Observation]{Inner: ps[i].Control, Scribble: func(o *gin.Observation) {
				o.Pile = gin.Pile{}
				if o.Result != nil {
					o.Result.Showdown.Layoffs = nil
				}
			}}
			ev := &ginEvents{scribble: i == 1}
			ks, evs, ps[i].Control = append(ks, k), append(evs, ev), ginSeat{k, ev}
		}
		spect := &ginEvents{scribble: true}
		var log bytes.Buffer
		tb, err := table.New(Spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{ID: "test", Seed: seed, Log: &log,
			Spectators: []table.Listener[gin.Event]{spect}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tb.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(log.Bytes(), want) {
			t.Fatalf("gin seed %d: a controller writing over its values changed the game", seed)
		}
		for _, k := range ks {
			k.Unchanged(t)
		}
		for _, ev := range evs[:1] {
			if ev.ends == 0 {
				t.Fatalf("gin seed %d: no hand's end seen", seed)
			}
			for i, e := range ev.events {
				if b, _ := json.Marshal(e); !bytes.Equal(b, ev.at[i]) {
					t.Fatalf("gin seed %d: event %d changed when another seat wrote over its own", seed, i)
				}
			}
		}
	}
}
