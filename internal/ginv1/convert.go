package ginv1

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"felt/card"
	gingame "felt/games/gin"
	"felt/gin"
	"felt/table"
)

// A game of format 1 is written again as a table log: the same seed, rules
// and players, each hand's deck as it was dealt, every action a move,
// every takeover a control line. A table plays the actions back, dealing
// the logged decks, and logs them as every table does; a game not over
// goes on from its table log as every saved game does.

// errOldEnd says the old game's deals are all made.
var errOldEnd = errors.New("the saved game's deals are all made")

// oldDeal is a deal line's record, as Gin Rummy's table engine logs it.
type oldDeal struct {
	Hand   int         `json:"hand"`
	Dealer gin.Seat    `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// oldStep is an action of the old log, or a takeover (to is set).
type oldStep struct {
	seat       gin.Seat
	a          gin.Action
	to, reason string
}

// oldEngine deals the old game's decks.
type oldEngine struct {
	*gingame.Engine
	deals []json.RawMessage
}

// Advance returns the old game's next deal.
func (e *oldEngine) Advance(v *table.Views[gin.Event]) (json.RawMessage, error) {
	n := e.Game().HandNumber()
	if n >= len(e.deals) {
		return nil, errOldEnd
	}
	return e.deals[n], nil
}

// oldScript plays the old game's actions back at the table.
type oldScript struct {
	mu      sync.Mutex
	steps   []oldStep
	at      int
	pending [2][]oldStep // takeovers of a seat, made when it is next asked
	took    [2]oldStep   // the takeover being made of each seat
	cancel  context.CancelFunc
	err     error // the log does not play back
}

// humanName is the name the format gave the person at felt play.
const humanName = "human"

// kindOf is the controller kind a player's name says.
func kindOf(name string) table.Kind {
	switch {
	case name == humanName:
		return table.Person
	case strings.HasPrefix(name, "exec:"):
		return table.Program
	}
	return table.Level
}

// player is seat s's player named name, playing the old actions.
func (sc *oldScript) player(s gin.Seat, name string) table.Player[gin.Action, gin.Observation] {
	return table.Player[gin.Action, gin.Observation]{Name: name, Kind: kindOf(name), Control: oldSeat{sc, s}}
}

type oldSeat struct {
	sc   *oldScript
	seat gin.Seat
}

func (o oldSeat) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	sc := o.sc
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for sc.at < len(sc.steps) && sc.steps[sc.at].to != "" {
		st := sc.steps[sc.at]
		sc.pending[st.seat] = append(sc.pending[st.seat], st)
		sc.at++
	}
	if p := sc.pending[o.seat]; len(p) > 0 {
		// a takeover: the table logs it and asks the player named
		sc.took[o.seat], sc.pending[o.seat] = p[0], p[1:]
		return gin.Action{}, false, errors.New(p[0].reason)
	}
	if sc.at == len(sc.steps) {
		sc.cancel() // the saved game stops here
		return gin.Action{}, false, context.Canceled
	}
	st := sc.steps[sc.at]
	if st.seat != o.seat {
		sc.err = fmt.Errorf("action %d is seat %d's, but seat %d is to move", sc.at+1, st.seat, o.seat)
		sc.cancel()
		return gin.Action{}, false, context.Canceled
	}
	sc.at++
	return st.a, true, nil
}

// Convert writes the game rp of a log of format 1 (read by ReadLog) as a
// table log to f, which is empty, with id as the table's id: a table plays
// the game's deals and actions back, every takeover a control line (those
// logged after the last action at the end), and its options hold the
// rules and gin's deals_before_table_logs, so that on replay each deal is
// drawn from the seed as that format drew it. The table log replays to the
// game's position: unfinished, it resumes there. An action the table does
// not play back is an error, and f is then not a whole log.
func Convert(rp *Replayed, id string, f io.ReadWriteSeeker) error {
	g, err := gin.NewGame(rp.Rules, gin.NewRand(rp.Seed))
	if err != nil {
		return err
	}
	var deals []json.RawMessage
	var steps []oldStep
	for _, r := range rp.Records {
		switch r.Type {
		case "deal":
			if len(deals) > 0 {
				if err := g.NextHand(); err != nil {
					return err
				}
			}
			h := g.Hand()
			b, err := json.Marshal(oldDeal{Hand: g.HandNumber(), Dealer: h.Dealer(), Deck: h.Deck()})
			if err != nil {
				return err
			}
			deals = append(deals, b)
		case "action":
			if r.Player == nil {
				return fmt.Errorf("action %d without a player", r.Seq)
			}
			kind, err := gin.ParseActionKind(r.Action)
			if err != nil {
				return err
			}
			a := gin.Action{Kind: kind}
			if kind == gin.Discard || kind == gin.Knock {
				a.Card = r.Card
			}
			if r.Melds != nil {
				if a.Show, err = gin.ArrangementOf(r.Melds); err != nil {
					return err
				}
			}
			if err := g.Apply(*r.Player, a); err != nil {
				return fmt.Errorf("action %d: %w", r.Seq, err)
			}
			steps = append(steps, oldStep{seat: *r.Player, a: a})
		case "takeover":
			if r.Player == nil || *r.Player > 1 || r.Name == "" {
				return fmt.Errorf("a takeover line without its seat or player")
			}
			why := r.Reason
			if why == "" {
				why = "taken over"
			}
			steps = append(steps, oldStep{seat: *r.Player, to: r.Name, reason: why})
		}
	}
	rules, err := json.Marshal(rp.Rules)
	if err != nil {
		return err
	}
	// the old format drew its deals from the seed in its own way: the
	// table log says so, and its deals are checked against the seed drawn
	// that way
	rules = append(append(rules[:len(rules)-1:len(rules)-1], `,"`+gingame.OldDealsOption+`":true`...), '}')
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sc := &oldScript{steps: steps, cancel: cancel}
	spec := gingame.SpecWith(func(ge *gingame.Engine) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
		return &oldEngine{Engine: ge, deals: deals}, nil
	})
	ps := []table.Player[gin.Action, gin.Observation]{sc.player(0, rp.Players[0]), sc.player(1, rp.Players[1])}
	tb, err := table.New(spec, ps, table.Options[gin.Action, gin.Observation, gin.Event]{
		ID: id, Seed: rp.Seed, GameOptions: rules, Log: f,
		Fallback: func(s table.Seat) table.Player[gin.Action, gin.Observation] {
			sc.mu.Lock()
			defer sc.mu.Unlock()
			if sc.took[s].to == "" {
				// not a takeover of the old log: an action it refused
				sc.err = fmt.Errorf("seat %d's action %d does not play back", s, sc.at)
				sc.cancel()
				return table.Player[gin.Action, gin.Observation]{}
			}
			p := sc.player(gin.Seat(s), sc.took[s].to)
			sc.took[s] = oldStep{}
			return p
		}})
	if err != nil {
		return err
	}
	_, err = tb.Run(ctx)
	if sc.err != nil {
		return sc.err
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, errOldEnd) {
		return err
	}
	// takeovers logged last (a resume's, say): control lines at the end
	for ; sc.at < len(sc.steps); sc.at++ {
		if st := sc.steps[sc.at]; st.to != "" {
			sc.pending[st.seat] = append(sc.pending[st.seat], st)
		}
	}
	if len(sc.pending[0])+len(sc.pending[1]) > 0 {
		if _, err := f.Seek(0, 0); err != nil {
			return err
		}
		rec, err := table.Recover(f, gingame.Spec)
		if err != nil {
			return err
		}
		names := rec.Names
		tb, err := table.Resume(rec, []table.Player[gin.Action, gin.Observation]{sc.player(0, names[0]), sc.player(1, names[1])},
			table.Options[gin.Action, gin.Observation, gin.Event]{Log: f})
		if err != nil {
			return err
		}
		for s, p := range sc.pending {
			for _, st := range p {
				if err := tb.Replace(table.Seat(s), sc.player(gin.Seat(s), st.to), st.reason); err != nil {
					return err
				}
			}
		}
	}
	return nil
}
