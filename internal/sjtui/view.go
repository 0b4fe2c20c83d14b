package sjtui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
	"felt/table"
)

// asciiOnly replaces the few symbols of the screen's words in ASCII.
var asciiOnly = strings.NewReplacer("·", "-", "…", "~", "←→", "<>", "↑↓", "^v", "★", "*", "→", "->", "←", "<-", "↓", "v", "↑", "^", "×", "x", "▸", ">")

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

// The smallest window the screen is drawn in; below it the screen says the
// window is too small.
const (
	MinWidth  = 60
	MinHeight = 20
)

// size is the window's size (80×24 until the terminal says).
func (m Model) size() (int, int) {
	w, h := m.w, m.h
	if w <= 0 {
		w = 80
	}
	if h <= 0 {
		h = 24
	}
	return w, h
}

// fit cuts or pads a line to w cells.
func fit(s string, w int) string {
	n := ansi.StringWidth(s)
	if n > w {
		return ansi.Truncate(s, w, "…")
	}
	return s
}

// wrap breaks s into lines of at most w cells at spaces, at most n lines
// (the last cut if it must be).
func wrap(s string, w, n int) []string {
	if ansi.StringWidth(s) <= w {
		return []string{s}
	}
	ls := strings.Split(ansi.Wrap(s, w, " "), "\n")
	if len(ls) > n {
		ls[n-1] = ansi.Truncate(ls[n-1]+" "+strings.Join(ls[n:], " "), w, "…")
		ls = ls[:n]
	}
	for i := range ls {
		ls[i] = fit(strings.TrimRight(ls[i], " "), w)
	}
	return ls
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

// tooSmall is the screen of a window smaller than the smallest.
func (m Model) tooSmall(w, h int) []string {
	msg := []string{
		"Shengji",
		fmt.Sprintf("The window is too small (%d×%d): the table needs at least %d×%d.", w, h, MinWidth, MinHeight),
		"Make the window larger, or press q to quit (the game is saved).",
	}
	var lines []string
	for _, l := range msg {
		lines = append(lines, wrap(l, max(w, 1), 3)...)
	}
	lines = m.finish(lines, max(w, 1))
	if h > 0 && len(lines) > h {
		lines = lines[:h]
	}
	return lines
}

// tableWidth is the width the table is drawn in: the window's, up to 90
// cells, so that a wide window keeps the four seats close together.
func tableWidth(w int) int { return min(w, 90) }

// indent moves lines right by n cells.
func indent(lines []string, n int) []string {
	if n <= 0 {
		return lines
	}
	pre := strings.Repeat(" ", n)
	for i, l := range lines {
		if l != "" {
			lines[i] = pre + l
		}
	}
	return lines
}

// layout draws the screen's lines and finds the hand's cards on it. The
// keys, the hand, the status and the table always show whole; the levels
// line, the points line, the happenings and the trick history give way
// in a small window (the table drawn compact first).
func (m Model) layout() ([]string, []spot) {
	w, h := m.size()
	if w < MinWidth || h < MinHeight {
		return m.tooSmall(w, h), nil
	}
	if m.help {
		return m.helpScreen(w, h), nil
	}
	title := fit(m.th.paint(m.th.title, " "+m.titleLine()+" "), w)
	if !m.haveObs {
		lines := []string{title, "", "Waiting for the table…"}
		lines = append(pad(lines, h-len(m.keyLines(w))), m.keyLines(w)...)
		return m.finish(lines, w), nil
	}
	hand, spots := m.handLines(w)
	status := m.statusLines(w)
	keys := m.keyLines(w)
	bottom := len(status) + len(hand) + len(keys)

	tw := tableWidth(w)
	tops := m.topLines(w, title)
	var middle []string
	switch {
	case m.done:
		middle = m.sheetLines(w, h-4-bottom)
	case m.over != nil:
		middle = m.overLines(w)
	case m.calling():
		middle = m.callLines(w)
	case !m.compass():
		// the seats in rows while the table fits with the friend calls
		// shown, else in two columns
		middle = indent(m.seatLines(tw, false), (w-tw)/2)
		if len(tops[len(tops)-2])+len(middle)+bottom > h {
			middle = indent(m.seatLines(tw, true), (w-tw)/2)
		}
	default:
		middle = indent(m.tableLines(tw, false), (w-tw)/2)
		if len(tops[0])+len(middle)+bottom > h {
			middle = indent(m.tableLines(tw, true), (w-tw)/2)
		}
	}
	top := tops[0]
	for _, t := range tops[1:] {
		if len(top)+len(middle)+bottom <= h {
			break
		}
		top = t
	}
	if n := h - len(top) - bottom; len(middle) > n {
		middle = middle[:max(0, n)]
	}

	room := h - len(top) - len(middle) - bottom
	var evs []string
	if m.over != nil && room > 2 {
		// the hand's end: its tricks rather than the happenings
		evs = m.historyLines(w, room)
		room -= len(evs)
	}
	if room > 0 && m.over == nil && !m.done {
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
	for len(lines)+len(hand)+len(keys) < h {
		lines = append(lines, "")
	}
	y0 := len(lines)
	for i := range spots {
		spots[i].y += y0
	}
	lines = append(lines, hand...)
	lines = append(lines, keys...)
	return m.finish(lines, w), spots
}

// finish makes the lines ASCII when the look is (still w cells at most).
func (m Model) finish(lines []string, w int) []string {
	if m.th.ascii {
		for i, l := range lines {
			if l = asciiOnly.Replace(l); ansi.StringWidth(l) > w {
				l = ansi.Truncate(l, w, "~")
			}
			lines[i] = l
		}
	}
	return lines
}

func pad(lines []string, h int) []string {
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines[:h]
}

// topLines are the lines above the table, in the forms they take as they
// give way in a small window, the fullest first. At the standard table:
// the point cards' second line gives way, then the levels, then the
// points; at any other: the attackers' points, then the friend calls'
// second line, then the calls.
func (m Model) topLines(w int, title string) [][]string {
	trump := fit(m.trumpLine(), w)
	if m.compass() {
		levels, points := fit(m.levelsLine(), w), wrap(m.pointsLine(), w, 2)
		return [][]string{
			append([]string{title, trump, levels}, points...),
			{title, trump, levels, points[0]},
			{title, trump, points[0]},
			{title, trump},
		}
	}
	points := fit(m.attackersLine(), w)
	fr := m.friendsLine()
	if fr == "" {
		return [][]string{{title, trump, points}, {title, trump}}
	}
	calls := wrap(fr, w, 2)
	return [][]string{
		append(append([]string{title, trump}, calls...), points),
		append([]string{title, trump}, calls...),
		{title, trump, fit(fr, w)},
		{title, trump},
	}
}

func (m Model) titleLine() string {
	s := "Shengji"
	if m.haveObs {
		if !m.compass() {
			s += fmt.Sprintf(" · %d players", m.players())
		}
		s += fmt.Sprintf(" · hand %d", m.obs.HandNumber)
		if m.obs.Phase == shengji.DealPhase {
			r := m.obs.Rules
			s += fmt.Sprintf(" · dealing %d/%d", m.obs.Dealt, r.DeckSize()-r.KittySize())
			if m.paused {
				s += " (paused)"
			}
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
	case shengji.CallPhase:
		return "calling friends"
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
		if b, ok := o.Bids.Last(); ok {
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
	who := "your team"
	if m.opt.Autoplay {
		who = "South/North"
	}
	return fmt.Sprintf("Levels: %s (seats %d,%d) %s · East/West (seats %d,%d) %s", who, us, us+2, shengji.LevelString(o.Levels[us]),
		them, them+2, shengji.LevelString(o.Levels[them]))
}

// pointsLine gives the attackers' points and the point cards they won.
func (m Model) pointsLine() string {
	o := &m.obs
	if !o.Banker.Valid() {
		return "Attackers: not yet known (the declaring decides the banker)."
	}
	att := o.Banker.Team().Other()
	var won card.Multi
	for _, t := range tricks(o) {
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

// trickView is the trick the table shows: the one being played, or,
// until the next is led, the one just finished; with l, the last one
// finished.
type trickView struct {
	t       shengji.Trick
	have    bool
	label   string
	waiting bool // the trick shown is finished and the next not led yet
}

// shownTrick is the trick the table shows.
func (m Model) shownTrick() trickView {
	ts := tricks(&m.obs)
	var v trickView
	if len(ts) == 0 {
		return v
	}
	n := len(ts)
	if ts[n-1].Count == 0 && n > 1 {
		// until the next trick is led, the one just finished stays
		n, v.waiting = n-1, true
	}
	v.t, v.have = ts[n-1], true
	v.label = fmt.Sprintf("Trick %d", n)
	if m.showLast {
		v.waiting = false
		if v.t.Done() {
			v.label = fmt.Sprintf("Last trick (%d)", n)
		} else if n > 1 {
			v.t = ts[n-2]
			v.label = fmt.Sprintf("Last trick (%d)", n-1)
		} else {
			v.have = false
			v.label = "No trick finished yet"
		}
	}
	return v
}

// played reports whether seat s has played to the trick shown.
func (v *trickView) played(s shengji.Seat) bool { return v.have && !v.t.Plays[s].IsEmpty() }

// turnShown reports whether the table marks s as the seat to act.
func (m Model) turnShown(s shengji.Seat) bool {
	o := &m.obs
	switch o.Phase {
	case shengji.PlayPhase, shengji.BidPhase, shengji.BuryPhase, shengji.CallPhase:
		return o.Turn == s
	}
	return false
}

// tableInfo is the line under the table: the trick shown (who led, who
// won it), the declarations while declaring, the burial being picked.
func (m Model) tableInfo(v trickView) string {
	o := &m.obs
	ord := trumpOf(o).Order()
	info := v.label
	if v.have && v.t.Count > 0 {
		t := &v.t
		info += fmt.Sprintf(", led by %s", m.short(t.Leader))
		if t.Failed() {
			info += fmt.Sprintf(" (a failed throw of %s)", m.th.multi(ord, t.Attempt))
		}
		if t.Done() {
			info += fmt.Sprintf(", won by %s with %d points", m.short(t.Winner), t.Points)
		}
		if v.waiting && o.Phase == shengji.PlayPhase {
			info += fmt.Sprintf("; %s to lead", m.short(o.Turn))
		}
	}
	switch {
	case o.Phase == shengji.DealPhase || o.Phase == shengji.BidPhase:
		info = m.bidsLine()
	case o.Phase == shengji.BuryPhase && o.Banker == m.seat && !m.opt.Autoplay:
		s := m.selected()
		info = fmt.Sprintf("Burying %d of %d cards, %d points: %s", s.Len(), o.Rules.KittySize(), shengji.Points(s), m.th.multi(ord, s))
	case o.Phase == shengji.BuryPhase:
		info = fmt.Sprintf("%s, the banker, is burying %d cards.", capital(m.seatName(o.Banker)), o.Rules.KittySize())
	case o.Phase == shengji.CallPhase:
		info = fmt.Sprintf("%s, the banker, is calling %s.", capital(m.seatName(o.Banker)), plural(o.Rules.Calls(), "friend"))
	}
	return info
}

// tableLines draws the trick: four plays placed by seat, in seven lines,
// or compact in five (North's and South's plays beside their names).
func (m Model) tableLines(w int, compact bool) []string {
	o := &m.obs
	v := m.shownTrick()
	t := &v.t
	ord := trumpOf(o).Order()
	play := func(s shengji.Seat) string {
		if !v.played(s) {
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
		if m.turnShown(s) {
			n = m.th.paint(m.th.turn, "> "+n)
		}
		return n
	}
	east, north, west := m.seat.Next(), m.seat.Partner(), m.seat.Partner().Next()
	var lines []string
	if compact {
		beside := func(s shengji.Seat) string {
			switch p := play(s); {
			case p == "":
				return name(s)
			case v.played(s):
				return name(s) + ": " + p
			default:
				return name(s) + " " + p // (to play)
			}
		}
		lines = []string{
			center(beside(north), w),
			sides(name(west), name(east), w),
			sides(play(west), play(east), w),
			center(beside(m.seat), w),
		}
	} else {
		lines = []string{
			center(name(north), w),
			center(play(north), w),
			sides(name(west), name(east), w),
			sides(play(west), play(east), w),
			center(name(m.seat), w),
			center(play(m.seat), w),
		}
	}
	return append(lines, fit(m.tableInfo(v), w))
}

// historyLines are the hand's finished tricks, the latest first, at most n.
func (m Model) historyLines(w, n int) []string {
	o := &m.obs
	ord := trumpOf(o).Order()
	var out []string
	ts := tricks(o)
	for i := len(ts) - 1; i >= 0 && len(out) < n; i-- {
		t := &ts[i]
		if !t.Done() {
			continue
		}
		if len(out) == 0 {
			out = append(out, m.th.paint(m.th.heading, "Tricks of this hand, the latest first:"))
		}
		var parts []string
		for _, p := range t.InOrder(nil) {
			parts = append(parts, m.tag(p.Seat)+" "+m.th.multi(ord, p.Cards))
		}
		entry := fmt.Sprintf("%2d. %s → %s %d", i+1, strings.Join(parts, ", "), m.tag(t.Winner), t.Points)
		ls := wrap(entry, w-4, 2) // a long trick takes a second line, indented
		for k := 1; k < len(ls); k++ {
			ls[k] = "    " + ls[k]
		}
		if len(out)+len(ls) > n {
			ls = []string{fit(entry, w)}
			if len(out)+1 > n {
				break
			}
		}
		out = append(out, ls...)
	}
	return out
}

// bidsLine lists the declarations shown.
func (m Model) bidsLine() string {
	o := &m.obs
	if o.Bids.Len() == 0 {
		return "No declaration yet."
	}
	ord := trumpOf(o).Order()
	var parts []string
	for _, b := range o.Bids.All() {
		parts = append(parts, fmt.Sprintf("%s %s", m.short(b.Seat), m.th.plain(ord, b.Cards)))
	}
	return "Declarations: " + strings.Join(parts, ", then ")
}

// overLines shows how the hand ended.
func (m Model) overLines(w int) []string {
	if !m.compass() {
		return m.overLinesAny(w)
	}
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
	levels := e.Levels
	if levels[0] == 0 {
		levels = m.obs.Levels
	}
	lines = append(lines, levelChange(sc, levels))
	if e.GameOver {
		who := "East/West"
		if e.Winners == m.seat.Team() {
			who = "your team"
			if m.opt.Autoplay {
				who = "South/North"
			}
		}
		lines = append(lines, m.th.paint(m.th.strong, fmt.Sprintf("The game is over: %s (seats %d,%d) won at %s.", who, e.Winners, e.Winners+2, shengji.LevelString(m.obs.Rules.TopLevel()))))
	} else {
		lines = append(lines, fmt.Sprintf("Next banker: %s.", m.seatName(sc.NextBanker(m.obs.Rules))))
	}
	var out []string
	for _, l := range lines {
		out = append(out, wrap(l, w, 2)...)
	}
	return out
}

// levelChange says who holds the bank next and how its level changes,
// levels being each team's after the hand.
func levelChange(sc shengji.Score, levels [2]card.Rank) string {
	team := sc.Banker.Team()
	who := "The bankers keep the bank"
	if !sc.BankersKeep {
		team, who = team.Other(), "The attackers take the bank"
	}
	to := levels[team]
	switch {
	case sc.LevelsUp == 0:
		return fmt.Sprintf("%s; their level stays %s.", who, shengji.LevelString(to))
	case sc.LevelsUp == 1:
		return fmt.Sprintf("%s and go up 1 level, to %s.", who, shengji.LevelString(to))
	}
	return fmt.Sprintf("%s and go up %d levels, to %s.", who, sc.LevelsUp, shengji.LevelString(to))
}

// sheetLines is the score sheet of every hand.
func (m Model) sheetLines(w, room int) []string {
	lines := []string{m.th.paint(m.th.heading, "The game is over. Score sheet:")}
	if m.doneErr != nil {
		lines[0] = m.th.paint(m.th.bad, "The table stopped: "+m.doneErr.Error())
	}
	anyTable := !m.compass()
	friends := m.obs.Rules.Calls() > 0
	switch {
	case m.result.Over && anyTable:
		lines[0] = m.th.paint(m.th.heading, fmt.Sprintf("The game is over: %s won. Score sheet:", m.seatList(shengji.Seats(m.result.Winners))))
	case m.result.Over:
		who := "East/West"
		if m.result.Winners.Has(table.Seat(m.seat)) {
			who = "Your team"
			if m.opt.Autoplay {
				who = "South/North"
			}
		}
		lines[0] = m.th.paint(m.th.heading, fmt.Sprintf("The game is over: %s won. Score sheet:", who))
	}
	head := "Hand  Banker   Trump    Attackers  Result"
	if friends {
		head = "Hand  Banker   Friends       Trump    Attackers  Result"
	}
	lines = append(lines, head)
	rows, later := m.sheet, 0
	if n := max(3, room-5); len(rows) > n {
		// a long game: n hands at a time, scrolled with ↑ and ↓
		end := len(rows) - min(m.sheetOff, len(rows)-n)
		if end > n {
			lines = append(lines, fmt.Sprintf("… %d earlier hands (↑)", end-n))
		}
		rows, later = rows[end-n:end], len(rows)-end
	}
	for _, r := range rows {
		res := fmt.Sprintf("bankers keep, +%d", r.up)
		switch {
		case !r.keep && r.up == 0:
			res = "attackers take it"
		case !r.keep:
			res = fmt.Sprintf("attackers take it, +%d", r.up)
		}
		tr := "NT"
		if r.trump.IsValid() && !r.trump.IsNoTrump() {
			tr = m.th.suitSym(r.trump.Suit)
		}
		tr += " " + shengji.LevelString(r.trump.Level)
		if friends {
			var fs []string
			for s := range r.friends.All() {
				fs = append(fs, m.tag(s))
			}
			f := strings.Join(fs, ",")
			if f == "" {
				f = "none"
			}
			lines = append(lines, fit(fmt.Sprintf("%4d  %-7s  %-12s  %-7s  %9d  %s", r.hand, m.short(r.banker), f, tr, r.points, res), w))
			continue
		}
		lines = append(lines, fit(fmt.Sprintf("%4d  %-7s  %-7s  %9d  %s", r.hand, m.short(r.banker), tr, r.points, res), w))
	}
	if later > 0 {
		lines = append(lines, fmt.Sprintf("… %d later hands (↓)", later))
	}
	if m.result.Over && anyTable {
		var ls []string
		for s := range shengji.Seat(m.players()) {
			ls = append(ls, m.short(s)+" "+levelOf(m.result.Scores[s]))
		}
		lines = append(lines, wrap("Levels at the end: "+strings.Join(ls, ", ")+".", w, 3)...)
	} else if m.result.Over {
		us := m.seat.Team()
		who := "your team"
		if m.opt.Autoplay {
			who = "South/North"
		}
		lines = append(lines, fmt.Sprintf("Levels at the end: %s (seats %d,%d) %s, East/West (seats %d,%d) %s.",
			who, us, us+2, levelOf(m.result.Scores[us]), us.Other(), us.Other()+2, levelOf(m.result.Scores[us.Other()])))
	}
	for i := range lines {
		lines[i] = fit(lines[i], w)
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

// statusLines are the status (a refusal's reason may take three lines)
// and the hint (as many).
func (m Model) statusLines(w int) []string {
	var out []string
	for _, l := range wrap(m.status, w, 3) {
		if m.statusBad {
			l = m.th.paint(m.th.bad, l)
		}
		out = append(out, l)
	}
	if m.hint != "" {
		out = append(out, wrap(m.hint, w, 3)...)
	}
	return out
}

// handLines draws the hand by groups, trumps first.
func (m Model) handLines(w int) ([]string, []spot) {
	if m.opt.Spectator {
		return []string{fit(m.th.paint(m.th.dim, "A spectator sees no hand: only what the table shows to all."), w)}, nil
	}
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

// keyPart is one key and what it does.
type keyPart struct{ key, what string }

// plain is the part as text.
func (k keyPart) plain() string {
	if k.key == "" {
		return k.what
	}
	return k.key + " " + k.what
}

// keyParts says which keys do what now.
func (m Model) keyParts() []keyPart {
	if m.keys != nil {
		return m.keys
	}
	k := func(key, what string) keyPart { return keyPart{key, what} }
	var parts []keyPart
	pause := func() {
		switch {
		case m.paused:
			parts = append(parts, k("w", "go on dealing"))
		case m.dealing():
			parts = append(parts, k("w", "pause the deal"))
		}
	}
	if m.help {
		pause()
		return append(parts, k("↑↓", "scroll"), k("?/esc", "close the help"), k("q", "quit"))
	}
	switch {
	case m.done:
		if _, h := m.size(); len(m.sheet) > max(3, h-11) {
			parts = append(parts, k("↑↓", "scroll the hands"))
		}
		parts = append(parts, k("q", "quit"))
	case !m.haveObs:
		parts = append(parts, k("q", "quit"))
	case m.over != nil:
		if !m.opt.Autoplay {
			next := "next hand"
			if m.over.GameOver {
				next = "score sheet"
			}
			parts = append(parts, k("enter", next))
		}
		parts = append(parts, k("q", "quit"))
	case m.opt.Autoplay:
		pause()
		parts = append(parts, k("l", "last trick"), k("q", "quit"))
	default:
		ord := trumpOf(&m.obs).Order()
		ds := m.declarations()
		for i, d := range ds {
			if i >= 10 {
				break
			}
			what := "bid " + m.th.plain(ord, d.Cards)
			if r, _, _ := shengji.DeclarationRank(d.Cards, m.obs.Level); r >= shengji.BidSmallJokers {
				what += " (no trump)"
			}
			parts = append(parts, k(fmt.Sprint((i+1)%10), what))
		}
		switch {
		case m.pending != nil && m.obs.Phase == shengji.BidPhase:
			parts = append(parts, k("p", "pass"))
		case m.pending != nil && m.obs.Phase == shengji.BuryPhase:
			parts = append(parts, k("←→", "move"), k("space/click", "pick"), k("enter", fmt.Sprintf("bury %d", m.obs.Rules.KittySize())), k("h", "hint"))
		case m.calling():
			parts = append(parts, k("←→↑↓", "card"), k(fmt.Sprintf("1-%d", m.call.packs), "copy"))
			if m.call.n > 1 {
				parts = append(parts, k("tab", "next call"))
			}
			parts = append(parts, k("enter", "call"), k("r", "suggested"), k("h", "hint"))
		case m.pending != nil && m.obs.Phase == shengji.PlayPhase:
			parts = append(parts, k("←→", "move"), k("space/click", "select"), k("u", "pair/tractor"), k("enter", "play"), k("h", "hint"), k("l", "last"))
		case m.obs.Phase == shengji.DealPhase && len(ds) == 0:
			parts = append(parts, k("", "no declaration to make now"))
		}
		switch {
		case m.obs.Phase == shengji.DealPhase:
			pause()
		case m.obs.Phase == shengji.PlayPhase && m.pending == nil:
			parts = append(parts, k("l", "last trick"))
		}
		parts = append(parts, k("q", "quit"))
	}
	// the rules' help, just before quit (always the last key)
	return append(parts[:len(parts)-1:len(parts)-1], k("?", "rules"), parts[len(parts)-1])
}

// keyLines are the keys, on as many lines as the window's width needs,
// a key never split from what it does.
func (m Model) keyLines(w int) []string {
	var lines []string
	line, n := "", 0
	for _, p := range m.keyParts() {
		key := p.key
		if m.th.ascii {
			key = asciiOnly.Replace(key)
		}
		text := p.what
		if key != "" {
			text = m.th.paint(m.th.key, key) + " " + p.what
		}
		pw := ansi.StringWidth(key) + 1 + ansi.StringWidth(p.what)
		if key == "" {
			pw = ansi.StringWidth(p.what)
		}
		if n > 0 && n+2+pw > w {
			lines = append(lines, line)
			line, n = "", 0
		}
		if n > 0 {
			line += "  "
			n += 2
		}
		line += text
		n += pw
	}
	return append(lines, fit(line, w))
}
