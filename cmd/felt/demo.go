package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"

	"github.com/spf13/cobra"
)

func (e *env) demoCmd() *cobra.Command {
	var seed uint64
	var rulesArg, logPath, a, b string
	var quiet bool
	c := &cobra.Command{
		Use:   "demo",
		Short: "Play a seeded game between two computer players and print it hand by hand",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := loadRules(rulesArg)
			if err != nil {
				return err
			}
			var players [2]ginbot.Player
			for i, name := range []string{a, b} {
				if players[i], err = ginbot.New(name, gin.NewRand(seed+uint64(i)+1)); err != nil {
					return err
				}
			}
			var logw io.Writer = io.Discard
			var logf *os.File
			if logPath != "" {
				if logf, err = os.Create(logPath); err != nil {
					return err
				}
				defer logf.Close() // on the error paths; checked below otherwise
				logw = logf
			}
			rec, err := gin.NewRecordedGame(logw, r, seed, [2]string{a, b})
			if err != nil {
				return err
			}
			names := [2]string{"A", "B"}
			fmt.Fprintf(e.stdout, "Felt demo: seed %d, A (%s) against B (%s), game to %d\n", seed, a, b, r.TargetScore)
			if err := playPrinted(cmd.Context().Done(), rec, players, names, e.stdout, quiet); err != nil {
				return err
			}
			if logf != nil {
				if err := logf.Close(); err != nil {
					return fmt.Errorf("replay log: %w", err)
				}
				fmt.Fprintf(e.stdout, "replay log written to %s\n", logPath)
			}
			return nil
		},
	}
	c.Flags().Uint64Var(&seed, "seed", 1, "seed for the deal and the players")
	c.Flags().StringVar(&rulesArg, "rules", "standard", "rules: a preset (standard, eaai) or a JSON file")
	c.Flags().StringVar(&logPath, "log", "", "write the game's replay log to this file")
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
	f, err := os.Open(arg)
	if err != nil {
		return gin.Rules{}, fmt.Errorf("rules %q: not a preset (%s) and not a readable file: %w", arg, strings.Join(gin.Presets(), ", "), err)
	}
	defer f.Close()
	// a rules file is a few hundred bytes: read a bounded amount
	data, err := io.ReadAll(io.LimitReader(f, maxRulesFile+1))
	if err != nil {
		return gin.Rules{}, fmt.Errorf("rules %q: %w", arg, err)
	}
	if len(data) > maxRulesFile {
		return gin.Rules{}, fmt.Errorf("rules %q: longer than %d bytes, not a rules file", arg, maxRulesFile)
	}
	return gin.ParseRules(gin.Standard(), data)
}

// maxRulesFile is the largest rules file Felt reads.
const maxRulesFile = 64 << 10

func pretty(s card.Set) string {
	cs := s.Cards()
	gin.SortByRank(cs)
	return card.Format(cs)
}

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

// playPrinted plays the recorded game to its end, printing it.
func playPrinted(done <-chan struct{}, rec *gin.Recorder, players [2]ginbot.Player, names [2]string, w io.Writer, quiet bool) error {
	g := rec.Game()
	for {
		h := g.Hand()
		fmt.Fprintf(w, "\nHand %d: %s deals, upcard %s", g.HandNumber(), names[h.Dealer()], h.Upcard())
		if h.KnockLimit() != g.Rules().KnockLimit || h.Doubled() {
			fmt.Fprintf(w, " (knock limit %d%s)", h.KnockLimit(), map[bool]string{true: ", points doubled"}[h.Doubled()])
		}
		fmt.Fprintln(w)
		if !quiet {
			for s := gin.Seat(0); s < 2; s++ {
				fmt.Fprintf(w, "  %s: %s\n", names[s], showArrangement(h.Cards(s)))
			}
		}
		for !h.Over() {
			select {
			case <-done:
				return fmt.Errorf("interrupted")
			default:
			}
			seat := h.Turn()
			obs := g.Observe(seat)
			a := players[seat].Act(&obs)
			before := h.Pile().Top()
			if err := rec.Apply(seat, a); err != nil {
				return fmt.Errorf("%s chose %s: %w", names[seat], a, err)
			}
			if !quiet {
				fmt.Fprintf(w, "  %3d. %s %s\n", h.Moves(), names[seat], describe(a, before, h, seat))
			}
		}
		printResult(w, h, names)
		sc := g.Scores()
		fmt.Fprintf(w, "  Score: %s %d, %s %d\n", names[0], sc[0], names[1], sc[1])
		if g.Over() {
			res := g.Result()
			fmt.Fprintf(w, "\nGame over after %d hands: %s wins.\n", g.HandNumber(), names[res.Winner])
			for s := 0; s < 2; s++ {
				fmt.Fprintf(w, "  %s: %d points + %d box bonus (%d hands)", names[s], res.Scores[s], res.BoxBonus[s], res.Boxes[s])
				if gin.Seat(s) == res.Winner {
					fmt.Fprintf(w, " + %d game bonus", res.GameBonus)
					if res.Shutout {
						fmt.Fprint(w, " (shutout)")
					}
				}
				fmt.Fprintf(w, " = %d\n", res.Final[s])
			}
			return nil
		}
		if err := rec.NextHand(); err != nil {
			return err
		}
	}
}

func describe(a gin.Action, before card.Card, h *gin.Hand, seat gin.Seat) string {
	switch a.Kind {
	case gin.Pass:
		return "passes " + before.String()
	case gin.TakeDiscard:
		return "takes " + before.String()
	case gin.DrawStock:
		return "draws from the stock"
	case gin.Discard:
		return "discards " + a.Card.String()
	case gin.Knock:
		return "knocks, discarding " + a.Card.String() + " face down"
	case gin.BigGin:
		return "goes big gin"
	}
	return a.String()
}

// meldsText writes an arrangement's melds, or "no melds".
func meldsText(a gin.Arrangement) string {
	if a.Len() == 0 {
		return "no melds"
	}
	return a.String()
}

func printResult(w io.Writer, h *gin.Hand, names [2]string) {
	res := h.Result()
	if res.Kind == gin.DrawResult {
		fmt.Fprintln(w, "  The stock is down to two cards: the hand is a draw; the same dealer deals again.")
		return
	}
	sd := res.Showdown
	k, d := res.Knocker, res.Knocker.Other()
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
	fmt.Fprintf(w, "  %s scores %d (%s%s)\n", names[res.Winner], res.Points, label, double)
}
