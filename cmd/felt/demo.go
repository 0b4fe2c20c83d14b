package main

import (
	"context"
	"encoding/json"
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"io"
	"os"
	"strings"

	"felt/card"
	"felt/gin"
	"felt/internal/plain"
	"felt/internal/userfile"
	"felt/table"

	"github.com/spf13/cobra"
)

func (e *env) demoCmd() *cobra.Command {
	var seed uint64
	var rulesArg, logPath, a, b string
	var quiet bool
	c := &cobra.Command{
		Use:   "demo",
		Short: "Play a seeded game between two computer players and print it hand by hand",
		Long: `Play a seeded game of Gin Rummy between two built-in players at a table and
print it hand by hand: each player's cards as dealt to it, every move as the
table shows it, and each hand's showdown. The same seed prints the same game.

--log FILE writes the table log (docs/table.md), a line per move synced to
disk, which felt replay verify and felt replay view read.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := loadRules(rulesArg)
			if err != nil {
				return err
			}
			opts, err := json.Marshal(r)
			if err != nil {
				return err
			}
			var players [2]table.Player[gin.Action, gin.Observation]
			for i, name := range []string{a, b} {
				if players[i], err = gingame.Level(name, gin.NewRand(seed+uint64(i)+1)); err != nil {
					return err
				}
			}
			var logf *os.File
			if logPath != "" {
				if logf, err = os.Create(logPath); err != nil {
					return err
				}
				defer logf.Close() // on the error paths; checked below otherwise
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			fmt.Fprintf(e.stdout, "Felt demo: seed %d, A (%s) against B (%s), game to %d\n", seed, a, b, r.TargetScore)
			err = playDemo(ctx, demoGame{seed: seed, options: opts, players: players, log: logf, w: e.stdout, quiet: quiet})
			switch {
			case err != nil && ctx.Err() != nil && logf != nil:
				return fmt.Errorf("interrupted (the game so far is in %s)", logPath)
			case err != nil && ctx.Err() != nil:
				return errors.New("interrupted")
			case err != nil:
				return err
			}
			if logf != nil {
				if err := logf.Close(); err != nil {
					return fmt.Errorf("table log: %w", err)
				}
				fmt.Fprintf(e.stdout, "table log written to %s\n", logPath)
			}
			return nil
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 1, "seed for the deal and the players")
	c.Flags().StringVar(&rulesArg, "rules", "standard", "rules: a preset (standard, eaai) or a JSON file")
	c.Flags().StringVar(&logPath, "log", "", "write the game's table log to this file")
	c.Flags().StringVar(&a, "a", "simple", "player A")
	c.Flags().StringVar(&b, "b", "simple", "player B")
	c.Flags().BoolVar(&quiet, "quiet", false, "print only each hand's result, not every move")
	return c
}

// loadRules reads --rules: a preset name or a JSON file.
func loadRules(arg string) (gin.Rules, error) {
	if r, ok := gin.Preset(arg); ok {
		return r, nil
	}
	data, err := readRulesFile(arg, gin.Presets())
	if err != nil {
		return gin.Rules{}, fmt.Errorf("rules %w", err)
	}
	return gin.ParseRules(gin.Standard(), data)
}

// maxRulesFile is the largest rules file Felt reads.
const maxRulesFile = 64 << 10

// readRulesFile reads the rules file --rules names (a regular file of at
// most maxRulesFile bytes: userfile.ReadFile), saying which presets there
// are when arg is neither. The error begins with arg, quoted.
func readRulesFile(arg string, presets []string) ([]byte, error) {
	data, err := userfile.ReadFile(arg, maxRulesFile)
	var nr *userfile.NotRegularError
	switch {
	case errors.Is(err, userfile.ErrTooLarge):
		return nil, fmt.Errorf("%q: longer than %d bytes, not a rules file", arg, maxRulesFile)
	case errors.As(err, &nr):
		return nil, fmt.Errorf("%q: not a preset (%s), and %s, %w", arg, strings.Join(presets, ", "), nr.Kind, userfile.ErrNotRegular)
	case err != nil:
		return nil, fmt.Errorf("%q: not a preset (%s) and not a readable file: %w", arg, strings.Join(presets, ", "), err)
	}
	return data, nil
}

// pretty writes cards in rank order.
func pretty(s card.Set) string {
	cs := s.Cards()
	gin.SortByRank(cs)
	return card.Format(cs)
}

// showArrangement writes a hand as its best melds, the rest and its
// deadwood.
func showArrangement(hand card.Set) string {
	a, _ := gin.Melds(hand)
	dead, dv := a.Deadwood(hand)
	s := a.String()
	if dead != 0 {
		if s != "" {
			s += " "
		}
		s += "+ " + pretty(dead)
	}
	return fmt.Sprintf("%s (deadwood %d)", s, dv)
}

// demoGame is a demo's table: two built-in players, the log (nil for
// none) and where the game is printed.
type demoGame struct {
	seed    uint64
	options json.RawMessage
	players [2]table.Player[gin.Action, gin.Observation]
	log     *os.File
	w       io.Writer
	quiet   bool
}

// playDemo plays the demo's game at a table to its end, printing it from
// what the engine shows: each seat's own view of its deal, a spectator's
// view of every move and hand's end, and each hand's knock limit from the
// observation of the hand's first decision. Nothing is read from the
// table's full state. The log, if any, is synced after every line.
func playDemo(ctx context.Context, d demoGame) error {
	v := &demoView{w: d.w, quiet: d.quiet, names: [2]string{"A", "B"}}
	ps := make([]table.Player[gin.Action, gin.Observation], 2)
	for s, p := range d.players {
		p.Control = &demoSeat{Controller: p.Control, seat: gin.Seat(s), v: v}
		ps[s] = p
	}
	opts := table.Options[gin.Action, gin.Observation, gin.Event]{
		ID: fmt.Sprintf("demo-%d", d.seed), Seed: d.seed, GameOptions: d.options,
		Spectators: []table.Listener[gin.Event]{v},
	}
	if d.log != nil {
		opts.Log = d.log
	}
	tb, err := table.New(gingame.Spec, ps, opts)
	if err != nil {
		return err
	}
	res, err := tb.Run(ctx)
	if err != nil {
		return err
	}
	if !res.Over {
		// cannot happen without Options.Forfeit: the game ends, or Run fails
		return errors.New("the table stopped before the game's end")
	}
	return nil
}

// demoSeat is a seat's player at the demo's table: it hears the seat's
// own view of each deal (its ten cards) and, at the hand's first
// decision, has the hand's opening printed from the seat's observation.
type demoSeat struct {
	table.Controller[gin.Action, gin.Observation]
	seat gin.Seat
	v    *demoView
}

// Decide prints the hand's opening, if not yet printed, and asks the
// seat's player.
func (p *demoSeat) Decide(ctx context.Context, d table.Decision[gin.Observation]) (gin.Action, bool, error) {
	p.v.opening(&d.Obs)
	return p.Controller.Decide(ctx, d)
}

// Event keeps the seat's cards from its view of a deal.
func (p *demoSeat) Event(s table.Seat, e gin.Event) {
	if isDeal(e) {
		p.v.dealt[p.seat] = e.Cards
	}
	if l, ok := p.Controller.(table.Listener[gin.Event]); ok {
		l.Event(s, e)
	}
}

// Notice passes the table's notices on to the seat's player.
func (p *demoSeat) Notice(n table.Notice) {
	if l, ok := p.Controller.(table.Listener[gin.Event]); ok {
		l.Notice(n)
	}
}

// isDeal reports whether e is a deal's event: no move's kind, no card and
// no hand's end (a defender's lay-off has its card, its layout the end).
func isDeal(e gin.Event) bool { return e.Kind == gin.NoAction && e.Card == 0 && e.End == nil }

// demoView prints the demo's game as a spectator sees it, with each
// seat's cards as dealt to it.
type demoView struct {
	w     io.Writer
	quiet bool
	names [2]string
	dealt [2]card.Set // each seat's cards, from its own view of the deal
	deal  gin.Event   // the spectator's view of the hand's deal
	open  bool        // the deal is not printed yet
	moves int         // moves made in the hand
}

// Event prints a move and, when it ended the hand, the hand's end; a deal
// is printed at the hand's first decision (opening).
func (v *demoView) Event(_ table.Seat, e gin.Event) {
	if isDeal(e) {
		v.deal, v.open, v.moves = e, true, 0
		return
	}
	v.moves++
	if !v.quiet {
		fmt.Fprintf(v.w, "  %3d. %s %s\n", v.moves, v.names[e.Seat&1], describe(e))
	}
	if e.End == nil {
		return
	}
	end := e.End
	printResult(v.w, end.Result, v.names)
	fmt.Fprintf(v.w, "  Score: %s %d, %s %d\n", v.names[0], end.Scores[0], v.names[1], end.Scores[1])
	if !end.Over {
		return
	}
	res := end.Game
	fmt.Fprintf(v.w, "\nGame over after %d hands: %s wins.\n", e.Hand, v.names[res.Winner&1])
	for s := range 2 {
		fmt.Fprintf(v.w, "  %s: %d points + %d box bonus (%d hands)", v.names[s], res.Scores[s], res.BoxBonus[s], res.Boxes[s])
		if gin.Seat(s) == res.Winner {
			fmt.Fprintf(v.w, " + %d game bonus", res.GameBonus)
			if res.Shutout {
				fmt.Fprint(v.w, " (shutout)")
			}
		}
		fmt.Fprintf(v.w, " = %d\n", res.Final[s])
	}
}

// Notice prints a notice of the table (none comes from built-in players).
func (v *demoView) Notice(n table.Notice) {
	fmt.Fprintf(v.w, "  %s\n", plain.Text(n.String())) // a program's reason, escaped
}

// opening prints the hand's deal once, at its first decision: the dealer
// and upcard from the spectator's view, the knock limit and doubling from
// the deciding seat's observation, and each seat's cards from its own view
// of the deal.
func (v *demoView) opening(o *gin.Observation) {
	if !v.open {
		return
	}
	v.open = false
	d := v.deal
	fmt.Fprintf(v.w, "\nHand %d: %s deals, upcard %s", d.Hand, v.names[d.Seat&1], d.Upcard)
	if o.KnockLimit != o.Rules.KnockLimit || o.Doubled {
		fmt.Fprintf(v.w, " (knock limit %d%s)", o.KnockLimit, map[bool]string{true: ", points doubled"}[o.Doubled])
	}
	fmt.Fprintln(v.w)
	if !v.quiet {
		for s := range 2 {
			fmt.Fprintf(v.w, "  %s: %s\n", v.names[s], showArrangement(v.dealt[s]))
		}
	}
}

// describe says what a move did, as everyone at the table saw it.
func describe(e gin.Event) string {
	switch e.Kind {
	case gin.Pass:
		return "passes " + e.Card.String()
	case gin.TakeDiscard:
		return "takes " + e.Card.String()
	case gin.DrawStock:
		return "draws from the stock"
	case gin.Discard:
		return "discards " + e.Card.String()
	case gin.Knock:
		return "knocks, discarding " + e.Card.String() + " face down"
	case gin.BigGin:
		return "goes big gin"
	case gin.NoAction:
		if e.Card != 0 {
			return "lays off " + e.Card.String()
		}
		return "lays out"
	}
	return e.Kind.String()
}

// meldsText writes an arrangement's melds, or "no melds".
func meldsText(a gin.Arrangement) string {
	if a.Len() == 0 {
		return "no melds"
	}
	return a.String()
}

// printResult prints how a hand ended, as the table showed it.
func printResult(w io.Writer, res gin.Result, names [2]string) {
	if res.Kind == gin.DrawResult {
		fmt.Fprintln(w, "  The stock is down to two cards: the hand is a draw; the same dealer deals again.")
		return
	}
	sd := res.Showdown
	k, d := res.Knocker&1, res.Knocker.Other()&1
	what := map[gin.ResultKind]string{gin.GinResult: "goes gin", gin.BigGinResult: "goes big gin"}[sd.Result]
	if what == "" {
		what = fmt.Sprintf("knocks with %d", sd.KnockerDeadwood)
	}
	fmt.Fprintf(w, "  %s %s: %s", names[k], what, meldsText(sd.Knocker))
	if dk := sd.KnockerDeadwoodCards(); dk != 0 {
		fmt.Fprintf(w, " + %s", pretty(dk))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "  %s shows %s", names[d], meldsText(sd.Defender))
	if lo := sd.LaidOff(); lo != 0 {
		fmt.Fprintf(w, ", lays off %s", pretty(lo))
	}
	if dd := sd.DefenderDeadwoodCards(); dd != 0 {
		fmt.Fprintf(w, ", deadwood %s", pretty(dd))
	}
	fmt.Fprintf(w, " (%d)\n", sd.DefenderDeadwood)
	label := map[gin.ResultKind]string{gin.KnockResult: "knock", gin.GinResult: "gin", gin.BigGinResult: "big gin", gin.UndercutResult: "undercut"}[sd.Result]
	double := ""
	if sd.Doubled {
		double = ", doubled"
	}
	fmt.Fprintf(w, "  %s scores %d (%s%s)\n", names[res.Winner&1], res.Points, label, double)
}
