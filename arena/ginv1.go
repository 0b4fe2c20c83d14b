package arena

import (
	"context"
	"errors"
	gingame "felt/games/gin"
	"sync"

	"felt/agent"
	"felt/gin"
	"felt/table"
)

// programV1 seats an outside program speaking protocol version 1 (package
// agent: one process a game, hand_start, hand_end and game_end messages)
// at a Gin Rummy table. Its decisions go through agent.Seated, which sends
// the program the moves since its last decision as agent.Play does; at a
// hand's end it reads its seat's observation from the table's engine to
// send hand_end. A program that fails makes its decision fail, so the
// seat forfeits (or is taken over). After a knock at a table whose
// defender lays out, it lays out the engine's choice: version 1 programs
// lay nothing out.
type programV1 struct {
	seat   gin.Seat
	seated *agent.Seated

	mu     sync.Mutex
	engine table.Engine[gin.Action, gin.Observation, gin.Event]
}

// ginV1 starts command as seat s's player speaking protocol version 1. A
// program that cannot be started at all forfeits (startFailed).
func ginV1(command string, cfg Config, s gin.Seat, seed uint64) (table.Player[gin.Action, gin.Observation], error) {
	p, err := agent.Exec(command, agent.Options{Rules: cfg.Rules, Timeout: cfg.Timeout, Seat: s})
	if err != nil {
		if errors.Is(err, agent.ErrProgram) {
			return table.Player[gin.Action, gin.Observation]{}, startFailed{err}
		}
		return table.Player[gin.Action, gin.Observation]{}, err
	}
	c := &programV1{seat: s, seated: agent.NewSeated(p, seed)}
	// No deadline from the table: the program's own timeout (agent.Options)
	// bounds each answer and names it in the reason.
	return table.Player[gin.Action, gin.Observation]{Name: "exec:" + command, Kind: table.Program, Control: c}, nil
}

// watch gives the controller the table's engine, to read its own seat's
// observation at a hand's end.
func (p *programV1) watch(e table.Engine[gin.Action, gin.Observation, gin.Event]) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.engine = e
}

// Decide asks the program through agent.Seated.
func (p *programV1) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	o := d.Obs
	if o.Result != nil && o.Phase != gin.OverPhase {
		return gingame.LayOut(o.Result.Showdown.Defender), true, nil
	}
	a := p.seated.ActContext(ctx, &o)
	if err := p.seated.Problem(); err != nil {
		return gin.Action{}, false, err
	}
	return a, true, nil
}

// Event sends the program hand_end (and game_end) when a hand ends.
func (p *programV1) Event(_ table.Seat, e gin.Event) {
	if e.End == nil {
		return
	}
	p.mu.Lock()
	eng := p.engine
	p.mu.Unlock()
	if eng == nil {
		return
	}
	o := eng.Observe(table.Seat(p.seat))
	p.seated.HandEnded(&o)
	if e.End.Over {
		p.seated.GameEnded(e.End.Game)
	}
}

// Notice does nothing: version 1 has no notices.
func (p *programV1) Notice(table.Notice) {}

// Close tells the program to quit and stops it.
func (p *programV1) Close() error { return p.seated.Close() }
