package gin

import (
	"fmt"

	"felt/games"
	"felt/gin"
	"felt/table"
)

// tally counts each hand's moves and keeps how it ended.
type tally struct {
	moves int
	hands []games.Hand
}

func newTally() games.Tally[gin.Event] { return &tally{} }

func (t *tally) Event(_ table.Seat, e gin.Event) {
	if e.Kind != gin.NoAction {
		t.moves++
	}
	if e.End != nil {
		r := e.End.Result
		h := games.Hand{Kind: r.Kind.String(), Points: r.Points, Moves: t.moves, Detail: r.Kind}
		if r.Kind != gin.DrawResult {
			h.Winners = table.SeatsOf(table.Seat(r.Winner))
		}
		t.hands = append(t.hands, h)
		t.moves = 0
	}
}

func (t *tally) Notice(table.Notice) {}

func (t *tally) Hands(any) []games.Hand { return t.hands }

// figures measures how a match's hands ended, from side A's view: the
// share of hands ended by each result, and the gins and undercuts each
// side won.
func figures(gs []games.Side) []games.Figure {
	kinds := map[gin.ResultKind]int{}
	hands := 0
	var aGins, bGins, aUnder, bUnder int
	for _, g := range gs {
		for _, h := range g.Hands {
			k, _ := h.Detail.(gin.ResultKind)
			hands++
			kinds[k]++
			aWon := h.Winners&g.Seats != 0
			switch k {
			case gin.GinResult, gin.BigGinResult:
				if aWon {
					aGins++
				} else {
					bGins++
				}
			case gin.UndercutResult:
				if aWon {
					aUnder++
				} else {
					bUnder++
				}
			}
		}
	}
	rate := func(k gin.ResultKind) float64 {
		if hands == 0 {
			return 0
		}
		return float64(kinds[k]) / float64(hands)
	}
	return []games.Figure{
		{Key: "gin_rate", Value: rate(gin.GinResult), Text: fmt.Sprintf("hands ended by: knock %.1f%%, gin %.1f%%, big gin %.1f%%, undercut %.1f%%, draw %.1f%%",
			100*rate(gin.KnockResult), 100*rate(gin.GinResult), 100*rate(gin.BigGinResult), 100*rate(gin.UndercutResult), 100*rate(gin.DrawResult))},
		{Key: "big_gin_rate", Value: rate(gin.BigGinResult)},
		{Key: "knock_rate", Value: rate(gin.KnockResult)},
		{Key: "undercut_rate", Value: rate(gin.UndercutResult)},
		{Key: "draw_rate", Value: rate(gin.DrawResult)},
		{Key: "a_gins", Value: float64(aGins), Text: fmt.Sprintf("gins: A %d, B %d; undercuts won: A %d, B %d", aGins, bGins, aUnder, bUnder)},
		{Key: "b_gins", Value: float64(bGins)},
		{Key: "a_undercuts", Value: float64(aUnder)},
		{Key: "b_undercuts", Value: float64(bUnder)},
	}
}
