package sjtui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
)

// asciiOnly replaces the few symbols of the screen's words in ASCII.
var asciiOnly = strings.NewReplacer("·", "-", "…", "~", "←→", "<>", "★", "*", "→", "->")

// spot is where a card of the hand is on the screen.
type spot struct{ i, x, y int }

// View draws the screen.
func (m Model) View() tea.View {
	v := tea.NewView(m.Render())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// Render draws the screen as text.
func (m Model) Render() string {
	lines, _ := m.layout()
	return strings.Join(lines, "\n")
}

// cardSpots returns where each card of the hand is drawn.
func (m Model) cardSpots() []spot {
	_, s := m.layout()
	return s
}

// size is the screen's size, at least 80×24.
func (m Model) size() (int, int) { return max(m.w, 80), max(m.h, 24) }

// fit cuts or pads a line to w cells.
func fit(s string, w int) string {
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// center centres s in w cells.
func center(s string, w int) string {
	n := ansi.StringWidth(s)
	if n >= w {
		return fit(s, w)
	}
	return strings.Repeat(" ", (w-n)/2) + s
}

// sides puts a on the left and b on the right of w cells.
func sides(a, b string, w int) string {
	half := w/2 - 1
	a, b = fit(a, half), fit(b, half)
	gap := w - ansi.StringWidth(a) - ansi.StringWidth(b)
	return a + strings.Repeat(" ", max(1, gap)) + b
}

// layout draws the screen's lines and finds the hand's cards on it.
func (m Model) layout() ([]string, []spot) {
	w, h := m.size()
	if m.w > 0 && m.w < 80 {
		w = m.w
	}
	if m.h > 0 && m.h < 24 {
		h = m.h
	}
	var top []string
	top = append(top, fit(m.th.paint(m.th.title, " "+m.titleLine()+" "), w))
	if !m.haveObs {
		top = append(top, "", "Waiting for the table…")
		return pad(top, h), nil
	}
	top = append(top, fit(m.trumpLine(), w), fit(m.levelsLine(), w), fit(m.pointsLine(), w))

	var middle []string
	switch {
	case m.done:
		middle = m.sheetLines(w, h-len(top)-4)
	case m.over != nil:
		middle = m.overLines(w)
	default:
		middle = m.tableLines(w)
	}

	// the bottom: events, status, the hand and the keys
	hand, spots := m.handLines(w)
	status := m.statusLines(w)
	keys := fit(m.keysLine(), w)

	room := h - len(top) - len(middle) - len(status) - len(hand) - 1
	var evs []string
	if room > 0 {
		n := min(room, len(m.events))
		for _, e := range m.events[len(m.events)-n:] {
			evs = append(evs, fit(m.th.paint(m.th.dim, e), w))
		}
	}
	if room -= len(evs); room > 2 && m.over == nil && !m.done {
		// a larger window: the hand's finished tricks, the latest first
		evs = append(evs, m.historyLines(w, room-1)...)
	}
	lines := append(append(append([]string{}, top...), middle...), evs...)
	lines = append(lines, status...)
	for len(lines)+len(hand)+1 < h {
		lines = append(lines, "")
	}
	y0 := len(lines)
	for i := range spots {
		spots[i].y += y0
	}
	lines = append(lines, hand...)
	lines = append(lines, keys)
	if len(lines) > h {
		// a very small window: keep the top and the keys
		lines = append(lines[:h-1], keys)
	}
	if m.th.ascii {
		for i, l := range lines {
			lines[i] = asciiOnly.Replace(l)
		}
	}
	return lines, spots
}

func pad(lines []string, h int) []string {
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines[:h]
}

func (m Model) titleLine() string {
	s := "Shengji"
	if m.haveObs {
		s += fmt.Sprintf(" · hand %d", m.obs.HandNumber)
		if m.obs.Phase == shengji.DealPhase {
			s += fmt.Sprintf(" · dealing %d/%d", m.obs.Dealt, shengji.DealSize)
		} else {
			s += " · " + phaseName(m.obs.Phase)
		}
	}
	if m.opt.Watch != "" {
		s += " · " + m.opt.Watch
	} else if m.opt.Autoplay {
		s += " · watching (autoplay)"
	} else {
		s += fmt.Sprintf(" · you are seat %d", m.seat)
	}
	return s
}

func phaseName(p shengji.Phase) string {
	switch p {
	case shengji.BidPhase:
		return "declaring"
	case shengji.BuryPhase:
		return "burying the kitty"
	case shengji.PlayPhase:
		return "playing"
	case shengji.OverPhase:
		return "hand over"
	}
	return p.String()
}

func (m Model) trumpLine() string {
	o := &m.obs
	tr := "no trump suit"
	if o.Trump.IsValid() && !o.Trump.IsNoTrump() {
		tr = m.th.suitName(o.Trump.Suit)
	}
	settled := o.Phase != shengji.DealPhase && o.Phase != shengji.BidPhase
	if !settled {
		if o.NBids > 0 {
			b := o.Bids[o.NBids-1]
			tr = fmt.Sprintf("%s (declared by %s: %s)", tr, m.short(b.Seat), m.th.plain(trumpOf(o).Order(), b.Cards))
		} else {
			tr += " yet"
		}
	}
	banker := "not yet known"
	if o.Banker.Valid() {
		banker = m.short(o.Banker)
	}
	return fmt.Sprintf("Level %s · trumps: %s · banker: %s", shengji.LevelString(o.Level), tr, banker)
}

func (m Model) levelsLine() string {
	o := &m.obs
	us, them := m.seat.Team(), m.seat.Team().Other()
	who := "Your team"
	if m.opt.Autoplay {
		who = "South/North"
	}
	s := fmt.Sprintf("%s (seats %d,%d) at %s · East/West at %s", who, m.seat, m.seat.Partner(), shengji.LevelString(o.Levels[us]), shengji.LevelString(o.Levels[them]))
	if !m.opt.Autoplay {
		s += fmt.Sprintf(" · your partner: seat %d", m.seat.Partner())
	}
	return s
}

// pointsLine gives the attackers' points and the point cards they won.
func (m Model) pointsLine() string {
	o := &m.obs
	if !o.Banker.Valid() {
		return "Attackers: not yet known (the declaring decides the banker)."
	}
	att := o.Banker.Team().Other()
	var won card.Multi
	for i := range o.NTricks {
		t := &o.Tricks[i]
		if !t.Done() || t.Winner.Team() != att {
			continue
		}
		for _, p := range t.Plays {
			for c := range p.All() {
				if isPoint(c) {
					_ = won.Add(c)
				}
			}
		}
	}
	names := "East/West"
	if att == m.seat.Team() {
		names = "your team"
		if m.opt.Autoplay {
			names = "South/North"
		}
	}
	s := fmt.Sprintf("Attackers (%s): %d points", names, o.TeamPoints[att]+o.Penalty)
	if !won.IsEmpty() {
		s += ": " + m.th.multi(trumpOf(o).Order(), won)
	}
	return s
}

func isPoint(c card.Card) bool {
	r := c.Rank()
	return r == card.Five || r == card.Ten || r == card.King
}

// tableLines draws the trick: four plays placed by seat.
func (m Model) tableLines(w int) []string {
	o := &m.obs
	var t shengji.Trick
	have := false
	label := ""
	if o.NTricks > 0 {
		t, have = o.Tricks[o.NTricks-1], true
		label = fmt.Sprintf("Trick %d", o.NTricks)
		if m.showLast {
			if t.Done() {
				label = fmt.Sprintf("Last trick (%d)", o.NTricks)
			} else if o.NTricks > 1 {
				t = o.Tricks[o.NTricks-2]
				label = fmt.Sprintf("Last trick (%d)", o.NTricks-1)
			} else {
				have = false
				label = "No trick finished yet"
			}
		}
	}
	ord := trumpOf(o).Order()
	play := func(s shengji.Seat) string {
		if !have || t.Plays[s].IsEmpty() {
			if o.Phase == shengji.PlayPhase && o.Turn == s && !m.showLast {
				return m.th.paint(m.th.turn, "(to play)")
			}
			return ""
		}
		p := m.th.multi(ord, t.Plays[s])
		if t.Done() && t.Winner == s {
			p += m.th.paint(m.th.strong, " ★")
			if m.th.ascii {
				p = strings.TrimSuffix(p, " ★") + " *"
			}
		}
		return p
	}
	name := func(s shengji.Seat) string {
		n := fmt.Sprintf("%s (seat %d): %d cards", m.short(s), s, o.Counts[s])
		if o.Counts[s] == 1 {
			n = strings.TrimSuffix(n, "s")
		}
		if s == o.Banker {
			n += ", banker"
		}
		if (o.Phase == shengji.PlayPhase || o.Phase == shengji.BidPhase || o.Phase == shengji.BuryPhase) && o.Turn == s {
			n = m.th.paint(m.th.turn, "> "+n)
		}
		return n
	}
	east, north, west := m.seat.Next(), m.seat.Partner(), m.seat.Partner().Next()
	lines := []string{
		center(name(north), w),
		center(play(north), w),
		sides(name(west), name(east), w),
		sides(play(west), play(east), w),
		center(name(m.seat), w),
		center(play(m.seat), w),
	}
	info := label
	if have && t.Count > 0 {
		info += fmt.Sprintf(", led by %s", m.short(t.Leader))
		if t.Failed() {
			info += fmt.Sprintf(" (a failed throw of %s)", m.th.multi(ord, t.Attempt))
		}
		if t.Done() {
			info += fmt.Sprintf(", won by %s with %d points", m.short(t.Winner), t.Points)
		}
	}
	if o.Phase == shengji.DealPhase || o.Phase == shengji.BidPhase {
		info = m.bidsLine()
	}
	if o.Phase == shengji.BuryPhase && o.Banker == m.seat && !m.opt.Autoplay {
		s := m.selected()
		info = fmt.Sprintf("Burying %d of 8 cards, %d points: %s", s.Len(), shengji.Points(s), m.th.multi(ord, s))
	}
	lines = append(lines, fit(info, w))
	return lines
}

// historyLines are the hand's finished tricks, the latest first, at most n.
func (m Model) historyLines(w, n int) []string {
	o := &m.obs
	ord := trumpOf(o).Order()
	var out []string
	for i := o.NTricks - 1; i >= 0 && len(out) < n; i-- {
		t := &o.Tricks[i]
		if !t.Done() {
			continue
		}
		if len(out) == 0 {
			out = append(out, m.th.paint(m.th.heading, "Tricks of this hand, the latest first:"))
		}
		var parts []string
		s := t.Leader
		for range shengji.NumSeats {
			parts = append(parts, m.short(s)+" "+m.th.multi(ord, t.Plays[s]))
			s = s.Next()
		}
		out = append(out, fit(fmt.Sprintf("%2d. %s → %s %d", i+1, strings.Join(parts, ", "), m.short(t.Winner), t.Points), w))
	}
	return out
}

// bidsLine lists the declarations shown.
func (m Model) bidsLine() string {
	o := &m.obs
	if o.NBids == 0 {
		return "No declaration yet."
	}
	ord := trumpOf(o).Order()
	var parts []string
	for _, b := range o.Bids[:o.NBids] {
		parts = append(parts, fmt.Sprintf("%s %s", m.short(b.Seat), m.th.plain(ord, b.Cards)))
	}
	return "Declarations: " + strings.Join(parts, ", then ")
}

// overLines shows how the hand ended.
func (m Model) overLines(w int) []string {
	e := m.over
	sc := e.Score
	ord := sc.Trump.Order()
	if ord == nil {
		ord = trumpOf(&m.obs).Order()
	}
	att := sc.Banker.Team().Other()
	var lines []string
	lines = append(lines, m.th.paint(m.th.heading, fmt.Sprintf("Hand %d is over.", e.Hand)))
	lines = append(lines, fmt.Sprintf("Kitty buried by %s: %s (%d points)", m.short(sc.Banker), m.th.multi(ord, e.Kitty), sc.KittyPoints))
	mult := "the bankers won the last trick: the kitty does not count"
	if sc.KittyMultiplier > 0 {
		mult = fmt.Sprintf("the attackers won the last trick: kitty × %d = %d", sc.KittyMultiplier, sc.KittyPoints*sc.KittyMultiplier)
	}
	lines = append(lines, "Multiplier: "+mult)
	lines = append(lines, fmt.Sprintf("Attackers (seats %d,%d): %d in tricks, %d in all", att, att+2, sc.TrickPoints, sc.AttackerPoints))
	if sc.Penalty != 0 {
		lines = append(lines, fmt.Sprintf("Throw penalties: %d", sc.Penalty))
	}
	if sc.BankersKeep {
		lines = append(lines, fmt.Sprintf("The bankers keep the bank and go up %d level(s).", sc.LevelsUp))
	} else {
		lines = append(lines, fmt.Sprintf("The attackers take the bank and go up %d level(s).", sc.LevelsUp))
	}
	if e.GameOver {
		lines = append(lines, m.th.paint(m.th.strong, fmt.Sprintf("The game is over: team %d (seats %d,%d) won.", e.Winners, e.Winners, e.Winners+2)))
	} else {
		next := sc.Banker.Partner()
		if !sc.BankersKeep {
			next = sc.Banker.Next()
		}
		lines = append(lines, fmt.Sprintf("Next banker: %s.", m.seatName(next)))
	}
	for i := range lines {
		lines[i] = fit(lines[i], w)
	}
	return lines
}

// sheetLines is the score sheet of every hand.
func (m Model) sheetLines(w, room int) []string {
	lines := []string{m.th.paint(m.th.heading, "The game is over. Score sheet:")}
	if m.doneErr != nil {
		lines[0] = m.th.paint(m.th.bad, "The table stopped: "+m.doneErr.Error())
	}
	if m.result.Over {
		who := "East/West"
		if shengji.Team(m.result.Winner) == m.seat.Team() {
			who = "Your team"
			if m.opt.Autoplay {
				who = "South/North"
			}
		}
		lines[0] = m.th.paint(m.th.heading, fmt.Sprintf("The game is over: %s won. Score sheet:", who))
	}
	lines = append(lines, "Hand  Banker   Trump    Attackers  Result")
	rows := m.sheet
	if n := max(3, room-4); len(rows) > n {
		lines = append(lines, fmt.Sprintf("… %d earlier hands", len(rows)-n+1))
		rows = rows[len(rows)-n+1:]
	}
	for _, r := range rows {
		res := fmt.Sprintf("bankers keep, +%d", r.up)
		if !r.keep {
			res = fmt.Sprintf("attackers take the bank, +%d", r.up)
		}
		lines = append(lines, fit(fmt.Sprintf("%4d  %-7s  %-7s  %9d  %s", r.hand, m.short(r.banker), r.trump.String(), r.points, res), w))
	}
	if m.result.Over {
		lines = append(lines, fmt.Sprintf("Levels at the end: team 0 %s, team 1 %s.", levelOf(m.result.Scores[0]), levelOf(m.result.Scores[1])))
	}
	return lines
}

func levelOf(n int) string {
	if n == 14 {
		return "A"
	}
	if n >= 2 && n <= 13 {
		return shengji.LevelString(card.Rank(n))
	}
	return fmt.Sprint(n)
}

func (m Model) statusLines(w int) []string {
	st := m.status
	if m.statusBad {
		st = m.th.paint(m.th.bad, st)
	}
	var out []string
	if ansi.StringWidth(st) > w {
		// a long reason takes two lines
		wr := strings.Split(ansi.Wordwrap(st, w, " "), "\n")
		for _, l := range wr[:min(2, len(wr))] {
			out = append(out, fit(l, w))
		}
	} else {
		out = append(out, fit(st, w))
	}
	if m.hint != "" {
		out = append(out, fit(m.hint, w))
	}
	return out
}

// handLines draws the hand by groups, trumps first.
func (m Model) handLines(w int) ([]string, []spot) {
	o := &m.obs
	ord := trumpOf(o).Order()
	var lines []string
	var spots []spot
	i := 0
	for _, g := range units(o) {
		label := "Tr "
		if g[0].Group != shengji.Trumps {
			label = m.th.suitSym(card.Suit(g[0].Group)) + "  "
		}
		line, x := label, 3
		for _, u := range g {
			cs := unitCards(ord, u)
			wu := 3*len(cs) + 1
			if x+wu > w {
				lines = append(lines, line)
				line, x = "   ", 3
			}
			for k, c := range cs {
				mark := " "
				if k > 0 {
					mark = "-" // a pair's or a tractor's cards are joined
				}
				sel := i < len(m.sel) && m.sel[i]
				if sel {
					mark = "*"
				}
				if i == m.cursor && !m.opt.Autoplay {
					if m.th.ascii {
						mark = ">"
						if sel {
							mark = "+"
						}
					}
				}
				face := m.th.cardText(c)
				switch {
				case sel:
					face = m.th.paint(m.th.selected, m.th.face(c))
				case i == m.cursor && !m.opt.Autoplay:
					face = m.th.paint(m.th.cursor, m.th.face(c))
				}
				spots = append(spots, spot{i: i, x: x, y: len(lines)})
				line += mark + face
				x += 3
				i++
			}
			line += " "
			x++
		}
		lines = append(lines, line)
	}
	return lines, spots
}

// keysText is a replay's keys line, in ASCII when the look is.
func (m Model) keysText() string {
	if m.th.ascii {
		return strings.NewReplacer("→", "->", "←", "<-").Replace(m.keys)
	}
	return m.keys
}

// keysLine says which keys do what now.
func (m Model) keysLine() string {
	k := func(key, what string) string { return m.th.paint(m.th.key, key) + " " + what }
	if m.keys != "" {
		return m.keysText()
	}
	var parts []string
	switch {
	case m.done:
		parts = append(parts, k("q", "quit"))
	case m.over != nil:
		if !m.opt.Autoplay {
			parts = append(parts, k("enter", "next hand"))
		}
		parts = append(parts, k("q", "quit"))
	case m.opt.Autoplay:
		parts = append(parts, k("l", "last trick"), k("q", "quit"))
	default:
		ord := trumpOf(&m.obs).Order()
		ds := m.declarations()
		for i, d := range ds {
			if i >= 9 {
				break
			}
			what := "bid " + m.th.plain(ord, d.Cards)
			if r, _, _ := shengji.DeclarationRank(d.Cards, m.obs.Level); r >= shengji.BidSmallJokers {
				what += " (no trump)"
			}
			parts = append(parts, k(fmt.Sprint(i+1), what))
		}
		switch {
		case m.pending != nil && m.obs.Phase == shengji.BidPhase:
			parts = append(parts, k("p", "pass"))
		case m.pending != nil && m.obs.Phase == shengji.BuryPhase:
			parts = append(parts, k("←→", "move"), k("space", "pick"), k("enter", "bury 8"), k("h", "hint"))
		case m.pending != nil && m.obs.Phase == shengji.PlayPhase:
			parts = append(parts, k("←→", "move"), k("space", "select"), k("u", "pair/tractor"), k("enter", "play"), k("h", "hint"), k("l", "last"))
		case m.obs.Phase == shengji.DealPhase && len(ds) == 0:
			parts = append(parts, "no declaration to make now")
		case m.obs.Phase == shengji.PlayPhase:
			parts = append(parts, k("l", "last trick"))
		}
		parts = append(parts, k("q", "quit"))
	}
	s := strings.Join(parts, "  ")
	if m.th.ascii {
		s = strings.ReplaceAll(s, "←→", "<>")
	}
	return s
}
