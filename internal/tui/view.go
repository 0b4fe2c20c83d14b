package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/gin"
)

// The smallest window the game is drawn in, and the size it is designed
// for.
const (
	MinWidth   = 56
	MinHeight  = 18
	fullWidth  = 80
	maxHeight  = 32
	scoreWidth = 24 // the score sheet beside the table
	panelRows  = 11 // the table's rows above the log
)

// public is everything the person's screen is drawn from: the observation
// of their seat, and the score sheet, which both players see. It holds no
// hidden card; a finished hand's showdown is in obs.Result.
type public struct {
	obs     gin.Observation
	history []gin.HandSummary
	game    *gin.GameResult // once the game is over
}

func (m Model) public() public {
	return public{obs: m.seen.Obs, history: m.seen.History, game: m.seen.Game}
}

// View draws the screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	if !m.quit {
		v.AltScreen = true
		v.MouseMode = tea.MouseModeCellMotion
		v.WindowTitle = "Felt · Gin Rummy"
		if m.th.ascii {
			v.WindowTitle = "Felt - Gin Rummy"
		}
	}
	return v
}

// Render returns the screen's text (with its escape codes), at most the
// window's width on each line and its height in lines.
func (m Model) Render() string {
	if m.quit {
		return ""
	}
	return m.frame().String()
}

// frame lays out the whole screen.
func (m Model) frame() frame {
	W, H := m.width, m.height
	if W < MinWidth || H < MinHeight {
		var b block
		for _, l := range wrap(fmt.Sprintf("Felt needs a window of at least %d×%d to play; this one is %d×%d. Make it larger, or press q to save and quit.", MinWidth, MinHeight, W, H), max(W, 1)) {
			b.text(l)
		}
		return place(m.th, b, W, H, W, H)
	}
	cw := min(W, fullWidth)
	ch := min(H, maxHeight)
	p := m.public()
	var b block
	b.text(m.header(&p, cw))
	keys := keyBar(m.th, m.keys(&p), cw)
	body := ch - 1 - len(keys.lines) - 1 // header, keys, status
	switch {
	case m.help:
		b.add(m.helpBody(&p, cw, body))
	case m.screen == showdownScreen:
		b.add(m.showdownBody(&p, cw, body))
	case m.screen == gameOverScreen:
		b.add(m.gameOverBody(&p, cw, body))
	case p.obs.HandNumber == 0:
		b.blank()
		b.text(" Shuffling and dealing the first hand…")
	default:
		b.add(m.tableBody(&p, cw, body))
	}
	for len(b.lines) < ch-len(keys.lines)-1 {
		b.blank()
	}
	b.lines = b.lines[:ch-len(keys.lines)-1]
	b.text(m.statusLine(cw))
	b.add(keys)
	return place(m.th, b, cw, ch, W, H)
}

// header is the title bar. Its parts get shorter when the line is too
// narrow for them.
func (m Model) header(p *public, w int) string {
	o := &p.obs
	t := m.th
	left := " Felt Gin Rummy"
	build := func(short int) string {
		var parts []string
		if p.game == nil {
			parts = append(parts, fmt.Sprintf("Hand %d", o.HandNumber))
			if short < 2 {
				if o.Dealer == m.seat {
					parts = append(parts, "you dealt")
				} else {
					parts = append(parts, m.names[o.Dealer]+" dealt")
				}
			}
			switch {
			case o.KnockLimit == 0:
				parts = append(parts, "gin only")
			case short > 0 && t.ascii:
				parts = append(parts, fmt.Sprintf("knock <=%d", o.KnockLimit))
			case short > 0:
				parts = append(parts, fmt.Sprintf("knock ≤%d", o.KnockLimit))
			default:
				parts = append(parts, fmt.Sprintf("knock at %d or less", o.KnockLimit))
			}
			if o.Doubled {
				parts = append(parts, "points ×2")
			}
		}
		if w < fullWidth {
			parts = append(parts, fmt.Sprintf("%s %d, %s %d", m.names[m.seat], o.Scores[m.seat], m.names[m.seat.Other()], o.Scores[m.seat.Other()]))
		}
		parts = append(parts, fmt.Sprintf("game to %d", o.Rules.TargetScore))
		right := strings.Join(parts, " · ") + " "
		if t.ascii {
			right = strings.ReplaceAll(strings.ReplaceAll(right, " · ", " | "), "×", "x")
		}
		return right
	}
	right := build(0)
	for short := 1; short <= 2 && width(left)+1+width(right) > w; short++ {
		right = build(short)
	}
	gap := w - width(left) - width(right)
	if gap < 1 {
		right = t.cut(right, max(0, w-width(left)-1))
		gap = max(1, w-width(left)-width(right))
	}
	return t.paint(t.title, t.fit(left+strings.Repeat(" ", gap)+right, w))
}

// statusLine is the line above the key bar: a refusal, a note, or a save
// error.
func (m Model) statusLine(w int) string {
	switch {
	case m.status != "" && m.statusBad:
		return m.th.paint(m.th.bad, m.th.cut(" "+m.status, w))
	case m.status != "":
		return m.th.cut(" "+m.status, w)
	case m.SaveError() != "":
		return m.th.paint(m.th.bad, m.th.cut(" "+m.SaveError(), w))
	}
	return ""
}

// keys are the keys for the current moment.
func (m Model) keys(p *public) []keyItem {
	quit := keyItem{"q", "save & quit", "q"}
	help := keyItem{"?", "help", "?"}
	if m.help {
		ks := []keyItem{{"esc", "back to the game", "esc"}}
		if m.helpLong {
			ks = append(ks, keyItem{m.th.updown(), "scroll", ""})
		}
		return append(ks, quit)
	}
	switch m.screen {
	case showdownScreen:
		next := "next hand"
		if p.game != nil {
			next = "final score"
		}
		return []keyItem{{"enter", next, "enter"}, help, quit}
	case gameOverScreen:
		return []keyItem{{"q", "quit", "q"}}
	}
	o := &p.obs
	if m.knock != nil {
		var ks []keyItem
		if len(m.knock.arrs) > 1 {
			ks = append(ks, keyItem{m.th.updown() + fmt.Sprintf(" 1-%d", len(m.knock.arrs)), "choose", ""})
		}
		return append(ks, keyItem{"enter", m.knock.verb(), "enter"}, keyItem{"esc", "cancel", "esc"}, quit)
	}
	if !m.myDecision() {
		return []keyItem{help, quit}
	}
	hint := keyItem{"h", "hint", "h"}
	if m.hintOn {
		hint.label = "hide hint"
	}
	switch o.Phase {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		return []keyItem{{"t", "take " + m.th.ink(o.Pile.Top()), "t"}, {"p", "pass", "p"}, hint, help, quit}
	case gin.DrawPhase:
		ks := []keyItem{{"s", "draw from the stock", "s"}}
		if !o.MustStock && o.Pile.Len() > 0 {
			ks = append(ks, keyItem{"t", "take " + m.th.ink(o.Pile.Top()), "t"})
		}
		return append(ks, hint, help, quit)
	case gin.DiscardPhase:
		n := max(min(o.Hand.Len(), len(letters)), 1)
		ks := []keyItem{
			{m.th.leftright() + " a-" + letters[n-1:n], "pick", ""},
			{"enter", "discard " + m.th.ink(m.sel), "enter"},
		}
		if canKnock(o) {
			ks = append(ks, keyItem{"k", "knock", "k"})
		}
		if o.Rules.BigGinAllowed() && gin.Deadwood(o.Hand) == 0 {
			ks = append(ks, keyItem{"g", "big gin", "g"})
		}
		return append(ks, hint, help, quit)
	}
	return []keyItem{help, quit}
}

// canKnock reports whether some discard leaves a knock.
func canKnock(o *gin.Observation) bool {
	_, dw := bestDiscardExcept(o.Hand, o.JustTaken)
	return dw <= o.KnockLimit
}

func (t theme) leftright() string {
	if t.ascii {
		return "<- ->"
	}
	return "←→"
}

func (t theme) left() string {
	if t.ascii {
		return "<-"
	}
	return "←"
}

func (t theme) right() string {
	if t.ascii {
		return "->"
	}
	return "→"
}

func (t theme) updown() string {
	if t.ascii {
		return "up/down"
	}
	return "↑↓"
}

// turnPrompt says whose turn it is and what to do.
func (m Model) turnPrompt(o *gin.Observation) string {
	if o.Turn != m.seat {
		return m.names[o.Turn] + " is thinking…"
	}
	top := m.th.ink(o.Pile.Top())
	switch o.Phase {
	case gin.UpcardPhase:
		return fmt.Sprintf("Your turn: take the upcard %s (t), or pass (p).", top)
	case gin.DealerUpcardPhase:
		return fmt.Sprintf("Your turn: %s passed on the upcard %s; take it (t), or pass (p).", m.names[m.seat.Other()], top)
	case gin.DrawPhase:
		if o.MustStock || o.Pile.Len() == 0 {
			return "Your turn: draw from the stock (s)."
		}
		return fmt.Sprintf("Your turn: draw from the stock (s), or take %s (t).", top)
	case gin.DiscardPhase:
		if m.knock != nil {
			if len(m.knock.arrs) > 1 {
				return "Your turn: choose the melds to lay out, then press enter to " + m.knock.verb() + "."
			}
			return "Your turn: press enter to " + m.knock.verb() + ", or esc to think again."
		}
		if canKnock(o) {
			return "Your turn: discard a card (pick it, then enter), or knock (k)."
		}
		return "Your turn: pick a card to discard, then press enter."
	}
	return ""
}

// tableBody is the hand being played: the opponent, the piles, your hand,
// the score sheet, then the moves (or the hint, or the knock), and whose
// turn it is.
func (m Model) tableBody(p *public, w, h int) block {
	o := &p.obs
	var panel block
	if w >= fullWidth {
		lw := w - scoreWidth - 3
		panel = beside(m.th, m.tablePanel(o, lw), lw, " "+m.th.vbar()+" ", m.scoreSheet(p, scoreWidth, panelRows))
	} else {
		panel = m.tablePanel(o, w)
	}
	var b block
	b.add(panel)
	b.text(m.th.rule(w))
	area := h - len(b.lines) - 1
	var lower block
	switch {
	case m.knock != nil:
		lower = m.knockPanel(o, w)
	case m.hintOn:
		lower = m.hintPanel(o, w, area)
	default:
		lower = m.logPanel(w)
	}
	if len(lower.lines) > area {
		if m.knock == nil && !m.hintOn {
			// the moves: keep the latest
			lower.lines = lower.lines[len(lower.lines)-area:]
		} else {
			lower.lines = lower.lines[:max(area, 0)]
		}
	}
	for len(lower.lines) < area {
		lower.blank()
	}
	b.add(lower)
	turn := m.turnPrompt(o)
	if o.Turn == m.seat {
		turn = m.th.paint(m.th.turn, m.th.pointer()+" "+turn)
	} else {
		turn = m.th.paint(m.th.dim, "  "+turn)
	}
	b.text(m.th.cut(" "+turn, w))
	return b
}

// tablePanel is the table itself: the opponent's cards, the stock and the
// discard pile, and your hand.
func (m Model) tablePanel(o *gin.Observation, w int) block {
	t := m.th
	var b block
	opp := m.seat.Other()

	name := m.names[opp]
	if m.outside {
		name += " (outside program)"
	}
	label := fmt.Sprintf(" %s · %d cards", name, o.OpponentCards)
	if o.Dealer == opp {
		label += " · dealer"
	}
	b.text(t.paint(t.heading, label))
	r := &row{}
	r.space(1)
	known := o.OpponentTook.Cards()
	for i := 0; i < o.OpponentCards-len(known); i++ {
		r.put(t.cardBack())
	}
	for _, c := range known {
		r.put(t.card(c, plainCard))
	}
	b.row(r)
	if len(known) > 0 {
		b.text(t.cut(fmt.Sprintf(" holds %s: taken from the discard pile", t.inks(known)), w))
	} else {
		b.blank()
	}
	b.blank()

	// the stock and the discard pile
	r = &row{}
	r.space(1).click("Stock", "s").space(9).click("Discard pile", "t")
	b.row(r)
	r = &row{}
	r.space(1).click(t.cardBack(), "s").put(fmt.Sprintf(" %-2d", o.StockLen)).space(7)
	if top := o.Pile.Top(); top.IsValid() {
		r.click(t.card(top, plainCard), "t")
		if n := o.Pile.Len(); n > 1 {
			var under []card.Card
			for i := n - 2; i >= 0 && len(under) < 5; i-- {
				under = append(under, o.Pile.At(i))
			}
			more := ""
			if n-1 > len(under) {
				more = " " + t.ellipsis()
			}
			r.put(t.paint(t.dim, "  under it: "+t.names(under)+more))
		}
	} else {
		r.put(t.paint(t.dim, "(empty)"))
	}
	b.row(r)
	b.blank()

	// your hand
	dw := gin.Deadwood(o.Hand)
	head := fmt.Sprintf(" Your hand · deadwood %d", dw)
	if o.Hand.Len() == 11 {
		head = fmt.Sprintf(" Your hand · 11 cards · deadwood %d", dw)
	}
	if o.Dealer == m.seat {
		head += " · you dealt"
	}
	b.text(t.paint(t.heading, head))
	discarding := o.Phase == gin.DiscardPhase && o.Turn == m.seat
	groups := handGroups(o.Hand)
	r = &row{}
	r.space(1)
	lr := &row{}
	lr.space(1)
	i := 0
	for gi, g := range groups {
		if gi > 0 {
			r.space(2)
			lr.space(2)
		}
		for _, c := range g {
			st := plainCard
			if discarding && c == m.sel {
				st = selectedCard
			}
			r.click(t.card(c, st), fmt.Sprintf("card:%d", i))
			if discarding && i < len(letters) {
				l := letters[i : i+1]
				if c == m.sel {
					lr.put(" " + t.paint(t.strong, l) + "  ")
				} else {
					lr.put(" " + t.paint(t.dim, l) + "  ")
				}
			} else {
				lr.space(cardWidth)
			}
			i++
		}
	}
	b.row(r)
	b.row(lr)
	b.text(t.cut(m.handNote(o), w))
	return b
}

// handNote is the line under your hand: what discarding the selected card
// leaves, or the rules of the hand.
func (m Model) handNote(o *gin.Observation) string {
	t := m.th
	if o.Phase == gin.DiscardPhase && o.Turn == m.seat && m.sel.IsValid() {
		if m.sel == o.JustTaken {
			return fmt.Sprintf(" You just took %s: you can't discard it this turn.", t.ink(m.sel))
		}
		after := gin.Deadwood(o.Hand.Remove(m.sel))
		s := fmt.Sprintf(" Discard %s %s deadwood %d", t.ink(m.sel), t.arrow(), after)
		switch {
		case after == 0:
			s += t.paint(t.good, " · gin! (k)")
		case after <= o.KnockLimit:
			s += t.paint(t.good, " · you can knock (k)")
		}
		return s
	}
	r := o.Rules
	s := fmt.Sprintf(" Upcard %s · gin bonus %d · undercut bonus %d", t.ink(o.Upcard), r.GinBonus, r.UndercutBonus)
	return t.paint(t.dim, s)
}

// scoreSheet is the running score: each hand, the totals, the hands won
// and the target.
func (m Model) scoreSheet(p *public, w, h int) block {
	t := m.th
	var b block
	me, opp := m.seat, m.seat.Other()
	lab := func(s string) string { return fmt.Sprintf("%-11s", t.cut(s, 11)) }
	cols := func(a, b string) string { return fmt.Sprintf("%6s%7s", a, b) }
	b.text(t.paint(t.heading, lab("Score")+cols(m.names[me], t.cut(m.names[opp], 6))))
	b.text(t.rule(w))
	fixed := 6
	hist := p.history
	rows := max(h-fixed, 0)
	if len(hist) > rows && rows > 0 {
		b.text(t.paint(t.dim, fmt.Sprintf("%d earlier hand%s", len(hist)-(rows-1), plural(len(hist)-(rows-1)))))
		hist = hist[len(hist)-(rows-1):]
	}
	dot := "·"
	if t.ascii {
		dot = "."
	}
	for _, hs := range hist {
		a, c := dot, dot
		if hs.Kind != gin.DrawResult {
			if hs.Winner == me {
				a = fmt.Sprint(hs.Points)
			} else {
				c = fmt.Sprint(hs.Points)
			}
		}
		b.text(lab(fmt.Sprintf("%2d %s", hs.Number, resultName(hs.Kind))) + cols(a, c))
	}
	if len(hist) == 0 {
		b.text(t.paint(t.dim, "no hand scored yet"))
	}
	for len(b.lines) < h-4 {
		b.blank()
	}
	o := &p.obs
	b.text(t.rule(w))
	b.text(t.paint(t.strong, lab("Total")+cols(fmt.Sprint(o.Scores[me]), fmt.Sprint(o.Scores[opp]))))
	b.text(lab("Hands won") + cols(fmt.Sprint(o.Boxes[me]), fmt.Sprint(o.Boxes[opp])))
	b.text(t.paint(t.dim, fmt.Sprintf("Game to %d", o.Rules.TargetScore)))
	return b
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// logPanel is the hand's moves in words.
func (m Model) logPanel(w int) block {
	var b block
	for _, l := range m.log {
		for i, wl := range wrap(l, w-3) {
			if i > 0 {
				wl = "  " + wl // a long line goes on, indented
			}
			b.text(m.th.cut(" "+wl, w))
		}
	}
	return b
}

// knockPanel asks which melds to lay out.
func (m Model) knockPanel(o *gin.Observation, w int) block {
	t := m.th
	k := m.knock
	var b block
	kept := o.Hand.Remove(k.card)
	if k.deadwood == 0 {
		b.text(t.paint(t.good, t.cut(fmt.Sprintf(" Gin! Discard %s face down and lay out all ten cards:", t.ink(k.card)), w)))
	} else {
		b.text(t.paint(t.strong, t.cut(fmt.Sprintf(" Knock: discard %s face down, deadwood %d (the limit is %d).", t.ink(k.card), k.deadwood, o.KnockLimit), w)))
		if len(k.arrs) > 1 {
			b.text(t.cut(fmt.Sprintf(" %d ways to lay out your melds; %s may lay off cards on them. Which?", len(k.arrs), m.names[m.seat.Other()]), w))
		} else {
			b.text(t.cut(" You lay out:", w))
		}
	}
	for i, a := range k.arrs {
		r := &row{}
		mark := "  "
		if i == k.idx && len(k.arrs) > 1 {
			mark = t.pointer() + " "
		}
		line := fmt.Sprintf(" %s%d. %s", mark, i+1, m.arrangementText(a, kept))
		if i == k.idx && len(k.arrs) > 1 {
			line = t.paint(t.strong, line)
		}
		r.click(t.cut(line, w), fmt.Sprint(i+1))
		b.row(r)
	}
	return b
}

// arrangementText writes melds and deadwood inline: "3♠4♠5♠ · 7♥7♦7♣ ·
// deadwood 2♣ 9♦ (11)".
func (m Model) arrangementText(a gin.Arrangement, hand card.Set) string {
	t := m.th
	var parts []string
	for _, md := range a.Melds() {
		cs := md.Cards()
		gin.SortByRank(cs)
		parts = append(parts, "["+t.inks(cs)+"]")
	}
	s := strings.Join(parts, " ")
	dead, dv := a.Deadwood(hand)
	if dead != 0 {
		cs := dead.Cards()
		gin.SortByRank(cs)
		s += fmt.Sprintf("  deadwood %s = %d", t.inks(cs), dv)
	} else {
		s += "  no deadwood"
	}
	return s
}

// hintPanel shows the hint in h lines: the best arrangements (as many as
// fit) and the hard player's advice.
func (m Model) hintPanel(o *gin.Observation, w, h int) block {
	t := m.th
	var b block
	hint := m.hint
	if hint == nil {
		b.text(t.paint(t.dim, " Thinking about a hint…"))
		return b
	}
	var advice []string
	for _, l := range m.adviceLines(o, hint) {
		for _, wl := range wrap(l, w-1) {
			advice = append(advice, " "+wl)
		}
	}
	n := len(hint.Arrangements)
	if n == 0 || hint.Arrangements[0].Len() == 0 {
		b.text(t.paint(t.heading, t.cut(fmt.Sprintf(" Hint · no melds yet: deadwood %d.", hint.Deadwood), w)))
		n = 0
	} else {
		ways := "the best way"
		if n > 1 {
			ways = fmt.Sprintf("%d equally good ways", n)
		}
		b.text(t.paint(t.heading, t.cut(fmt.Sprintf(" Hint · your melds, %s (deadwood %d):", ways, hint.Deadwood), w)))
	}
	show := min(n, max(h-1-len(advice), 1))
	if show < n {
		show = max(show-1, 1) // room for the "more" line
	}
	for i := 0; i < show; i++ {
		b.text(t.cut(fmt.Sprintf("   %d. %s", i+1, m.arrangementText(hint.Arrangements[i], o.Hand)), w))
	}
	if n > show {
		b.text(t.paint(t.dim, fmt.Sprintf("   … and %d more", n-show)))
	}
	for _, l := range advice {
		b.text(l)
	}
	return b
}

// adviceLines says what the hard player would do and why.
func (m Model) adviceLines(o *gin.Observation, h *Hint) []string {
	t := m.th
	opp := m.names[m.seat.Other()]
	pct := func(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) }
	a := h.Action
	switch a.Kind {
	case gin.TakeDiscard:
		return []string{fmt.Sprintf("Hard would take %s: then discarding %s leaves deadwood %d (now %d).",
			t.ink(h.Top), t.ink(h.TopDiscard), h.WithTop, h.Now)}
	case gin.Pass, gin.DrawStock:
		what := "pass"
		if a.Kind == gin.DrawStock {
			what = "draw from the stock"
		}
		if !h.Top.IsValid() || o.MustStock {
			return []string{fmt.Sprintf("Hard would %s (the only choice).", what)}
		}
		why := fmt.Sprintf("taking %s would leave deadwood %d at best (now %d)", t.ink(h.Top), h.WithTop, h.Now)
		if h.WithTop < h.Now {
			why += ", not enough to show your hand to " + opp
		}
		return []string{fmt.Sprintf("Hard would %s: %s.", what, why)}
	case gin.Discard, gin.Knock:
		verb := "discard"
		if a.Kind == gin.Knock {
			verb = "knock, discarding"
		}
		line := fmt.Sprintf("Hard would %s %s: deadwood after %d; the chance %s could meld it is %s.",
			verb, t.ink(a.Card), h.After, opp, pct(h.Danger))
		if a.Kind == gin.Knock {
			line = fmt.Sprintf("Hard would knock, discarding %s: deadwood %d, within the limit of %d.", t.ink(a.Card), h.After, o.KnockLimit)
			if h.After == 0 {
				line = fmt.Sprintf("Hard would go gin, discarding %s.", t.ink(a.Card))
			}
		}
		out := []string{line}
		var also []string
		if h.Lowest.IsValid() && h.Lowest != a.Card && h.LowestAfter < h.After {
			also = append(also, fmt.Sprintf("the lowest deadwood is %d, discarding %s", h.LowestAfter, t.ink(h.Lowest)))
		}
		if h.Safest.IsValid() && h.Safest != a.Card && a.Kind == gin.Discard && h.SafestDanger < h.Danger-0.005 {
			also = append(also, fmt.Sprintf("the safest loose card is %s (%s; deadwood after %d)", t.ink(h.Safest), pct(h.SafestDanger), h.SafestAfter))
		}
		if len(also) > 0 {
			out = append(out, capital(strings.Join(also, "; "))+".")
		}
		return out
	case gin.BigGin:
		return []string{"Hard would go big gin: all eleven cards meld!"}
	}
	return nil
}

// showdownBody lays out a finished hand: both hands in melds, the
// lay-offs, both deadwood counts, the result and the points.
func (m Model) showdownBody(p *public, w, h int) block {
	t := m.th
	o := &p.obs
	var b block
	b.blank()
	res := o.Result
	if res == nil {
		b.text(" The hand is over.")
		return b
	}
	if res.Kind == gin.DrawResult {
		b.text(t.paint(t.heading, fmt.Sprintf(" Hand %d is a draw", o.HandNumber)))
		b.blank()
		b.text(t.paint(t.strong, fmt.Sprintf(" Your hand · deadwood %d", gin.Deadwood(o.Hand))))
		b.row(m.groupsRow(handGroups(o.Hand), nil))
		b.blank()
	} else {
		sd := res.Showdown
		k, d := res.Knocker, res.Knocker.Other()
		what := fmt.Sprintf("%s knocked with %d", m.subject(k), sd.KnockerDeadwood)
		switch sd.Result {
		case gin.GinResult:
			what = m.subject(k) + " went gin"
		case gin.BigGinResult:
			what = m.subject(k) + " went big gin"
		case gin.UndercutResult:
			what += fmt.Sprintf(" and %s undercut", map[bool]string{true: "got", false: "was"}[d != m.seat])
		}
		b.text(t.paint(t.heading, fmt.Sprintf(" Hand %d · %s", o.HandNumber, what)))
		b.blank()
		b.text(t.paint(t.strong, fmt.Sprintf(" %s laid out · deadwood %d", m.subject(k), sd.KnockerDeadwood)))
		var kg [][]card.Card
		var laid [][]card.Card
		for _, md := range sd.Knocker.Melds() {
			cs := md.Cards()
			gin.SortByRank(cs)
			kg = append(kg, cs)
			var on []card.Card
			for _, l := range sd.Layoffs {
				if l.Onto == md {
					on = append(on, l.Card)
				}
			}
			gin.SortByRank(on)
			laid = append(laid, on)
		}
		if dead := sd.KnockerDeadwoodCards(); dead != 0 {
			cs := dead.Cards()
			gin.SortByRank(cs)
			kg = append(kg, cs)
		}
		b.row(m.groupsRow(kg, laid))
		b.blank()
		head := fmt.Sprintf(" %s · deadwood %d", m.subject(d), sd.DefenderDeadwood)
		if lo := sd.LaidOff(); lo != 0 {
			cs := lo.Cards()
			gin.SortByRank(cs)
			head += fmt.Sprintf(" after laying off %s", t.names(cs))
		}
		b.text(t.paint(t.strong, head))
		b.row(m.groupsRow(groupsOf(sd.Defender, sd.DefenderCards&^sd.LaidOff()), nil))
		b.blank()
	}
	v := m.verdict(res, o.Dealer)
	for _, l := range wrap(v, w-2) {
		if res.Kind != gin.DrawResult && res.Winner == m.seat {
			l = t.paint(t.good, l)
		} else if res.Kind != gin.DrawResult {
			l = t.paint(t.bad, l)
		}
		b.text(" " + l)
	}
	if p.game != nil {
		b.blank()
		b.text(t.paint(t.strong, " That was the last hand: the game is over."))
	}
	b.blank()
	if avail := h - len(b.lines); avail >= 7 {
		sheet := m.scoreSheet(p, scoreWidth, min(avail, panelRows))
		for _, l := range sheet.lines {
			b.text("  " + l)
		}
	} else {
		b.text(m.scoreLine(p))
	}
	return b
}

// groupsRow draws card groups on one line, two spaces apart; laid[i] are
// cards laid off on group i, drawn after it.
func (m Model) groupsRow(groups [][]card.Card, laid [][]card.Card) *row {
	t := m.th
	r := &row{}
	r.space(2)
	for gi, g := range groups {
		if gi > 0 {
			r.space(2)
		}
		for _, c := range g {
			r.put(t.card(c, plainCard))
		}
		if gi < len(laid) && len(laid[gi]) > 0 {
			r.put(t.paint(t.strong, "+"))
			for _, c := range laid[gi] {
				r.put(t.card(c, laidCard))
			}
		}
	}
	return r
}

// scoreLine is the score in one line.
func (m Model) scoreLine(p *public) string {
	o := &p.obs
	me, opp := m.seat, m.seat.Other()
	return fmt.Sprintf(" Score: you %d (%d hand%s won), %s %d (%d hand%s won); the game is to %d.",
		o.Scores[me], o.Boxes[me], plural(o.Boxes[me]), m.names[opp], o.Scores[opp], o.Boxes[opp], plural(o.Boxes[opp]), o.Rules.TargetScore)
}

// gameOverBody is the final score sheet with the bonuses.
func (m Model) gameOverBody(p *public, w, h int) block {
	t := m.th
	var b block
	b.blank()
	g := p.game
	if g == nil {
		b.text(" The game is over.")
		return b
	}
	me, opp := m.seat, m.seat.Other()
	title := fmt.Sprintf(" Game over · you win, %d to %d!", g.Final[me], g.Final[opp])
	if g.Winner != me {
		title = fmt.Sprintf(" Game over · %s wins, %d to %d.", m.names[opp], g.Final[opp], g.Final[me])
	}
	st := t.good
	if g.Winner != me {
		st = t.bad
	}
	b.text(t.paint(st, title))
	b.blank()
	col := func(s string) string { return fmt.Sprintf("%8s", s) }
	lab := func(s string) string { return fmt.Sprintf("  %-30s", t.cut(s, 30)) }
	b.text(t.paint(t.heading, lab("Hand")+col(m.names[me])+col(t.cut(m.names[opp], 8))))
	fixed := 11
	rows := max(h-fixed, 1)
	hist := p.history
	if len(hist) > rows {
		b.text(t.paint(t.dim, lab(fmt.Sprintf("%d earlier hands", len(hist)-(rows-1)))))
		hist = hist[len(hist)-(rows-1):]
	}
	for _, hs := range hist {
		a, c := "", ""
		what := resultName(hs.Kind)
		if hs.Kind != gin.DrawResult {
			what += " · " + m.object(hs.Winner)
			if hs.Winner == me {
				a = fmt.Sprint(hs.Points)
			} else {
				c = fmt.Sprint(hs.Points)
			}
		}
		b.text(lab(fmt.Sprintf("%2d  %s", hs.Number, what)) + col(a) + col(c))
	}
	b.text("  " + t.rule(46))
	b.text(lab("Points from the hands") + col(fmt.Sprint(g.Scores[me])) + col(fmt.Sprint(g.Scores[opp])))
	r := p.obs.Rules
	b.text(lab(fmt.Sprintf("Box bonus (%d a hand won)", r.BoxBonus)) + col(fmt.Sprint(g.BoxBonus[me])) + col(fmt.Sprint(g.BoxBonus[opp])))
	gb := "Game bonus"
	if g.Shutout && r.ShutoutDouble {
		gb += " (shutout: doubled)"
	}
	a, c := "", ""
	if g.Winner == me {
		a = fmt.Sprint(g.GameBonus)
	} else {
		c = fmt.Sprint(g.GameBonus)
	}
	b.text(lab(gb) + col(a) + col(c))
	b.text(t.paint(t.strong, lab("Final score")+col(fmt.Sprint(g.Final[me]))+col(fmt.Sprint(g.Final[opp]))))
	if m.opt.SavePath != "" {
		b.blank()
		// the path whole on its own lines, wrapped at spaces only
		for _, para := range []string{"The game is saved in " + m.opt.SavePath, "Watch it again with: " + m.opt.Command + " replay view " + m.opt.SavePath} {
			for _, l := range wrap(para, w-2) {
				b.text(" " + l)
			}
		}
	}
	return b
}

// gameRule says how the game is won, with its bonuses.
func (m Model) gameRule(r gin.Rules) string {
	s := fmt.Sprintf("The first to %d points wins the game", r.TargetScore)
	var bonus []string
	if r.GameBonus > 0 {
		b := fmt.Sprintf("+%d game bonus", r.GameBonus)
		if r.ShutoutDouble {
			b += " (doubled if the loser won no hand)"
		}
		bonus = append(bonus, b)
	}
	if r.BoxBonus > 0 {
		bonus = append(bonus, fmt.Sprintf("+%d for each hand won", r.BoxBonus))
	}
	if len(bonus) > 0 {
		s += ": " + strings.Join(bonus, ", ")
	}
	return s + "."
}

// helpLines is the help's text, the rules in brief and the keys, wrapped
// to w; its paragraphs are spaced when that fits in h lines.
func (m Model) helpLines(p *public, w, h int) []string {
	t := m.th
	r := p.obs.Rules
	c := func(s string) string {
		cs, _ := card.ParseList(s)
		return t.inks(cs)
	}
	limit := fmt.Sprintf("%d or less", r.KnockLimit)
	if r.Oklahoma {
		limit = "at most the upcard's value (Oklahoma: an ace means gin only; a spade upcard doubles the hand)"
	}
	paras := []string{
		fmt.Sprintf("Make melds: sets of 3 or 4 of a rank (%s) and runs of 3 or more in a suit (%s; the ace is low). Cards in no meld are deadwood: ace 1, two to nine their value, tens and faces 10.", c("7S 7H 7D"), c("4H 5H 6H")),
		"Each turn, draw from the stock or take the top of the discard pile, then discard one card (not the one you just took). At the start the non-dealer, then the dealer, may take the face-up card or pass.",
		fmt.Sprintf("Knock (k) when your deadwood after the discard is %s: the hand ends and the other player lays off cards on your melds. The one with less deadwood scores the difference. No deadwood is gin (+%d); if the other has as little as you, that is an undercut (+%d to them).", limit, r.GinBonus, r.UndercutBonus),
		m.gameRule(r),
		"Keys: pick a card with ← → or its letter, or click it; enter discards it. h shows a hint. The keys for each moment are at the bottom.",
	}
	if t.ascii {
		paras[4] = "Keys: pick a card with the arrow keys or its letter, or click it; enter discards it. h shows a hint. The keys for each moment are at the bottom."
	}
	if m.opt.SavePath != "" {
		paras = append(paras, "The game is saved as you play, in "+m.opt.SavePath+": q quits, and "+m.opt.Command+" play --resume FILE goes on with it later.")
	}
	var wrapped [][]string
	n := 1
	for _, para := range paras {
		ls := wrap(para, w-2)
		wrapped = append(wrapped, ls)
		n += len(ls)
	}
	spaced := n+len(paras) <= h
	var lines []string
	for _, ls := range wrapped {
		if spaced {
			lines = append(lines, "")
		}
		for _, l := range ls {
			lines = append(lines, " "+l)
		}
	}
	return lines
}

// helpBody is the help in h lines under its heading: all of it, or the
// part scrolled to and a line saying there is more.
func (m Model) helpBody(p *public, w, h int) block {
	t := m.th
	var b block
	b.text(t.paint(t.heading, " How to play Gin Rummy"))
	lines := m.helpLines(p, w, h)
	if len(lines) <= h-1 {
		for _, l := range lines {
			b.text(l)
		}
		return b
	}
	// too long for the window: a part of it, scrolled with ↑↓, and a line
	// that says there is more
	rows := max(h-2, 1)
	top := min(max(m.helpTop, 0), len(lines)-rows)
	for _, l := range lines[top : top+rows] {
		b.text(l)
	}
	if below := len(lines) - top - rows; below > 0 {
		b.text(t.paint(t.dim, fmt.Sprintf(" %s %d more line%s: %s or pgdn", t.down(), below, plural(below), t.down())))
	} else {
		b.text(t.paint(t.dim, fmt.Sprintf(" (the end; %s or home goes back up)", t.up())))
	}
	return b
}

// helpRows is how many lines the help's text has on this window, and how
// many of them show at once.
func (m Model) helpRows() (total, shown int) {
	W, H := m.width, m.height
	if W < MinWidth || H < MinHeight {
		return 0, 0
	}
	p := m.public()
	cw, ch := min(W, fullWidth), min(H, maxHeight)
	keys := keyBar(m.th, m.keys(&p), cw)
	body := ch - 1 - len(keys.lines) - 1
	return len(m.helpLines(&p, cw, body)), max(body-2, 1)
}

// helpScrolls reports whether the help is longer than the window.
func (m Model) helpScrolls() bool {
	total, shown := m.helpRows()
	return total > shown+1 // +1: the "more" line's place
}

func (t theme) down() string {
	if t.ascii {
		return "v"
	}
	return "↓"
}

func (t theme) up() string {
	if t.ascii {
		return "^"
	}
	return "↑"
}
